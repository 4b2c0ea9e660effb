#pragma once
// One batch of sequences folded to minimum free energy where the run says (rna::fold_mfe_many:
// the device in one batch, or every CPU thread), the first failure thrown.
#include <string>
#include <vector>

#include "tropic/core/run_options.hpp"
#include "tropic/rna/energy_params.hpp"
#include "tropic/rna/mfe.hpp"

namespace tropic::mirna::detail {

// sequences: upper-case RNA. Throws the error of the first sequence that could not be folded
// (a ResourceError: windows and hairpins are short).
[[nodiscard]] std::vector<rna::MfeResult> fold_batch(const std::vector<std::string>& sequences,
                                                     const rna::EnergyParams& energy,
                                                     const rna::MfeParams& mfe,
                                                     const RunOptions& run);

}  // namespace tropic::mirna::detail
