#pragma once
// Plain syntenic alignment for tests: the recurrences, boundaries and traceback tie rule of
// tropic/align/syntenic.hpp written as directly as possible over four whole matrices in 64-bit
// integers, a brute-force enumeration of every syntenic alignment of tiny pairs, and the score of
// an alignment from the model's definition.
#include <cstdint>
#include <span>

#include "tropic/align/syntenic.hpp"

namespace tropic::test {

// The full alignment (segments, segment scores, end charges, counts), or the score alone with
// params.score_only.
align::SyntenicAlignment syntenic_reference(std::span<const std::uint8_t> query,
                                            std::span<const std::uint8_t> target,
                                            const align::SyntenicParams& params);

// The best score over every syntenic alignment: every sequence of columns (a residue against a
// residue, a residue against a gap on either side) and difference blocks (any lengths, either or
// both sides empty, never two in a row), scored by syntenic_definition_score's rule. Tiny pairs
// only (up to 4 x 4 or so).
std::int64_t syntenic_brute_force_score(std::span<const std::uint8_t> query,
                                        std::span<const std::uint8_t> target,
                                        const align::SyntenicParams& params);

// The score of `alignment` from the definition: substitutions, alpha + k beta per maximal run of
// gap columns on the same side, d per block and, with charged ends, d when the first and d when
// the last piece is not a block. Its segments must cover both sequences in order.
std::int64_t syntenic_definition_score(std::span<const std::uint8_t> query,
                                       std::span<const std::uint8_t> target,
                                       const align::SyntenicAlignment& alignment,
                                       const align::SyntenicParams& params);

}  // namespace tropic::test
