// The scalar tile kernel: one cell after another, row by row, in 32-bit integers. It is the
// kernel of last resort (scores beyond 16 bits, machines without SSE4.1) and the shape every
// faster kernel reproduces exactly.
#include "align/pairwise/tile.hpp"

namespace tropic::align::detail {

namespace {

// Row i of a tile, columns [c0, c1): row_h/row_i hold H/I of row i - 1 on entry and of row i on
// return. Returns H(i, c1 - 1) and D(i, c1 - 1) through h_left and d_left.
template <AlignMode Mode>
void fill_row(const TileProblem& problem, const TileBounds& tile, std::int64_t i,
              std::int32_t h_diag, std::int32_t& h_left, std::int32_t& d_left, std::int32_t* row_h,
              std::int32_t* row_i, EndCell& best) {
    const std::int32_t* scores =
        problem.matrix->scores.data() + static_cast<std::size_t>(problem.query[i - 1]) *
                                            static_cast<std::size_t>(problem.matrix->size);
    const std::uint8_t* target = problem.target;
    const GapPenalties gaps = problem.gaps;
    constexpr std::int32_t floor = Mode == AlignMode::Local ? 0 : kMinusInfinity;
    const bool last_row = i == problem.m;
    for (std::int64_t j = tile.c0; j < tile.c1; ++j) {
        const std::int32_t h_up = row_h[j];
        const CellValues cell =
            update_cell(h_diag, h_up, row_i[j], h_left, d_left, scores[target[j - 1]], gaps, floor);
        h_diag = h_up;
        row_h[j] = cell.h;
        row_i[j] = cell.i;
        h_left = cell.h;
        d_left = cell.d;
        if constexpr (Mode == AlignMode::Local) {
            if (cell.h >= best.score) [[unlikely]]
                offer_end(best, cell.h, i, j);
        } else if constexpr (Mode == AlignMode::Glocal || Mode == AlignMode::Overlap) {
            if (last_row) offer_end(best, cell.h, i, j);
        }
    }
    if constexpr (Mode == AlignMode::Overlap)
        if (tile.c1 == problem.n + 1) offer_end(best, h_left, i, problem.n);
}

template <AlignMode Mode>
void fill_tile_mode(const TileProblem& problem, const TileBounds& tile, const TileEdges& edges,
                    EndCell& best) {
    std::int32_t* row_h = edges.bottom_h;
    std::int32_t* row_i = edges.bottom_i;
    for (std::int64_t j = tile.c0; j < tile.c1; ++j) {
        row_h[j] = edges.top_h[j];
        row_i[j] = edges.top_i[j];
    }
    std::int32_t h_diag = edges.top_h[tile.c0 - 1];
    for (std::int64_t i = tile.r0; i < tile.r1; ++i) {
        std::int32_t h_left = edges.left_h[i];
        std::int32_t d_left = edges.left_d[i];
        const std::int32_t next_diag = h_left;  // H(i, c0 - 1): the diagonal of row i + 1
        fill_row<Mode>(problem, tile, i, h_diag, h_left, d_left, row_h, row_i, best);
        edges.left_h[i] = h_left;
        edges.left_d[i] = d_left;
        h_diag = next_diag;
    }
}

}  // namespace

void fill_tile_scalar(const TileProblem& problem, const TileBounds& tile, const TileEdges& edges,
                      EndCell& best) {
    switch (problem.mode) {
        case AlignMode::Local:
            return fill_tile_mode<AlignMode::Local>(problem, tile, edges, best);
        case AlignMode::Global:
            return fill_tile_mode<AlignMode::Global>(problem, tile, edges, best);
        case AlignMode::Glocal:
            return fill_tile_mode<AlignMode::Glocal>(problem, tile, edges, best);
        case AlignMode::Overlap:
            return fill_tile_mode<AlignMode::Overlap>(problem, tile, edges, best);
    }
}

}  // namespace tropic::align::detail
