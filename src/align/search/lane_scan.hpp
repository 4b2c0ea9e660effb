#pragma once
// The CPU scan's fast path for local alignment: one query against 32 database sequences at once,
// one sequence in each 8-bit lane of an AVX2 vector (the inter-sequence layout of Rognes' SWIPE,
// 2011). Where the striped kernels of `tropic align` spend a vector on 32 rows of one pair and a
// lazy pass to settle the vertical gaps, here a vector is one cell of 32 pairs and the gaps are
// exact in one pass, so a cell costs about a third of the instructions. A lane whose sequence
// ends takes the next one of the block at the next column.
//
// Scores are exact: values are unsigned 8-bit with the substitution scores biased by the matrix's
// lowest score, and a lane whose best comes within the largest substitution score of 255 may have
// saturated; it is reported as such and scored again by the caller (the striped ladder).
#include <cstdint>
#include <span>

#include "align/search/targets.hpp"
#include "tropic/align/scoring.hpp"

namespace tropic::align::detail {

// Scores that lane_scan cannot vouch for.
inline constexpr std::int32_t kLaneSaturated = -1;

// True when this CPU and build run the lane kernel and `scoring` fits its 8-bit lanes (scores
// within +-100, gap costs up to 100).
bool lane_scan_available(const Scoring& scoring) noexcept;

// scores[t - first] for targets [first, last) of `targets`: the local score-only score of `query`
// against each (as align_pair's), or kLaneSaturated. The query and target codes must fit the
// matrix. Only when lane_scan_available(scoring).
void lane_scan(std::span<const std::uint8_t> query, const TargetView& targets, std::size_t first,
               std::size_t last, const Scoring& scoring, std::span<std::int32_t> scores);

}  // namespace tropic::align::detail
