#include "map/mapper/batch_hits.hpp"

#include <algorithm>

#include "core/internal/profile.hpp"
#include "tropic/core/thread_pool.hpp"

namespace tropic::map::detail {

namespace {

// Reads filtered together: a 150-base read brings ~100 to ~250 candidates of 28 bytes on a
// repetitive genome, so a group holds at most ~100 MB of them, however large the batch.
constexpr std::size_t kGroupReads = 16384;

std::vector<std::vector<StrandHit>> find_group_hits(const HitFinder& finder, BatchFilter& filter,
                                                    std::span<const EncodedRead* const> reads,
                                                    const RunOptions& options,
                                                    std::span<HitCounts> counts) {
    profile::PhaseTimer timer;
    double seeding = 0, filtering = 0, extending = 0;
    CandidateBatch batch;
    for (const EncodedRead* read : reads) {
        (void)batch.add_read(read->forward);
        (void)batch.add_read(read->reverse);
    }
    std::vector<std::vector<FlatCandidate>> per_read(reads.size());
    parallel_for(options.pool, 0, reads.size(), [&](std::size_t r) {
        finder.collect(reads[r]->forward, strand_slot(r, false), per_read[r], counts[r]);
        finder.collect(reads[r]->reverse, strand_slot(r, true), per_read[r], counts[r]);
    });
    std::vector<std::size_t> first(reads.size() + 1, 0);
    for (std::size_t r = 0; r < reads.size(); ++r) first[r + 1] = first[r] + per_read[r].size();
    batch.candidates.reserve(first.back());
    for (auto& candidates : per_read) {
        batch.candidates.insert(batch.candidates.end(), candidates.begin(), candidates.end());
        std::vector<FlatCandidate>().swap(candidates);
    }
    timer.lap(seeding);
    const std::vector<FilterOutcome> outcomes = filter.filter(batch, options);
    timer.lap(filtering);
    std::vector<std::vector<StrandHit>> hits(reads.size());
    const std::span<const FlatCandidate> all(batch.candidates);
    const std::span<const FilterOutcome> decided(outcomes);
    parallel_for(options.pool, 0, reads.size(), [&](std::size_t r) {
        const std::size_t count = first[r + 1] - first[r];
        hits[r] = finder.extend(batch, all.subspan(first[r], count),
                                decided.subspan(first[r], count), counts[r]);
    });
    timer.lap(extending);
    if (timer.enabled()) {
        const double candidates = static_cast<double>(batch.candidates.size());
        profile::record("map seeds", seeding, candidates);
        profile::record("map filters", filtering, candidates);
        profile::record("map extension", extending, candidates);
        profile::print(
            "map group of %zu reads, %zu candidates: seeds %.3f s, filters %.3f s, "
            "extension %.3f s",
            reads.size(), batch.candidates.size(), seeding, filtering, extending);
    }
    return hits;
}

}  // namespace

std::vector<std::vector<StrandHit>> find_batch_hits(const HitFinder& finder, BatchFilter& filter,
                                                    std::span<const EncodedRead* const> reads,
                                                    const RunOptions& options,
                                                    std::span<HitCounts> counts) {
    std::vector<std::vector<StrandHit>> hits;
    hits.reserve(reads.size());
    for (std::size_t begin = 0; begin < reads.size(); begin += kGroupReads) {
        const std::size_t size = std::min(kGroupReads, reads.size() - begin);
        for (auto& read_hits : find_group_hits(finder, filter, reads.subspan(begin, size), options,
                                               counts.subspan(begin, size)))
            hits.push_back(std::move(read_hits));
    }
    return hits;
}

}  // namespace tropic::map::detail
