#pragma once
// The pairs written in a dot-bracket string, shared by structures (energy_eval) and hard
// constraints (structure_constraint), so both check brackets and pairing bases the same way.
#include <cstdint>
#include <span>
#include <string_view>
#include <vector>

namespace tropic::rna::detail {

// Partner of every position of `text` over `sequence` (alphabet codes), -1 where unpaired.
// `what` names the text in messages ("structure", "constraint"); `others` lists the characters
// it may hold besides '(' and ')'. Throws InputError naming the 1-based position of a length
// other than the sequence's, a character outside "()" and `others`, an unbalanced bracket, or
// brackets on two bases that cannot pair (only G-C, A-U and G-U pair).
std::vector<int> bracket_partners(std::span<const std::uint8_t> sequence, std::string_view text,
                                  std::string_view what, std::string_view others);

}  // namespace tropic::rna::detail
