#pragma once
// The free energy of a given secondary structure (RNAeval): the sum of its loops' energies under
// the rules of loop_energy.hpp. Independent of any DP table, so tests use it to re-score folds.
#include <cstdint>
#include <span>
#include <string>
#include <string_view>
#include <vector>

#include "tropic/rna/energy_params.hpp"
#include "tropic/rna/loop_energy.hpp"

namespace tropic::rna {

enum class LoopKind { Exterior, Hairpin, Stack, Bulge, Interior, Multi };

// One loop of a structure and its energy. Positions are 1-based; the exterior loop has i = j = 0.
// For a stack, bulge or interior loop, (p,q) is the inner pair; otherwise p = q = 0.
struct LoopContribution {
    LoopKind kind = LoopKind::Exterior;
    int i = 0, j = 0, p = 0, q = 0;
    int energy = 0;  // dcal/mol
};

// Partner of every position (-1 unpaired) of a dot-bracket structure over `sequence` (alphabet
// codes). Throws InputError naming the 1-based position of: a length that differs from the
// sequence's, an unbalanced bracket, a character other than '(', ')' and '.', a pair that
// cannot form (only GC, AU, GU pair) or a hairpin with fewer than 3 unpaired bases.
[[nodiscard]] std::vector<int> parse_structure(std::span<const std::uint8_t> sequence,
                                               std::string_view structure);

// Energy in dcal/mol of `structure` (validated by parse_structure). With `loops`, each loop's
// contribution is appended, the exterior loop first, then in order of the closing pair's i.
[[nodiscard]] int evaluate_structure(std::span<const std::uint8_t> sequence,
                                     std::string_view structure, const EnergyParams& params,
                                     Dangles dangles,
                                     std::vector<LoopContribution>* loops = nullptr);

[[nodiscard]] std::string_view loop_kind_name(LoopKind kind);

}  // namespace tropic::rna
