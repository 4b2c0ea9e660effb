#pragma once
// The exact edit distance E of a candidate (banded_window.hpp), the cascade's last stage.
//
// A wavefront over the band (the O(ND) algorithm of Myers and of Landau and Vishkin): for
// s = 0, 1, ... it keeps, on every diagonal d of the band, the furthest read row i whose cell
// (i, i + d) a path of cost s reaches, first by one edit from the wavefront of cost s - 1 (a
// substitution on d, an insertion from d + 1, a deletion from d - 1), then along matches. It
// ends at the first s whose wavefront reaches row n: E = s.
//
// Why the furthest cell suffices: along a diagonal inside the band the least cost never
// decreases, C(i, j) <= C(i + 1, j + 1). (A best path to (i + 1, j + 1) either steps in from
// (i, j), or leaves the cells (<= i, <= j) at some (i, j') or (i', j); going from there along
// row i or column j to (i, j) stays inside the band and costs j - j' or i - i', which the rest
// of the path must pay too to come back to diagonal d; a path that starts in column j + 1 costs
// at least i + 1, and (0, j) ... (i, j) costs i.) So a cell further along d is never worse.
//
// Cost: O(W * E) plus the matches slid along; each wavefront stops early once s > stop_above.
#include "map/filter/banded_window.hpp"

namespace tropic::map::detail {

// A wavefront cell no path of the current cost reaches: far below row 0, so that adding a few
// edits keeps it there.
inline constexpr int kWavefrontNotReached = -(1 << 28);

// E, or stop_above + 1 once E > stop_above; kUnreachable when the band holds no path.
[[nodiscard]] int banded_edit_distance(const BandedWindow& candidate, int stop_above);

}  // namespace tropic::map::detail
