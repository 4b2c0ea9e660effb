#pragma once
// The CPU scan of a database search: the score-only score of every (query, target) pair, as
// align_pair computes it, the targets cut into blocks for the threads. Local alignment runs 32
// targets at a time in the lane kernel (lane_scan.hpp); other modes, and the pairs the lanes
// cannot vouch for, go through the tile kernels of align_pair (narrowest lanes first, refilled
// wider on saturation), a pair on one thread.
#include <cstdint>
#include <functional>
#include <span>

#include "align/search/targets.hpp"
#include "tropic/align/pairwise.hpp"

namespace tropic {
class ThreadPool;
}

namespace tropic::align::detail {

// scores[q * count + t] = the score of queries[q] against target t (as DeviceScanner::scan, whose
// CPU counterpart this is). Runs on every thread of `pool` (nullptr: the calling thread);
// on_cells, when set, hears from the calling thread the cells done since it last heard, now and
// then and at the end. Returns the pairs scored again with wider lanes. The codes must fit the
// matrix and the scores its range (pair_checks.hpp): callers check once.
std::uint64_t scan_cpu(std::span<const std::span<const std::uint8_t>> queries,
                       const TargetView& targets, const AlignParams& params, ThreadPool* pool,
                       std::span<std::int32_t> scores,
                       const std::function<void(std::uint64_t cells)>& on_cells = {});

}  // namespace tropic::align::detail
