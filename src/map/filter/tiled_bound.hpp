#pragma once
// GASSST's tiled Needleman-Wunsch filter (TNW): a lower bound of a candidate's edit distance E
// from a DP over disjoint read tiles whose costs are looked up in an l-mer distance table.
//
// The bound. Cut the read into T = floor(n / l) disjoint tiles, tile t = read[a_t, a_t + l) with
// a_t = t * l. For a band diagonal d let f_t(d) = table distance of tile t to the window l-mer
// starting at a_t + d (0 when that l-mer leaves the window; an N, read's or window's, is looked
// up as A). With V_0(d) = 0, c_t(d, d') = max(f_t(d) - |d' - d|, |d' - d|) and
//     V_{t+1}(d') = min(min over |d - d'| <= 2 of V_t(d) + c_t(d, d'),  min over d of V_t(d) + 3),
// d and d' ranging over the diagonals of rows a_t and a_{t+1} inside band and window, the bound
// is B = min over d of V_T(d). (The second term stands for every longer shift: c_t >= |d' - d|
// >= 3 there; it keeps each tile's work at 5 cells per diagonal instead of the band's width, and
// caps what one tile adds to min V at 3. Pricing long shifts exactly instead, c_t = |d' - d| as
// f <= 5 < 2|d' - d|, by two sweeps over the band, rejected no more of the benchmark's
// candidates and took about half as long again.)
//
// Proof that B <= E. Take an optimal path. Let x_t be the last cell of the path in row a_t
// (d_t = x_t - a_t, a band diagonal), y_t the first cell in row a_t + l, and
// g_t = x_{t+1} - y_t >= 0 the deletions in row a_{t+1}. The path's pieces from (a_t, x_t) to
// (a_t + l, y_t) and the deletions g_t are disjoint, so E >= sum_t (e_t + g_t), e_t the cost of
// the piece, which aligns tile t to w[x_t, y_t). With k_t = |y_t - x_t - l|:
//   e_t >= k_t (the piece has at least k_t indels), and
//   e_t >= ed(tile, w[x_t, x_t + l)) - ed(w[x_t, x_t + l), w[x_t, y_t)) >= f_t(d_t) - k_t
//   (triangle inequality; the two window strings share a prefix and differ in length by k_t;
//   replacing an N by A, or dropping the term when the l-mer leaves the window, only lowers
//   it, since N never matches).
// Since d_{t+1} - d_t = (y_t - x_t - l) + g_t, for any g >= 0 and s = d_{t+1} - d_t - g:
//   max(f - |s|, |s|) + g >= max(f - |d_{t+1} - d_t|, |d_{t+1} - d_t|)
// (because |s| <= |d_{t+1} - d_t| + g and |s| + g >= |d_{t+1} - d_t|). So each tile's share of E
// is at least c_t(d_t, d_{t+1}), and by induction over t, E >= sum_t c_t(d_t, d_{t+1}) >=
// V_T(d_T) >= B (V_{t+1}(d') <= V_t(d) + c_t(d, d') for every d, the second term included).
// B >= ceil(M / 2) where M = sum_t min_d f_t(d), the simpler bound, since
// max(f - k, k) >= f / 2; on a candidate that keeps to one diagonal B counts every f_t in full.
#include <cstdint>

#include "map/filter/banded_window.hpp"
#include "map/filter/lmer_distance_table.hpp"

namespace tropic::map::detail {

// Transitions between diagonals more than kTiledMaxShift apart are not followed one by one: they
// cost more than kTiledMaxShift (max(f - k, k) >= k), so min V_t + kTiledMaxShift + 1 bounds
// them all (the second term above).
inline constexpr int kTiledMaxShift = 2;

// V is kept in 16 bits, capped here (a capped lower bound is still a lower bound); cells off
// the window's rows start at the cap.
inline constexpr std::int16_t kTiledCapped = 0x3FFF;

// B above, or min V_t as soon as it exceeds stop_above (also a lower bound: min V_t never
// decreases with t). Values are capped at 16383. O(T * W) for a band of W diagonals.
[[nodiscard]] int tiled_bound(const LmerDistanceTable& table, const BandedWindow& candidate,
                              int stop_above);

}  // namespace tropic::map::detail
