#pragma once
// Exact seeds of a read against the index, as diagonals (reference position - read offset).
//
// Pigeonhole: the read is cut into disjoint segments of k + stride - 1 bases (k the index's k-mer
// length, stride its sampling step). An alignment with fewer edits than there are segments leaves
// one segment untouched; that segment matches the reference exactly, and one of its first
// `stride` k-mers starts at a sampled reference position, so the index holds it. Looking up those
// k-mers of every segment therefore finds every alignment with at most segments - 1 edits, unless
// the k-mer was dropped as a repeat (more occurrences than the index keeps).
#include <cstdint>
#include <span>
#include <vector>

#include "tropic/map/reference_index.hpp"

namespace tropic::map::detail {

// Bases per pigeonhole segment: k + stride - 1.
[[nodiscard]] int seed_segment_length(const ReferenceIndex& index) noexcept;

// The most edits for which the seeds of a read this long are lossless: segments - 1 (-1 when the
// read is shorter than one segment).
[[nodiscard]] int lossless_edit_limit(const ReferenceIndex& index, int read_length) noexcept;

// Appends the diagonal of every indexed occurrence of the segments' k-mers (k-mers with an N are
// skipped: they cannot match exactly). Diagonals repeat when several k-mers agree.
void append_seed_diagonals(const ReferenceIndex& index, std::span<const std::uint8_t> read,
                           std::vector<std::int64_t>& diagonals);

}  // namespace tropic::map::detail
