#pragma once
// Plain references for the hairpin code, used only by tests: stem-loops and hairpin features
// from their definitions on a table of every pair's enclosing pair (quadratic, no single-pass
// bookkeeping), and the sequences a dinucleotide shuffle may return, by enumeration.
#include <array>
#include <cstdint>
#include <optional>
#include <string>
#include <string_view>
#include <vector>

#include "tropic/mirna/hairpin.hpp"

namespace tropic::reference {

// The longest outermost stem-loop of a balanced dot-bracket with at least min_length bases
// (leftmost among equally long ones), tested on every pair by the header's definition.
std::optional<mirna::StemLoop> longest_stem_loop_reference(std::string_view structure,
                                                           std::uint32_t min_length);

// hairpin_features by the definitions of its fields, for a valid sequence and structure.
mirna::HairpinFeatures hairpin_features_reference(std::string_view sequence,
                                                  std::string_view structure, int mfe);

// Counts of the overlapping dinucleotides of an A/C/G/U sequence, [4 * first + second] with
// A, C, G, U = 0..3.
std::array<std::uint32_t, 16> dinucleotide_counts(std::string_view sequence);

// Every A/C/G/U sequence with the first letter and the dinucleotide counts of `sequence`, by
// enumerating all sequences of its length (short ones only: 4^(length-1) candidates).
std::vector<std::string> sequences_with_dinucleotides_of(std::string_view sequence);

}  // namespace tropic::reference
