#pragma once
// Duplicate candidate removal: the diagonals of a read's seed hits (on one strand, in one
// reference) become ranges, diagonals closer than `gap` to the range before them joining it,
// so that each stretch of the reference is filtered and extended once.
#include <cstdint>
#include <vector>

namespace tropic::map::detail {

struct DiagonalRange {
    std::int64_t low = 0, high = 0;  // both included
};

// Sorts `diagonals` and returns the ranges in increasing order: a diagonal d joins the range
// before it when d - high < gap (gap <= 1 merges only equal diagonals; gap = 2 merges neighbours).
[[nodiscard]] std::vector<DiagonalRange> merge_diagonals(std::vector<std::int64_t>& diagonals,
                                                         std::int64_t gap);

}  // namespace tropic::map::detail
