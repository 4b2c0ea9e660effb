// The ranges of cn.mops' parameters, as cn.mops enforces them or its documentation states them
// (cn.mops 1.53: man/cn.mops.Rd and R/cn.mops.R; segment()'s in R/segment.R; DNAcopy's
// segment() for the CBS options). docs/cnv.md lists them.
#include <fmt/format.h>

#include <cmath>

#include "cnv/model/model_constants.hpp"
#include "tropic/cnv/cnmops_params.hpp"
#include "tropic/core/error.hpp"

namespace tropic::cnv {

namespace {

template <typename T>
void require(bool in_range, const char* what, T value) {
    if (!in_range) throw InputError(fmt::format("cnv: {}, not {}", what, value));
}

bool between(double value, double low, double high) {
    return value >= low && value <= high;
}

bool whole(double value) {
    return std::isfinite(value) && value == std::floor(value);
}

}  // namespace

void check_cnmops_params(const CnmopsParams& p) {
    detail::check_model_shape(p);  // I, classes and cyc
    require(p.prior_impact > 0 && std::isfinite(p.prior_impact),
            "--prior-impact (priorImpact) must be a positive number", p.prior_impact);
    require(p.norm >= 0 && p.norm <= 2, "--norm (norm) must be 0, 1 or 2", p.norm);
    require(between(p.norm_quantile, 0, 1), "--norm-quantile (normQu) must be between 0 and 1",
            p.norm_quantile);
    require(between(p.size_factor_quantile, 0, 1),
            "--size-factor-quantile (quSizeFactor) must be between 0 and 1",
            p.size_factor_quantile);
    require(p.upper_threshold > 0 && std::isfinite(p.upper_threshold),
            "--upper-threshold (upperThreshold) must be a positive number", p.upper_threshold);
    require(p.lower_threshold < 0 && std::isfinite(p.lower_threshold),
            "--lower-threshold (lowerThreshold) must be a negative number", p.lower_threshold);
    require(p.min_width >= 1, "--min-width (minWidth) must be at least 1", p.min_width);
    require(std::isfinite(p.min_read_count),
            "--min-read-count (minReadCount) must be a finite number", p.min_read_count);
    require((p.seg_alpha > 0 && p.seg_alpha < 1) || (whole(p.seg_alpha) && p.seg_alpha >= 1),
            "--seg-alpha (segment()'s alpha) must be a share of the candidate breakpoints "
            "between 0 and 1, or a whole number of them",
            p.seg_alpha);
    require(p.seg_delta >= 1, "segment()'s delta must be at least 1", p.seg_delta);
    require(std::isfinite(p.seg_cyber_weight), "segment()'s cyberWeight must be a finite number",
            p.seg_cyber_weight);
    require(p.cbs_alpha > 0 && p.cbs_alpha < 1,
            "--cbs-alpha (DNAcopy's alpha) must be between 0 and 1 (both excluded)", p.cbs_alpha);
    require(p.cbs_permutations >= 1, "--cbs-permutations (DNAcopy's nperm) must be at least 1",
            p.cbs_permutations);
}

}  // namespace tropic::cnv
