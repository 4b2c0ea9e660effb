#pragma once
// The insert-size model of a batch of pairs, estimated from the data as bwa mem does: template
// lengths of pairs whose both reads have one clear hit, in forward-reverse orientation on one
// contig; values outside the quartiles widened by twice the interquartile range are outliers;
// mean and standard deviation of the rest. A proper pair's template length lies within four
// standard deviations of the mean.
#include <cstdint>
#include <optional>
#include <vector>

#include "map/mapper/read_hits.hpp"
#include "tropic/map/mapper.hpp"

namespace tropic::map::detail {

// Fewer confident pairs than this in a batch: the previous estimate stays.
inline constexpr std::size_t kInsertSizeMinimumPairs = 16;
// Pairs further apart than this are not one template (they do not enter the estimate).
inline constexpr std::int64_t kInsertSizeLimit = 100000;

// The template length of two hits as a forward-reverse pair (the forward read leftmost, the
// reverse read ending to its right, on one contig), or nullopt when they are not such a pair.
[[nodiscard]] std::optional<std::int64_t> forward_reverse_span(const StrandHit& a,
                                                               const StrandHit& b) noexcept;

// nullopt when `lengths` has fewer than kInsertSizeMinimumPairs values. Sorts `lengths`.
[[nodiscard]] std::optional<InsertSizeModel> estimate_insert_size(
    std::vector<std::int64_t>& lengths);

}  // namespace tropic::map::detail
