#pragma once
// The traceback's tie rule (pairwise.hpp), written once for every backend: the direction byte a
// cell gets when it is filled, and the walk that follows those bytes back from the end cell. The
// CPU's tiles (traceback.cpp), the device's long-pair tiles (cuda/pair_directions.cu) and the
// device's batches of short pairs (align/batch/cuda) all call these, so their CIGARs agree.
#include <cstdint>

#include "align/pairwise/cell.hpp"
#include "tropic/align/pairwise.hpp"
#include "tropic/core/host_device.hpp"

namespace tropic::align::detail {

// A direction byte: where H came from (bits 0-1) and whether D and I extended (bits 2 and 3):
// D(i,j) == D(i,j-1) - E and I(i,j) == I(i-1,j) - E.
enum : std::uint8_t { kFromDiagonal = 0, kFromD = 1, kFromI = 2, kLocalStart = 3 };
inline constexpr std::uint8_t kSourceMask = 3, kDExtends = 4, kIExtends = 8;

// The direction byte of a cell: `cell` its values, diag_sum = H(i-1,j-1) + s(q_i, t_j), d_left =
// D(i,j-1), i_up = I(i-1,j). Local alignment starts where H is 0; otherwise the diagonal is
// preferred, then D, then I.
TROPIC_HOST_DEVICE inline std::uint8_t direction_of(const CellValues& cell, std::int32_t diag_sum,
                                                    std::int32_t d_left, std::int32_t i_up,
                                                    std::int32_t extend, bool local) {
    std::uint8_t dir;
    if (local && cell.h == 0)
        dir = kLocalStart;
    else if (cell.h == diag_sum)
        dir = kFromDiagonal;
    else if (cell.h == cell.d)
        dir = kFromD;
    else
        dir = kFromI;
    if (cell.d == d_left - extend) dir |= kDExtends;
    if (cell.i == i_up - extend) dir |= kIExtends;
    return dir;
}

// Where the walk is: in H, or inside a gap (I: a gap in the target, D: a gap in the query).
enum class TraceState : std::uint8_t { H, I, D };

// What one step of the walk emits.
enum class TraceMove : std::uint8_t {
    Aligned,    // the diagonal: q_i against t_j (= or X, by aligned_op)
    Insertion,  // q_i against a gap
    Deletion,   // t_j against a gap
    Turn,       // H turned into a gap: nothing emitted, (i, j) unchanged
    Stop,       // local alignment starts here
};

// Follows the direction byte of (i, j) one step, moving (i, j) and `state`.
TROPIC_HOST_DEVICE inline TraceMove trace_step(std::uint8_t dir, TraceState& state, std::int64_t& i,
                                               std::int64_t& j) {
    if (state == TraceState::H) {
        const std::uint8_t source = dir & kSourceMask;
        if (source == kLocalStart) return TraceMove::Stop;
        if (source == kFromDiagonal) {
            --i;
            --j;
            return TraceMove::Aligned;
        }
        state = source == kFromD ? TraceState::D : TraceState::I;
        return TraceMove::Turn;
    }
    if (state == TraceState::D) {
        if (!(dir & kDExtends)) state = TraceState::H;
        --j;
        return TraceMove::Deletion;
    }
    if (!(dir & kIExtends)) state = TraceState::H;
    --i;
    return TraceMove::Insertion;
}

// The code that never matches, not even itself: N for DNA, X for protein.
TROPIC_HOST_DEVICE inline std::uint8_t unknown_code(bool dna) {
    return dna ? 4 : 22;
}
// An aligned pair's CIGAR operation: = for identical residues (never the unknown code), else X.
TROPIC_HOST_DEVICE inline CigarOp aligned_op(std::uint8_t query_code, std::uint8_t target_code,
                                             bool dna) {
    return query_code == target_code && query_code != unknown_code(dna) ? CigarOp::SequenceMatch
                                                                        : CigarOp::SequenceMismatch;
}

// Walks from (i, j) in `state` while the cell is in rows >= r0 and columns >= c0 (a tile's
// corner; 1 and 1 for a whole matrix), reading dir_at(i, j) and handing each operation to
// emit(op, 1). Returns true where local alignment starts (the walk is over).
template <typename DirectionAt, typename Emit>
TROPIC_HOST_DEVICE bool walk_directions(const DirectionAt& dir_at, const std::uint8_t* query,
                                        const std::uint8_t* target, bool dna, std::int64_t r0,
                                        std::int64_t c0, std::int64_t& i, std::int64_t& j,
                                        TraceState& state, Emit&& emit) {
    while (i >= r0 && j >= c0) {
        const std::uint8_t q = query[i - 1], t = target[j - 1];
        switch (trace_step(dir_at(i, j), state, i, j)) {
            case TraceMove::Aligned:
                emit(aligned_op(q, t, dna), 1u);
                break;
            case TraceMove::Insertion:
                emit(CigarOp::Insertion, 1u);
                break;
            case TraceMove::Deletion:
                emit(CigarOp::Deletion, 1u);
                break;
            case TraceMove::Turn:
                break;
            case TraceMove::Stop:
                return true;
        }
    }
    return false;
}

// The walk's last run, once it reached row 0 or column 0 without stopping (pairwise.hpp): global
// runs along the boundary to (0, 0), glocal along column 0; every other case starts at (i, j).
// Emits the gap, if any, as one run and moves (i, j) to its start.
template <typename Emit>
TROPIC_HOST_DEVICE void walk_boundary(AlignMode mode, std::int64_t& i, std::int64_t& j,
                                      Emit&& emit) {
    if (j == 0 && i > 0 && (mode == AlignMode::Global || mode == AlignMode::Glocal)) {
        emit(CigarOp::Insertion, static_cast<std::uint32_t>(i));
        i = 0;
    } else if (i == 0 && j > 0 && mode == AlignMode::Global) {
        emit(CigarOp::Deletion, static_cast<std::uint32_t>(j));
        j = 0;
    }
}

}  // namespace tropic::align::detail
