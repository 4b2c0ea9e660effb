#pragma once
// One rectangle ("tile") of a syntenic alignment's matrices, the unit the CPU fills: the whole
// matrix for a short pair, a piece of a wavefront for a long one, and the tiles the traceback
// fills again with their direction bits. Rows are query positions i, columns target positions j,
// as DP indices (1-based residues; 0 is the boundary), a tile covering rows [r0, r1) and columns
// [c0, c1) (tile.hpp's TileBounds). It reads the row above it and the column to its left and
// leaves its last row and column:
//   top_s[j] = S(r0 - 1, j) for j in [c0 - 1, c1) (c0 - 1: the corner), top_d, top_h for [c0, c1)
//   bottom_s, bottom_d, bottom_h[j] <- S, D, H(r1 - 1, j) for j in [c0, c1)
//   left_s, left_i, left_h[i]: S, I, H(i, c0 - 1) on entry, (i, c1 - 1) on return, i in [r0, r1)
// Arrays are indexed by the DP index itself; top and bottom never alias, left is updated in place.
#include <cstdint>
#include <span>

#include "align/pairwise/tile.hpp"
#include "align/syntenic/syntenic_cell.hpp"
#include "tropic/align/syntenic.hpp"

namespace tropic::align::detail {

struct SyntenicProblem {
    const std::uint8_t* query = nullptr;   // m codes; row i reads query[i - 1]
    const std::uint8_t* target = nullptr;  // n codes; column j reads target[j - 1]
    std::int64_t m = 0, n = 0;
    const SubstitutionMatrix* matrix = nullptr;
    SyntenicCosts costs{};
};

// The problem of aligning query against target (the spans and params must outlive it).
SyntenicProblem make_syntenic_problem(std::span<const std::uint8_t> query,
                                      std::span<const std::uint8_t> target,
                                      const SyntenicParams& params);

struct SyntenicEdges {
    const std::int32_t* top_s = nullptr;
    const std::int32_t* top_d = nullptr;
    const std::int32_t* top_h = nullptr;
    std::int32_t* bottom_s = nullptr;
    std::int32_t* bottom_d = nullptr;
    std::int32_t* bottom_h = nullptr;
    std::int32_t* left_s = nullptr;
    std::int32_t* left_i = nullptr;
    std::int32_t* left_h = nullptr;
};

// Fills the tile in 32-bit scores (exact for every pair align_syntenic accepts).
void fill_syntenic_tile(const SyntenicProblem& problem, const TileBounds& tile,
                        const SyntenicEdges& edges);

// The same, also writing each cell's direction bits (syntenic_cell.hpp) to
// dirs[(i - r0) * (c1 - c0) + (j - c0)].
void fill_syntenic_directions(const SyntenicProblem& problem, const TileBounds& tile,
                              const SyntenicEdges& edges, std::uint8_t* dirs);

}  // namespace tropic::align::detail
