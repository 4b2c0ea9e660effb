#pragma once
// One rectangle ("tile") of the alignment matrix, the unit every CPU kernel fills: the scalar
// kernel here, the SIMD kernels (striped), and the wavefront that spreads a long pair's tiles
// over threads. A pair aligned in one piece is one tile of the whole matrix.
//
// Rows are query positions i and columns target positions j, as DP indices (pairwise.hpp): a
// tile covers rows [r0, r1) and columns [c0, c1), 1 <= r0 < r1 <= m + 1, 1 <= c0 < c1 <= n + 1.
// It reads the row above it and the column to its left and leaves its last row and column:
//   top_h[j]   = H(r0 - 1, j) for j in [c0 - 1, c1)   (c0 - 1: the corner)
//   top_i[j]   = I(r0 - 1, j) for j in [c0, c1)
//   bottom_h[j], bottom_i[j] <- H, I(r1 - 1, j) for j in [c0, c1)
//   left_h[i], left_d[i]: H, D(i, c0 - 1) on entry, H, D(i, c1 - 1) on return, i in [r0, r1)
// The arrays are indexed by the DP index itself (a full row or column may be passed). top and
// bottom never alias; left is updated in place.
#include <cstdint>
#include <span>

#include "align/pairwise/cell.hpp"
#include "tropic/align/pairwise.hpp"

namespace tropic::align::detail {

// What a tile kernel knows of the problem.
struct TileProblem {
    const std::uint8_t* query = nullptr;   // m codes; row i reads query[i - 1]
    const std::uint8_t* target = nullptr;  // n codes; column j reads target[j - 1]
    std::int64_t m = 0, n = 0;
    const SubstitutionMatrix* matrix = nullptr;
    GapPenalties gaps{};
    AlignMode mode = AlignMode::Local;
};

// The problem of aligning query against target in `mode` (the spans must outlive it).
inline TileProblem make_tile_problem(std::span<const std::uint8_t> query,
                                     std::span<const std::uint8_t> target, AlignMode mode,
                                     const Scoring& scoring) {
    TileProblem problem;
    problem.query = query.data();
    problem.target = target.data();
    problem.m = static_cast<std::int64_t>(query.size());
    problem.n = static_cast<std::int64_t>(target.size());
    problem.matrix = &scoring.matrix;
    problem.gaps = {scoring.gaps.open + scoring.gaps.extend, scoring.gaps.extend};
    problem.mode = mode;
    return problem;
}

struct TileBounds {
    std::int64_t r0 = 1, r1 = 1, c0 = 1, c1 = 1;
};

struct TileEdges {
    const std::int32_t* top_h = nullptr;
    const std::int32_t* top_i = nullptr;
    std::int32_t* bottom_h = nullptr;
    std::int32_t* bottom_i = nullptr;
    std::int32_t* left_h = nullptr;
    std::int32_t* left_d = nullptr;
};

// The cells of a tile that may end the alignment (pairwise.hpp): every cell for local, row m for
// glocal, row m and column n for overlap, none for global (the caller reads H(m, n)).
// offer_end() them all into `best`.
//
// Fills the tile with 32-bit scores (exact for every input align_pair accepts).
void fill_tile_scalar(const TileProblem& problem, const TileBounds& tile, const TileEdges& edges,
                      EndCell& best);

// The floor of H: 0 for local, kMinusInfinity otherwise.
inline std::int32_t h_floor(AlignMode mode) {
    return mode == AlignMode::Local ? 0 : kMinusInfinity;
}

// Boundary values (pairwise.hpp): H(0, j) and H(i, 0), on host and device. Inline: fill_pair sets a
// whole row and column of them for every pair, a call per cell cost ~0.03 instructions per cell at
// 300 x 300.
TROPIC_HOST_DEVICE inline std::int32_t boundary_row_h(AlignMode mode, GapPenalties gaps,
                                                      std::int64_t j) {
    if (j == 0 || mode != AlignMode::Global) return 0;
    return static_cast<std::int32_t>(-(gaps.open_extend - gaps.extend) - j * gaps.extend);
}
TROPIC_HOST_DEVICE inline std::int32_t boundary_column_h(AlignMode mode, GapPenalties gaps,
                                                         std::int64_t i) {
    if (i == 0 || mode == AlignMode::Local || mode == AlignMode::Overlap) return 0;
    return static_cast<std::int32_t>(-(gaps.open_extend - gaps.extend) - i * gaps.extend);
}

}  // namespace tropic::align::detail
