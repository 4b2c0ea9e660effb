#pragma once
// Fills a syntenic pair's whole matrix in tiles (syntenic_tile.hpp): in one piece on the calling
// thread, or, for a long pair, row blocks of block_rows query positions and tile columns of
// block_columns target positions in anti-diagonal wavefronts over a thread pool (wavefront.hpp).
// It keeps the last row of every row block (S, D and H) and, for a traceback, the last column of
// every tile column (S, I and H): the checkpoints from which the traceback fills again just the
// tiles its path crosses (syntenic_traceback.hpp).
#include <cstdint>
#include <vector>

#include "align/syntenic/syntenic_tile.hpp"
#include "tropic/core/progress.hpp"

namespace tropic {
class ThreadPool;
}

namespace tropic::align::detail {

struct SyntenicPlan {
    std::int64_t block_rows = 1;     // query positions per row block (the last may be shorter)
    std::int64_t block_columns = 1;  // target positions per tile column
};

// A row or column of three matrices, indexed by DP index: S, the gap that runs along the other
// direction (D for a row, I for a column) and H.
struct SyntenicLine {
    std::vector<std::int32_t> s, gap, h;
};

// Row checkpoint b is DP row min(m, b * block_rows) (columns 0..n); column checkpoint c is DP
// column min(n, c * block_columns) (rows 0..m), kept only when a traceback follows.
struct SyntenicCheckpoints {
    std::int64_t block_rows = 1, block_columns = 1;
    std::vector<SyntenicLine> rows, columns;
};

struct SyntenicFill {
    SyntenicCell last{};  // the cell (m, n) (its S and H; D and I as the boundary gives them)
    SyntenicCheckpoints checkpoints;
};

// How a pair is cut into tiles: one tile for a short pair or one thread; about four tiles per
// thread along each side for a long pair on several; and, for a traceback whose direction tile
// would take more than what is left of memory_cap, checkpoint spacing that balances checkpoints
// against the tile the traceback fills again.
SyntenicPlan plan_syntenic(std::int64_t m, std::int64_t n, unsigned threads, bool traceback,
                           std::uint64_t memory_cap = UINT64_MAX);

// Host bytes the plan takes: the checkpoint rows, the moving left column and, with a traceback,
// the checkpoint columns, the direction tile and its rows.
std::uint64_t syntenic_plan_bytes(std::int64_t m, std::int64_t n, const SyntenicPlan& plan,
                                  bool traceback);

SyntenicFill fill_syntenic(const SyntenicProblem& problem, const SyntenicPlan& plan,
                           bool keep_columns, ThreadPool* pool, const Progress& on_progress,
                           std::size_t item);

}  // namespace tropic::align::detail
