#pragma once
// Plain full-matrix affine-gap alignment (Gotoh) for tests: the recurrences, boundaries, end-cell
// rule and traceback tie rule of tropic/align/pairwise.hpp written as directly as possible, in
// 64-bit integers over three whole matrices.
#include <cstdint>
#include <span>

#include "tropic/align/pairwise.hpp"

namespace tropic::test {

align::PairAlignment align_reference(std::span<const std::uint8_t> query,
                                     std::span<const std::uint8_t> target, align::AlignMode mode,
                                     const align::Scoring& scoring);

// The best score over every alignment of the mode, by enumerating every path through the matrix
// (tiny inputs only: m + n <= 12 or so).
std::int64_t align_brute_force_score(std::span<const std::uint8_t> query,
                                     std::span<const std::uint8_t> target, align::AlignMode mode,
                                     const align::Scoring& scoring);

}  // namespace tropic::test
