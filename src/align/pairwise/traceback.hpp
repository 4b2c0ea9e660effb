#pragma once
// The traceback of pairwise.hpp's tie rule in little memory. The fill kept checkpoint rows and
// columns (pair_fill.hpp); from the end cell, the tile holding the path's current cell is filled
// again from its top row and left column, up to the current cell, keeping one direction byte per
// cell; the path is followed through it to the tile's top or left edge; then the next tile. Only
// the tiles the path crosses are filled again (about (m / block_rows + n / block_columns) tiles),
// and the path is the one a full-matrix traceback gives, whichever backend filled the matrix.
#include <cstdint>
#include <functional>
#include <vector>

#include "align/pairwise/pair_fill.hpp"
#include "align/pairwise/trace_rule.hpp"
#include "tropic/align/pairwise.hpp"

namespace tropic::align::detail {

// One tile to fill again: rows [r0, r1), columns [c0, c1), with top_h[j] = H(r0 - 1, j) for j in
// [c0 - 1, c1), top_i[j] = I(r0 - 1, j), left_h[i] = H(i, c0 - 1) and left_d[i] = D(i, c0 - 1)
// for i in [r0, r1) (arrays indexed by DP index, as tile.hpp's).
struct DirectionTile {
    TileBounds bounds;
    const std::int32_t* top_h = nullptr;
    const std::int32_t* top_i = nullptr;
    const std::int32_t* left_h = nullptr;
    const std::int32_t* left_d = nullptr;
};

// Fills dirs[(i - r0) * (c1 - c0) + (j - c0)] for the tile's cells.
void fill_directions_cpu(const TileProblem& problem, const DirectionTile& tile,
                         std::vector<std::uint8_t>& dirs);

// Where a traceback takes a tile's directions from: fills rows [r0, r1) and columns [c0, c1) of the
// tile whose top row is checkpoint row b and whose left column is checkpoint column c, and returns
// its direction bytes, dirs[(i - r0) * (c1 - c0) + (j - c0)], valid until the next call. The
// checkpoints may live anywhere (the device keeps its own: cuda/pair_cuda.hpp).
using TileDirections =
    std::function<const std::uint8_t*(const TileBounds& bounds, std::int64_t b, std::int64_t c)>;

// Bytes of the direction tile the traceback allocates.
std::uint64_t traceback_bytes(const FillPlan& plan);

// A score-only result (pairwise.hpp): the end cell's score and end; begins known only where the
// mode fixes them (global: both; glocal: the query's), else -1; an empty local alignment (score
// 0) begins and ends at 0.
PairAlignment score_only_alignment(AlignMode mode, const EndCell& end);

// The alignment ending at `end`, with score, ranges and CIGAR (summarised), its tiles filled
// again on the CPU from host checkpoints, which must hold the columns (fill_pair's keep_columns).
PairAlignment trace_alignment(const TileProblem& problem, const EndCell& end,
                              const Checkpoints& checkpoints);
// The same from checkpoints every block_rows rows and block_columns columns that `directions`
// reads wherever they are.
PairAlignment trace_alignment(const TileProblem& problem, const EndCell& end,
                              std::int64_t block_rows, std::int64_t block_columns,
                              const TileDirections& directions);

}  // namespace tropic::align::detail
