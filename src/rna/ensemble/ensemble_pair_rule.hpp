#pragma once
// Which pairs may form in the ensemble, before constraints: one rule for the host's setup
// (ensemble_setup.cpp) and for the device, which builds the mask of a batch's records itself
// (cuda/ensemble_pair_mask.cu) instead of receiving n x n bytes a record.
#include <cstdint>

#include "rna/ensemble/ensemble_model.hpp"
#include "tropic/core/host_device.hpp"
#include "tropic/rna/energy_params.hpp"

namespace tropic::rna::detail {

// (i,j) of n bases (i < j) may pair: canonical, enclosing a hairpin of at least
// kEnsembleMinHairpin bases, spanning at most max_bp_span bases (< 0: any), and with
// no_lonely_pairs only when a neighbouring pair could stack on it ((i-1,j+1) or (i+1,j-1)
// canonical, the outer one within the span), as RNAfold -p decides.
TROPIC_HOST_DEVICE inline bool ensemble_pair_may_form(const std::uint8_t* sequence, int n, int i,
                                                      int j, int max_bp_span,
                                                      bool no_lonely_pairs) {
    auto span_ok = [&](int a, int b) { return max_bp_span < 0 || b - a + 1 <= max_bp_span; };
    auto canonical = [&](int a, int b) {
        return a >= 0 && b < n && b - a > kEnsembleMinHairpin &&
               pair_type(sequence[a], sequence[b]) != 0;
    };
    if (!canonical(i, j) || !span_ok(i, j)) return false;
    if (!no_lonely_pairs) return true;
    return (canonical(i - 1, j + 1) && span_ok(i - 1, j + 1)) || canonical(i + 1, j - 1);
}

}  // namespace tropic::rna::detail
