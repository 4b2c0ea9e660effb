#pragma once
// How a pair is cut into tiles and how much memory that takes: one tile for a short pair, row
// blocks and tile columns in wavefronts for a long one on several threads; and, for a traceback
// whose matrix of directions would be large, tiles small enough for the traceback to fill again
// (traceback.hpp) with checkpoints that fit kCheckpointBytes where possible.
#include <cstdint>

#include "align/pairwise/pair_fill.hpp"

namespace tropic::align::detail {

// From this many cells on, a pair is cut into tiles for several threads.
inline constexpr std::int64_t kParallelCells = std::int64_t{1} << 22;
// The smallest side of a tile when a pair is cut for several threads.
inline constexpr std::int64_t kMinTileSide = 1024;
// Up to this many bytes, the traceback keeps the directions of the whole matrix at once.
inline constexpr std::uint64_t kWholeDirectionBytes = std::uint64_t{64} << 20;
// What the checkpoints of a long pair's traceback may take before their spacing grows.
inline constexpr std::uint64_t kCheckpointBytes = std::uint64_t{256} << 20;

// memory_cap: host bytes the pair may take; tiles shrink (and the traceback slows) to fit it.
FillPlan plan_pair(std::int64_t m, std::int64_t n, unsigned threads, bool traceback,
                   std::uint64_t memory_cap = UINT64_MAX);

// Host bytes the plan takes: checkpoints, the left column and, with a traceback, its block.
std::uint64_t plan_bytes(std::int64_t m, std::int64_t n, const FillPlan& plan, bool traceback);

}  // namespace tropic::align::detail
