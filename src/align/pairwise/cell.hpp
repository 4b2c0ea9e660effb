#pragma once
// The cell update of affine-gap alignment (pairwise.hpp states the recurrences), written once
// for every kernel: the CPU's scalar tiles and traceback, the long-pair CUDA kernels and the
// batched ones (the database scan's and the short pairs').
#include <cstdint>

#include "tropic/core/host_device.hpp"

namespace tropic::align::detail {

// "Minus infinity" of the 32-bit kernels: far enough below every reachable score that
// subtracting gap costs from it never wraps (align_pair refuses inputs whose scores could reach
// it: check_score_range, pair_checks.hpp), and high enough that -infinity - E stays representable.
inline constexpr std::int32_t kMinusInfinity = -(1 << 30);

struct GapPenalties {
    std::int32_t open_extend;  // O + E: the first residue of a gap
    std::int32_t extend;       // E: each further residue
};

TROPIC_HOST_DEVICE inline std::int32_t max2(std::int32_t a, std::int32_t b) {
    return a > b ? a : b;
}

// I(i,j) from the cell above, D(i,j) from the cell to the left, and H(i,j); `floor` is 0 for
// local alignment and kMinusInfinity otherwise.
struct CellValues {
    std::int32_t h, i, d;
};
TROPIC_HOST_DEVICE inline CellValues update_cell(std::int32_t h_diag, std::int32_t h_up,
                                                 std::int32_t i_up, std::int32_t h_left,
                                                 std::int32_t d_left, std::int32_t substitution,
                                                 GapPenalties gaps, std::int32_t floor) {
    CellValues cell;
    cell.i = max2(h_up - gaps.open_extend, i_up - gaps.extend);
    cell.d = max2(h_left - gaps.open_extend, d_left - gaps.extend);
    cell.h = max2(max2(h_diag + substitution, floor), max2(cell.i, cell.d));
    return cell;
}

#if defined(__CUDACC__)
// update_cell in Hopper's DPX instructions (__viaddmax_s32: max(a + b, c); __vimax3_s32: the max
// of three), six instructions a cell. Equal to update_cell for every input: the same maxima of the
// same sums, only grouped as max(max(diag + s, floor), I, D) and I = max(up - (O + E), I_up - E).
__device__ __forceinline__ CellValues update_cell_dpx(std::int32_t h_diag, std::int32_t h_up,
                                                      std::int32_t i_up, std::int32_t h_left,
                                                      std::int32_t d_left,
                                                      std::int32_t substitution, GapPenalties gaps,
                                                      std::int32_t floor) {
    CellValues cell;
    cell.i = __viaddmax_s32(h_up, -gaps.open_extend, i_up - gaps.extend);
    cell.d = __viaddmax_s32(h_left, -gaps.open_extend, d_left - gaps.extend);
    cell.h = __vimax3_s32(__viaddmax_s32(h_diag, substitution, floor), cell.i, cell.d);
    return cell;
}
#endif

// Where the alignment ends, compared by the tie rule of pairwise.hpp: the larger score, then the
// smaller target end j, then the smaller query end i. Coordinates are DP indices (1-based
// residues; 0 is the boundary row or column).
struct EndCell {
    std::int64_t score = INT64_MIN;
    std::int64_t i = 0, j = 0;
};
TROPIC_HOST_DEVICE inline bool ends_better(std::int64_t score, std::int64_t i, std::int64_t j,
                                           const EndCell& than) {
    if (score != than.score) return score > than.score;
    if (j != than.j) return j < than.j;
    return i < than.i;
}
TROPIC_HOST_DEVICE inline void offer_end(EndCell& best, std::int64_t score, std::int64_t i,
                                         std::int64_t j) {
    if (ends_better(score, i, j, best)) best = {score, i, j};
}

}  // namespace tropic::align::detail
