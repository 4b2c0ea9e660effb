#pragma once
// Plain reference MFE fold, used only by tests. It decomposes a multiloop by its first helix
// (rather than mfe.hpp's FML/FM1 split), on full n x n memo tables, with no layout tricks, so it
// checks the optimised engine's recurrences as well as its code. Exponential-free but O(n^4):
// for sequences up to a few dozen bases.
#include <cstdint>
#include <span>

#include "tropic/rna/energy_params.hpp"
#include "tropic/rna/loop_energy.hpp"

namespace tropic::reference {

// The minimum free energy (dcal/mol) of the sequence (alphabet codes); no structure.
int mfe_reference_energy(std::span<const std::uint8_t> sequence, const rna::EnergyParams& params,
                         rna::Dangles dangles);

}  // namespace tropic::reference
