#pragma once
// Fills a pair's whole matrix in tiles (tile.hpp): in one piece on the calling thread, or, for a
// long pair, tile rows ("row blocks") of block_rows query positions and tile columns of
// block_columns target positions in anti-diagonal wavefronts over a thread pool. It keeps the last
// row of every row block (H and I) and, for a traceback, the last column of every tile column (H
// and D): the checkpoints from which the traceback fills again just the tiles its path crosses
// (traceback.hpp). They are the only memory that grows with the pair:
// 8 ((m / block_rows) n + (n / block_columns) m) bytes.
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

// Row checkpoint b is DP row b * block_rows: H and I for columns 0..n (b = 0: the boundary row).
// Column checkpoint c is DP column c * block_columns: H and D for rows 0..m (c = 0: the boundary
// column); kept only when a traceback follows.
struct Checkpoints {
    std::int64_t block_rows = 1, block_columns = 1;
    std::vector<std::vector<std::int32_t>> row_h, row_i;
    std::vector<std::vector<std::int32_t>> column_h, column_d;
};

struct FillOutcome {
    bool saturated = false;
    EndCell end;  // by the tie rule of pairwise.hpp (global: (m, n))
    // Only with keep_columns (a traceback follows): a score-only fill keeps its rows in reused
    // per-thread memory instead and leaves these empty.
    Checkpoints checkpoints;
};

// Bytes of the checkpoints of a plan (with the columns when keep_columns).
std::uint64_t checkpoint_bytes(std::int64_t m, std::int64_t n, const FillPlan& plan,
                               bool keep_columns);

FillOutcome fill_pair(const TileProblem& problem, const FillPlan& plan, TileKernel kernel,
                      bool keep_columns, ThreadPool* pool, const Progress& on_progress,
                      std::size_t item);

}  // namespace tropic::align::detail
