#pragma once
// cn.mops' whole pipeline from a count matrix: normalisation, the local models, segmentation,
// calls, CNV regions and integer copy numbers, one reference sequence at a time: memory holds one
// sequence's windows for all samples, never the whole cohort (except with norm = 2, whose
// coverage estimate needs every sample's counts whole; docs/cnv.md).
#include <string>
#include <vector>

#include "tropic/cnv/cnmops_params.hpp"
#include "tropic/cnv/cnv_result.hpp"
#include "tropic/cnv/count_matrix.hpp"
#include "tropic/core/run_options.hpp"

namespace tropic::cnv {

struct PipelineSummary {
    std::size_t windows = 0;
    std::size_t sequences = 0;
    std::size_t cnvs = 0;
    std::size_t regions = 0;
    std::vector<std::string> warnings;  // cn.mops' warnings, in its words where it has them
    // Wall seconds of each stage over all sequences (the first pass is `scan`).
    struct Stages {
        double scan = 0, normalize = 0, model = 0, segment = 0, call = 0, write = 0;
    } seconds;
};

// Cohort and exome modes (params.method == Method::Cohort): every sample of `source`.
// Reference mode (Method::Reference): `controls[s]` marks the control samples; the others are
// the cases, which alone are modelled, segmented and reported (referencecn.mops). Throws
// InputError for parameters out of range (check_cnmops_params) and input cn.mops refuses (fewer
// than 2 samples, a sample without reads, no controls or no cases in reference mode), and
// ResourceError when one sequence does not fit memory.
PipelineSummary run_cnmops(CountSource& source, const CnmopsParams& params, CnvSink& sink,
                           const RunOptions& run, const std::vector<bool>& controls = {});

}  // namespace tropic::cnv
