#pragma once
// fold_mfe_many's work for a caller that has already refused some of the records (the ensemble
// places its records before their MFE is folded).
#include <cstdint>
#include <vector>

#include "tropic/core/outcome.hpp"
#include "tropic/core/run_options.hpp"
#include "tropic/rna/energy_params.hpp"
#include "tropic/rna/mfe.hpp"
#include "tropic/rna/structure_constraint.hpp"

namespace tropic::rna::detail {

// Folds the records whose outcome is still open, as fold_mfe_many does; the others stay as they
// are.
void fold_open_mfe_records(const std::vector<std::vector<std::uint8_t>>& sequences,
                           const EnergyParams& params, const MfeParams& mfe_params,
                           const RunOptions& run,
                           const std::vector<StructureConstraint>* constraints,
                           std::vector<Outcome<MfeResult>>& outcomes);

}  // namespace tropic::rna::detail
