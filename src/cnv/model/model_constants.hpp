#pragma once
// ModelConstants from CnmopsParams: the fold changes, their logs, cn.mops' initial alpha and its
// prior, for the cohort or the reference method.
#include "cnv/model/window_em.hpp"
#include "tropic/cnv/cnmops_params.hpp"

namespace tropic::cnv::detail {

// Throws InputError for classes cn.mops would refuse (no CN2, lengths differ, more than
// kMaxClasses, a fold change that is not positive, fewer than one cycle).
void check_model_shape(const CnmopsParams& params);

// The constants of `params`, checked by check_model_shape.
[[nodiscard]] ModelConstants make_model_constants(const CnmopsParams& params);

}  // namespace tropic::cnv::detail
