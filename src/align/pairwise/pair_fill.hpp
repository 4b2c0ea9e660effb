#pragma once
// Fills a pair's whole matrix in tiles (tile.hpp): in one piece on the calling thread, or, for a
// long pair, tile rows ("row blocks") of block_rows query positions and tile columns of
// block_columns target positions in anti-diagonal wavefronts over a thread pool. It keeps the last
// row of every row block (H and I): the checkpoints that the traceback recomputes from, and the
// only memory that grows with the pair (O((m / block_rows) * n)).
#include <cstdint>
#include <vector>

#include "align/pairwise/tile.hpp"
#include "tropic/core/progress.hpp"

namespace tropic {
class ThreadPool;
}

namespace tropic::align::detail {

// A kernel that fills one tile; false when its lanes saturated (the caller then refills the pair
// with a wider kernel). fill_tile_scalar is one (it never saturates).
using TileKernel = bool (*)(const TileProblem& problem, const TileBounds& tile,
                            const TileEdges& edges, EndCell& best);

struct FillPlan {
    std::int64_t block_rows = 1;     // query positions per row block (the last may be shorter)
    std::int64_t block_columns = 1;  // target positions per tile column
};

// Row b of the checkpoints is DP row block_start(b) - 1: H and I for columns 0..n.
struct Checkpoints {
    std::int64_t block_rows = 1;
    std::vector<std::vector<std::int32_t>> h, i;
    std::int64_t blocks() const noexcept { return static_cast<std::int64_t>(h.size()) - 1; }
    // First DP row of block b (1-based); block b covers [start(b), start(b + 1)).
    std::int64_t block_start(std::int64_t b) const noexcept { return 1 + b * block_rows; }
};

struct FillOutcome {
    bool saturated = false;
    EndCell end;  // by the tie rule of pairwise.hpp (global: (m, n))
    Checkpoints checkpoints;
};

// Bytes of the checkpoints of a plan.
std::uint64_t checkpoint_bytes(std::int64_t m, std::int64_t n, std::int64_t block_rows);

FillOutcome fill_pair(const TileProblem& problem, const FillPlan& plan, TileKernel kernel,
                      ThreadPool* pool, const Progress& on_progress, std::size_t item);

}  // namespace tropic::align::detail
