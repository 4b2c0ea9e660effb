#pragma once
// A plain database search for tests: every (query, target) pair aligned by align_pair, all
// scores sorted by the tie rule of search.hpp, the first `top` that pass the filters kept.
// Targets are in input order (a target's index is its ordinal).
#include <cstdint>
#include <vector>

#include "tropic/align/search.hpp"

namespace tropic::reference {

struct ReferenceHit {
    std::size_t ordinal = 0;
    align::Strand strand = align::Strand::Plus;
    align::PairAlignment alignment;
};

// One list of hits per query, best first.
std::vector<std::vector<ReferenceHit>> search_reference(
    const std::vector<std::vector<std::uint8_t>>& queries,
    const std::vector<std::vector<std::uint8_t>>& targets, const align::SearchParams& params);

}  // namespace tropic::reference
