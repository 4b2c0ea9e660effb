#include "align/search/top_hits.hpp"

#include <algorithm>

namespace tropic::align::detail {

std::vector<HitCandidate> top_candidates(std::span<const std::span<const std::int32_t>> rows,
                                         std::span<const std::uint64_t> ordinals, std::size_t top,
                                         std::int64_t min_score) {
    // A heap whose front is the worst candidate kept: a new one replaces it when it ranks before.
    std::vector<HitCandidate> heap;
    heap.reserve(top);
    for (std::size_t s = 0; s < rows.size(); ++s) {
        const std::span<const std::int32_t> scores = rows[s];
        const Strand strand = s == 0 ? Strand::Plus : Strand::Minus;
        for (std::size_t t = 0; t < scores.size(); ++t) {
            // Most scores lose to the worst kept one on the score alone: one comparison each.
            const std::int64_t score = scores[t];
            if (score < min_score) continue;
            if (heap.size() == top && score < heap.front().score) continue;
            const HitCandidate candidate{score, ordinals[t], strand, t};
            if (heap.size() < top) {
                heap.push_back(candidate);
                std::push_heap(heap.begin(), heap.end(), ranks_before);
            } else if (ranks_before(candidate, heap.front())) {
                std::pop_heap(heap.begin(), heap.end(), ranks_before);
                heap.back() = candidate;
                std::push_heap(heap.begin(), heap.end(), ranks_before);
            }
        }
    }
    std::sort_heap(heap.begin(), heap.end(), ranks_before);
    return heap;
}

}  // namespace tropic::align::detail
