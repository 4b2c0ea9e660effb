#pragma once
// The hits of one query chosen from the scan's scores: the best `top` by the search's tie rule
// (search.hpp: score descending, then the target's ordinal ascending, then the plus strand before
// the minus strand), in a bounded heap rather than by sorting every score.
#include <cstddef>
#include <cstdint>
#include <span>
#include <vector>

#include "tropic/align/search.hpp"

namespace tropic::align::detail {

struct HitCandidate {
    std::int64_t score = 0;
    std::uint64_t ordinal = 0;
    Strand strand = Strand::Plus;
    std::size_t target = 0;  // storage order
};

// True when `a` ranks before `b` (the tie rule).
inline bool ranks_before(const HitCandidate& a, const HitCandidate& b) noexcept {
    if (a.score != b.score) return a.score > b.score;
    if (a.ordinal != b.ordinal) return a.ordinal < b.ordinal;
    return a.strand == Strand::Plus && b.strand == Strand::Minus;
}

// The best `top` of the scores of one query, at least `min_score` each, best first. `rows` holds
// one row of scores per strand (plus, then minus when both are searched), each over every target
// (ordinals[t] the target's ordinal).
std::vector<HitCandidate> top_candidates(std::span<const std::span<const std::int32_t>> rows,
                                         std::span<const std::uint64_t> ordinals, std::size_t top,
                                         std::int64_t min_score);

}  // namespace tropic::align::detail
