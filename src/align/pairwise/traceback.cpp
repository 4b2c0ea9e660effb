#include "align/pairwise/traceback.hpp"

#include <algorithm>
#include <vector>

#include "tropic/core/error.hpp"

namespace tropic::align::detail {

std::uint64_t traceback_bytes(const FillPlan& plan) {
    return static_cast<std::uint64_t>(plan.block_rows) *
           static_cast<std::uint64_t>(plan.block_columns);
}

void fill_directions_cpu(const TileProblem& p, const DirectionTile& tile,
                         std::vector<std::uint8_t>& dirs) {
    const auto [r0, r1, c0, c1] = tile.bounds;
    const std::int64_t width = c1 - c0;
    dirs.resize(static_cast<std::size_t>((r1 - r0) * width));
    // Row i - 1's H and I over columns [c0 - 1, c1), shifted so that index 0 is column c0 - 1.
    std::vector<std::int32_t> row_h(tile.top_h + c0 - 1, tile.top_h + c1);
    std::vector<std::int32_t> row_i(static_cast<std::size_t>(width + 1), kMinusInfinity);
    std::copy(tile.top_i + c0, tile.top_i + c1, row_i.begin() + 1);
    const std::int32_t floor = h_floor(p.mode);
    const GapPenalties gaps = p.gaps;
    for (std::int64_t i = r0; i < r1; ++i) {
        const std::int32_t* scores =
            p.matrix->scores.data() +
            static_cast<std::size_t>(p.query[i - 1]) * static_cast<std::size_t>(p.matrix->size);
        std::int32_t h_diag = row_h[0];
        std::int32_t h_left = tile.left_h[i];
        std::int32_t d_left = tile.left_d[i];
        row_h[0] = h_left;
        std::uint8_t* out = dirs.data() + (i - r0) * width;
        for (std::int64_t k = 1; k <= width; ++k) {
            const std::int32_t substitution = scores[p.target[c0 + k - 2]];
            const std::int32_t h_up = row_h[k], i_up = row_i[k];
            const CellValues cell =
                update_cell(h_diag, h_up, i_up, h_left, d_left, substitution, gaps, floor);
            const std::uint8_t dir = direction_of(cell, h_diag + substitution, d_left, i_up,
                                                  gaps.extend, p.mode == AlignMode::Local);
            out[k - 1] = dir;
            h_diag = h_up;
            row_h[k] = cell.h;
            row_i[k] = cell.i;
            h_left = cell.h;
            d_left = cell.d;
        }
    }
}

namespace {

// CIGAR operations collected backwards, merged into runs.
class ReverseCigar {
  public:
    void add(CigarOp op, std::uint32_t count = 1) {
        if (count == 0) return;
        if (!runs_.empty() && runs_.back().op == op)
            runs_.back().length += count;
        else
            runs_.push_back({op, count});
    }
    std::vector<CigarElement> forward() const { return {runs_.rbegin(), runs_.rend()}; }

  private:
    std::vector<CigarElement> runs_;
};

}  // namespace

PairAlignment score_only_alignment(AlignMode mode, const EndCell& end) {
    PairAlignment result;
    result.score = end.score;
    result.query_end = end.i;
    result.target_end = end.j;
    result.query_begin = mode == AlignMode::Global || mode == AlignMode::Glocal ? 0 : -1;
    result.target_begin = mode == AlignMode::Global ? 0 : -1;
    if (mode == AlignMode::Local && end.score == 0) result.query_begin = result.target_begin = 0;
    return result;
}

PairAlignment trace_alignment(const TileProblem& p, const EndCell& end,
                              const Checkpoints& checkpoints) {
    std::vector<std::uint8_t> dirs;
    const TileDirections directions = [&](const TileBounds& bounds, std::int64_t b,
                                          std::int64_t c) {
        DirectionTile tile;
        tile.bounds = bounds;
        tile.top_h = checkpoints.row_h[b].data();
        tile.top_i = checkpoints.row_i[b].data();
        tile.left_h = checkpoints.column_h[c].data();
        tile.left_d = checkpoints.column_d[c].data();
        fill_directions_cpu(p, tile, dirs);
        return static_cast<const std::uint8_t*>(dirs.data());
    };
    return trace_alignment(p, end, checkpoints.block_rows, checkpoints.block_columns, directions);
}

PairAlignment trace_alignment(const TileProblem& p, const EndCell& end, std::int64_t block_rows,
                              std::int64_t block_columns, const TileDirections& directions) {
    PairAlignment result;
    result.score = end.score;
    result.query_end = end.i;
    result.target_end = end.j;
    ReverseCigar cigar;
    std::int64_t i = end.i, j = end.j;
    TraceState state = TraceState::H;
    const bool dna = p.matrix->alphabet == Alphabet::Dna;
    bool stopped = p.mode == AlignMode::Local && end.score == 0;
    while (!stopped && i > 0 && j > 0) {
        // The tile holding (i, j), filled again up to row i and column j.
        const std::int64_t b = (i - 1) / block_rows;
        const std::int64_t c = (j - 1) / block_columns;
        const TileBounds bounds{1 + b * block_rows, i + 1, 1 + c * block_columns, j + 1};
        const std::uint8_t* dirs = directions(bounds, b, c);
        const std::int64_t r0 = bounds.r0, c0 = bounds.c0, width = j + 1 - c0;
        const auto dir_at = [&](std::int64_t ii, std::int64_t jj) {
            return dirs[(ii - r0) * width + (jj - c0)];
        };
        stopped = walk_directions(dir_at, p.query, p.target, dna, r0, c0, i, j, state,
                                  [&](CigarOp op, std::uint32_t count) { cigar.add(op, count); });
    }
    if (!stopped)
        walk_boundary(p.mode, i, j, [&](CigarOp op, std::uint32_t count) { cigar.add(op, count); });
    result.query_begin = i;
    result.target_begin = j;
    result.cigar = cigar.forward();
    summarize_cigar(result);
    return result;
}

}  // namespace tropic::align::detail
