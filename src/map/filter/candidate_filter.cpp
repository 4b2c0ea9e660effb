#include "map/filter/candidate_filter.hpp"

#include <algorithm>

#include "map/filter/banded_edit_distance.hpp"
#include "map/filter/tiled_bound.hpp"

namespace tropic::map::detail {

CandidateFilter::CandidateFilter() : table_(kTileLength) {}

bool CandidateFilter::passes(const BandedWindow& candidate, int max_edits,
                             FilterCounts& counts) const {
    const FilterOutcome result = outcome(candidate, max_edits);
    counts.add(result);
    return result == FilterOutcome::Passed;
}

FilterOutcome CandidateFilter::outcome(const BandedWindow& candidate, int max_edits) const {
    // Random candidates gain more than one edit a tile, so max_edits + 1 tiles reject them.
    const std::size_t tiles = std::min<std::size_t>(
        candidate.read.size() / kTileLength, static_cast<std::size_t>(std::max(0, max_edits)) + 1);
    const BandedWindow prefix{candidate.read.first(tiles * kTileLength), candidate.window,
                              candidate.delta_low, candidate.delta_high};
    if (tiled_bound(table_, prefix, max_edits) > max_edits) return FilterOutcome::RejectedTiled;
    if (banded_edit_distance(candidate, max_edits) > max_edits) return FilterOutcome::RejectedExact;
    return FilterOutcome::Passed;
}

}  // namespace tropic::map::detail
