#pragma once
// cn.mops' whole pipeline from a count matrix: normalisation, the local models, segmentation,
// calls, CNV regions and integer copy numbers, one reference sequence at a time (memory holds
// one sequence's windows for all samples, never the whole cohort).
#include "tropic/cnv/cnmops_params.hpp"
#include "tropic/cnv/cnv_result.hpp"
#include "tropic/cnv/count_matrix.hpp"
#include "tropic/core/run_options.hpp"

namespace tropic::cnv {

// Cohort and exome modes: every sample of `source`. Throws InputError for matrices cn.mops
// refuses (fewer than 2 samples, a sample without reads, negative or non-finite counts).
void run_cnmops(CountSource& source, const CnmopsParams& params, CnvSink& sink,
                const RunOptions& run);

// referencecn.mops: the cases of `cases` against the controls of `controls`, whose windows must
// be the same.
void run_referencecnmops(CountSource& cases, CountSource& controls, const CnmopsParams& params,
                         CnvSink& sink, const RunOptions& run);

}  // namespace tropic::cnv
