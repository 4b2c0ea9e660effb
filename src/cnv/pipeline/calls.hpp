#pragma once
// From one sequence's segments to cn.mops' calls: the individual calls per window, the CNVs, the
// CNV regions and the integer copy numbers (calcIntegerCopyNumbers).
#include <vector>

#include "tropic/cnv/cnmops_params.hpp"
#include "tropic/cnv/cnv_result.hpp"
#include "tropic/core/run_options.hpp"

namespace tropic::cnv::detail {

// Fills result.individual_call, result.cnvs (segments passing the thresholds and minWidth) and
// result.regions from result.segments (ordered by sample, then start). `min_width` is the width
// cn.mops filters with (minWidth, at most 5 for DNAcopy segmentation).
void call_cnvs(SequenceResult& result, const CnmopsParams& params, int min_width);

// calcIntegerCopyNumbers for one sequence: the model refitted on each CNV's mean normalised
// counts (inner windows only when it spans three or more) gives its class; other segments get
// CN2; then CN2 segments and CNVs beyond the thresholds become CN3 or CN1; each region takes the
// class of each sample's first CNV in it. `coverage` is cn.mops' cov of the modelled samples,
// `reference_lambda` the controls' expected count per window (reference mode; else empty).
void assign_integer_copy_numbers(SequenceResult& result, const CnmopsParams& params,
                                 const std::vector<double>& coverage,
                                 const std::vector<double>& reference_lambda,
                                 const RunOptions& run);

}  // namespace tropic::cnv::detail
