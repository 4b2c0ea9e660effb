#pragma once
// The hits of every read of a batch, in three passes: each read's candidate windows (both
// strands, on the pool's threads), the filters over all of them at once (BatchFilter: CPU or
// device), then each read's survivors extended (on the pool's threads).
#include <span>
#include <vector>

#include "map/mapper/batch_filter.hpp"
#include "map/mapper/read_hits.hpp"
#include "tropic/core/run_options.hpp"

namespace tropic::map::detail {

// hits[r]: the distinct hits of reads[r], best first; counts[r] gains what finding them took.
// The reads go through in groups, which bounds the memory the candidates take.
[[nodiscard]] std::vector<std::vector<StrandHit>> find_batch_hits(
    const HitFinder& finder, BatchFilter& filter, std::span<const EncodedRead* const> reads,
    const RunOptions& options, std::span<HitCounts> counts);

}  // namespace tropic::map::detail
