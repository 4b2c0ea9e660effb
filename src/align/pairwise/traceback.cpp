#include "align/pairwise/traceback.hpp"

#include <algorithm>
#include <vector>

#include "tropic/core/error.hpp"

namespace tropic::align::detail {

std::uint64_t traceback_bytes(std::int64_t n, std::int64_t block_rows) {
    return static_cast<std::uint64_t>(block_rows) * static_cast<std::uint64_t>(n + 1);
}

namespace {

// A direction byte: where H came from (bits 0-1) and whether D and I extended (bits 2 and 3).
enum : std::uint8_t { kFromDiagonal = 0, kFromD = 1, kFromI = 2, kLocalStart = 3 };
inline constexpr std::uint8_t kSourceMask = 3, kDExtends = 4, kIExtends = 8;

enum class State : std::uint8_t { H, I, D };

// Rows [r0, r1) and columns [1, c1) again from the checkpoint row r0 - 1, with their direction
// bytes: dirs[(i - r0) * (c1 - 1) + (j - 1)].
void fill_directions(const TileProblem& p, std::int64_t r0, std::int64_t r1, std::int64_t c1,
                     const std::int32_t* top_h, const std::int32_t* top_i,
                     std::vector<std::uint8_t>& dirs) {
    const std::int64_t width = c1 - 1;
    dirs.resize(static_cast<std::size_t>((r1 - r0) * width));
    std::vector<std::int32_t> row_h(top_h, top_h + c1), row_i(top_i, top_i + c1);
    const std::int32_t floor = h_floor(p.mode);
    const GapPenalties gaps = p.gaps;
    for (std::int64_t i = r0; i < r1; ++i) {
        const std::int32_t* scores =
            p.matrix->scores.data() +
            static_cast<std::size_t>(p.query[i - 1]) * static_cast<std::size_t>(p.matrix->size);
        std::int32_t h_diag = row_h[0];
        std::int32_t h_left = boundary_column_h(p.mode, gaps, i);
        std::int32_t d_left = kMinusInfinity;
        row_h[0] = h_left;
        std::uint8_t* out = dirs.data() + (i - r0) * width;
        for (std::int64_t j = 1; j < c1; ++j) {
            const std::int32_t h_up = row_h[j], i_up = row_i[j];
            const std::int32_t diagonal = h_diag + scores[p.target[j - 1]];
            const CellValues cell = update_cell(h_diag, h_up, i_up, h_left, d_left,
                                                scores[p.target[j - 1]], gaps, floor);
            std::uint8_t dir;
            if (p.mode == AlignMode::Local && cell.h == 0)
                dir = kLocalStart;
            else if (cell.h == diagonal)
                dir = kFromDiagonal;
            else if (cell.h == cell.d)
                dir = kFromD;
            else
                dir = kFromI;
            if (cell.d == d_left - gaps.extend) dir |= kDExtends;
            if (cell.i == i_up - gaps.extend) dir |= kIExtends;
            out[j - 1] = dir;
            h_diag = h_up;
            row_h[j] = cell.h;
            row_i[j] = cell.i;
            h_left = cell.h;
            d_left = cell.d;
        }
    }
}

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
    PairAlignment result;
    result.score = end.score;
    result.query_end = end.i;
    result.target_end = end.j;
    ReverseCigar cigar;
    std::int64_t i = end.i, j = end.j;
    State state = State::H;
    std::vector<std::uint8_t> dirs;
    bool stopped = p.mode == AlignMode::Local && end.score == 0;
    while (!stopped && i > 0 && j > 0) {
        // The block holding row i, filled again up to row i and column j.
        const std::int64_t b = (i - 1) / checkpoints.block_rows;
        const std::int64_t r0 = checkpoints.block_start(b);
        const std::int64_t width = j;
        fill_directions(p, r0, i + 1, j + 1, checkpoints.h[b].data(), checkpoints.i[b].data(),
                        dirs);
        while (i >= r0 && j > 0) {
            const std::uint8_t dir = dirs[(i - r0) * width + (j - 1)];
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
