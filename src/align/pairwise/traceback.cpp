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
            std::uint8_t dir;
            if (p.mode == AlignMode::Local && cell.h == 0)
                dir = kLocalStart;
            else if (cell.h == h_diag + substitution)
                dir = kFromDiagonal;
            else if (cell.h == cell.d)
                dir = kFromD;
            else
                dir = kFromI;
            if (cell.d == d_left - gaps.extend) dir |= kDExtends;
            if (cell.i == i_up - gaps.extend) dir |= kIExtends;
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

enum class State : std::uint8_t { H, I, D };

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

CigarOp aligned_op(const TileProblem& p, std::int64_t i, std::int64_t j) {
    const std::uint8_t q = p.query[i - 1], t = p.target[j - 1];
    const std::uint8_t unknown = p.matrix->alphabet == Alphabet::Dna ? 4 : 22;  // N, X
    return q == t && q != unknown ? CigarOp::SequenceMatch : CigarOp::SequenceMismatch;
}

}  // namespace

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
    State state = State::H;
    bool stopped = p.mode == AlignMode::Local && end.score == 0;
    while (!stopped && i > 0 && j > 0) {
        // The tile holding (i, j), filled again up to row i and column j.
        const std::int64_t b = (i - 1) / block_rows;
        const std::int64_t c = (j - 1) / block_columns;
        const TileBounds bounds{1 + b * block_rows, i + 1, 1 + c * block_columns, j + 1};
        const std::uint8_t* dirs = directions(bounds, b, c);
        const std::int64_t r0 = bounds.r0, c0 = bounds.c0, width = j + 1 - c0;
        while (i >= r0 && j >= c0) {
            const std::uint8_t dir = dirs[(i - r0) * width + (j - c0)];
            if (state == State::H) {
                const std::uint8_t source = dir & kSourceMask;
                if (source == kLocalStart) {
                    stopped = true;
                    break;
                }
                if (source == kFromDiagonal) {
                    cigar.add(aligned_op(p, i, j));
                    --i;
                    --j;
                } else {
                    state = source == kFromD ? State::D : State::I;
                }
            } else if (state == State::D) {
                cigar.add(CigarOp::Deletion);
                if (!(dir & kDExtends)) state = State::H;
                --j;
            } else {
                cigar.add(CigarOp::Insertion);
                if (!(dir & kIExtends)) state = State::H;
                --i;
            }
        }
    }
    // On row 0 or column 0 (pairwise.hpp): global runs along the boundary to (0, 0), glocal along
    // column 0; everything else starts here.
    if (!stopped) {
        if (j == 0 && i > 0 && (p.mode == AlignMode::Global || p.mode == AlignMode::Glocal)) {
            cigar.add(CigarOp::Insertion, static_cast<std::uint32_t>(i));
            i = 0;
        } else if (i == 0 && j > 0 && p.mode == AlignMode::Global) {
            cigar.add(CigarOp::Deletion, static_cast<std::uint32_t>(j));
            j = 0;
        }
    }
    result.query_begin = i;
    result.target_begin = j;
    result.cigar = cigar.forward();
    summarize_cigar(result);
    return result;
}

}  // namespace tropic::align::detail
