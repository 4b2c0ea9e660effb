// The scalar tile of syntenic alignment: one cell after another, row by row, in 32-bit integers,
// through the cell rule every backend shares (syntenic_cell.hpp).
#include "align/syntenic/syntenic_tile.hpp"

namespace tropic::align::detail {

SyntenicProblem make_syntenic_problem(std::span<const std::uint8_t> query,
                                      std::span<const std::uint8_t> target,
                                      const SyntenicParams& params) {
    SyntenicProblem problem;
    problem.query = query.data();
    problem.target = target.data();
    problem.m = static_cast<std::int64_t>(query.size());
    problem.n = static_cast<std::int64_t>(target.size());
    problem.matrix = &params.scoring.matrix;
    const GapCosts gaps = params.scoring.gaps;
    problem.costs = {gaps.open + gaps.extend, gaps.extend, params.block_cost,
                     params.block_ends == BlockEnds::Charged};
    return problem;
}

namespace {

template <bool Directions>
void fill_tile(const SyntenicProblem& p, const TileBounds& tile, const SyntenicEdges& edges,
               std::uint8_t* dirs) {
    std::int32_t* row_s = edges.bottom_s;
    std::int32_t* row_d = edges.bottom_d;
    std::int32_t* row_h = edges.bottom_h;
    for (std::int64_t j = tile.c0; j < tile.c1; ++j) {
        row_s[j] = edges.top_s[j];
        row_d[j] = edges.top_d[j];
        row_h[j] = edges.top_h[j];
    }
    const SyntenicCosts costs = p.costs;
    const std::int64_t width = tile.c1 - tile.c0;
    std::int32_t s_diag = edges.top_s[tile.c0 - 1];
    for (std::int64_t i = tile.r0; i < tile.r1; ++i) {
        const std::int32_t* scores =
            p.matrix->scores.data() +
            static_cast<std::size_t>(p.query[i - 1]) * static_cast<std::size_t>(p.matrix->size);
        std::int32_t s_left = edges.left_s[i];
        std::int32_t i_left = edges.left_i[i];
        std::int32_t h_left = edges.left_h[i];
        const std::int32_t next_diag = s_left;  // S(i, c0 - 1): the diagonal of row i + 1
        std::uint8_t* out = Directions ? dirs + (i - tile.r0) * width : nullptr;
        for (std::int64_t j = tile.c0; j < tile.c1; ++j) {
            const std::int32_t s_up = row_s[j], d_up = row_d[j], h_up = row_h[j];
            const std::int32_t substitution = scores[p.target[j - 1]];
            const SyntenicCell cell = syntenic_cell(s_diag, s_up, d_up, h_up, s_left, i_left,
                                                    h_left, substitution, costs);
            if constexpr (Directions)
                out[j - tile.c0] = syntenic_direction(cell, s_diag, d_up, h_up, s_left, i_left,
                                                      h_left, substitution, costs);
            s_diag = s_up;
            row_s[j] = cell.s;
            row_d[j] = cell.d;
            row_h[j] = cell.h;
            s_left = cell.s;
            i_left = cell.i;
            h_left = cell.h;
        }
        edges.left_s[i] = s_left;
        edges.left_i[i] = i_left;
        edges.left_h[i] = h_left;
        s_diag = next_diag;
    }
}

}  // namespace

void fill_syntenic_tile(const SyntenicProblem& problem, const TileBounds& tile,
                        const SyntenicEdges& edges) {
    fill_tile<false>(problem, tile, edges, nullptr);
}

void fill_syntenic_directions(const SyntenicProblem& problem, const TileBounds& tile,
                              const SyntenicEdges& edges, std::uint8_t* dirs) {
    fill_tile<true>(problem, tile, edges, dirs);
}

}  // namespace tropic::align::detail
