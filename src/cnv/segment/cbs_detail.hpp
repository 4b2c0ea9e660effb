#pragma once
// The rules of our circular binary segmentation (segment_cbs) that the fast search and the plain
// test reference must share to give identical segments: the arc statistic and which arcs count,
// the seeded jitter and permutations, the hybrid tail probability and the decision rule. The
// searches themselves (branch and bound here, O(n^2) loops in the reference) are separate.
//
// Notation (Olshen et al., Biostatistics 2004): a segment y[0..n) is centred (its mean removed)
// and c[t] = y[0] + ... + y[t-1], c[0] = 0. An arc (i, j), 0 <= i < j <= n, (i, j) != (0, n), is
// the run y[i..j) of k = j - i values; the rest of the circle is the other n - k values. Its
// statistic is (c[j] - c[i])^2 / (k (n - k)), which is the between-group sum of squares of that
// split divided by n: the squared two-sample t statistic of Olshen et al. is a monotone function of
// it when the total sum of squares is fixed, as it is under permutation, so the permutation test
// can compare these values directly.
#include <cmath>
#include <cstddef>
#include <cstdint>
#include <random>
#include <span>
#include <utility>
#include <vector>

#include "tropic/cnv/cnmops_params.hpp"

namespace tropic::cnv::detail {

// DNAcopy::segment's parameters as cn.mops uses them (the R defaults it leaves alone: p.method
// "hybrid", kmax 25, nmin 200).
struct CbsConfig {
    double alpha = 0.01;         // alpha
    std::int64_t nperm = 10000;  // nperm
    std::size_t min_width = 2;   // min.width (cn.mops: min(minWidth, 5))
    std::size_t kmax = 25;       // kmax: widest "short" arc whose maximum the hybrid permutes
    std::size_t nmin = 200;      // nmin: segments this long or longer use the hybrid p-value
};

CbsConfig config_from(const CnmopsParams& params);

// Standard deviation of the jitter cn.mops adds before DNAcopy: rnorm(sd = 1e-5).
inline constexpr double kJitterSd = 1e-5;

// x plus N(0, kJitterSd^2) noise from a generator seeded by `seed` (cn.mops breaks the many ties
// of sI/NI values this way; without it equal statistics would make the arc choice arbitrary).
std::vector<double> jittered(std::span<const double> x, std::uint64_t seed);

// The generator of the permutations of the segment [first, first + n) of a sequence: seeded
// from (seed, first, n) so that a segment's permutations do not depend on the order in which
// the recursion reaches it (the reference recurses differently from the fast code).
std::mt19937_64 segment_rng(std::uint64_t seed, std::size_t first, std::size_t n);

// A uniform draw in [0, bound) (bound >= 1) by Lemire's multiply-and-reject, written out so
// that the permutations are the same with every standard library (std::uniform_int_distribution
// is implementation-defined).
std::uint64_t uniform_below(std::mt19937_64& rng, std::uint64_t bound);

// Fisher-Yates shuffle of v with uniform_below.
void shuffle(std::span<double> v, std::mt19937_64& rng);

// The statistic of an arc of width k with sum d in a segment of n values.
inline double arc_stat(double d, std::size_t k, std::size_t n) {
    return (d * d) * (1.0 / (static_cast<double>(k) * static_cast<double>(n - k)));
}

// min.width, as DNAcopy applies it: both arcs of the circle (the run and the rest) have at
// least min_width values. The pieces [0, i) and [j, n) of an interior arc may be narrower (R's
// DNAcopy returns such segments too; settle_arc_ends usually removes them).
inline bool arc_allowed(std::size_t i, std::size_t j, std::size_t n, std::size_t min_width) {
    const std::size_t k = j - i;
    return k >= min_width && n - k >= min_width;
}

// A "short" arc of the hybrid method: the smaller side of the circle has at most kmax values.
inline bool arc_short(std::size_t i, std::size_t j, std::size_t n, std::size_t kmax) {
    const std::size_t k = j - i;
    return k <= kmax || n - k <= kmax;
}

struct Arc {
    std::size_t i = 0;
    std::size_t j = 0;
    double stat = -1;  // -1: no allowed arc
};

// The order among arcs: a larger statistic wins; equal statistics go to the smaller (i, j).
inline bool arc_better(double stat, std::size_t i, std::size_t j, const Arc& best) {
    if (stat != best.stat) return stat > best.stat;
    return i < best.i || (i == best.i && j < best.j);
}

// The segment's values less their mean (the sum taken left to right), and the running sums
// c[0] = 0, c[t] = c[t-1] + v[t-1] of such values: both searches and both permutation tests
// compute them with these functions, so their statistics agree to the last bit.
std::vector<double> centred(std::span<const double> y);
void cumulative_sums(std::span<const double> v, std::vector<double>& c);

// The best allowed arc of the segment whose running sums are c (n = c.size() - 1), by the order
// of arc_better, found exactly by branch and bound (cbs.cpp); stat -1 when no arc is allowed.
Arc best_arc(std::span<const double> c, std::size_t min_width);

// Siegmund's approximation of the probability that the maximal |t| over the "long" arcs of a
// segment of n values (both sides wider than kmax) of i.i.d. normal data exceeds b: the
// Brownian-bridge approximation of Venkatraman & Olshen (Bioinformatics 2007, section 2.2) with
// Siegmund's discreteness correction nu. Derivation in cbs.cpp.
double long_arc_tail_probability(double b, std::size_t n, std::size_t kmax);

// Whether the piece y (an edge of the circle and the arc beside it) changes level at `split`:
// the two-sample |t| of that split against Siegmund's approximation of the maximal |t| of plain
// binary segmentation over all split points (the one-parameter analogue of
// long_arc_tail_probability, since the split was chosen by a maximum), at level alpha.
bool edge_change_significant(std::span<const double> y, std::size_t split, double alpha);

// The change points a significant arc (i, j) of the segment y leaves: (i, j), or (i, n) or
// (0, j) when one end of an interior arc is not backed by edge_change_significant.
std::pair<std::size_t, std::size_t> settle_arc_ends(std::span<const double> y, std::size_t i,
                                                    std::size_t j, const CbsConfig& config);

// The observed |t| of the best arc: its between-group sum of squares against the within-group
// variance with n - 2 degrees of freedom (infinite when the split leaves no residual variance).
double arc_t_statistic(double stat, std::size_t n, double total_ss);

// The largest number of permutations whose (short-arc, for the hybrid) maximum may reach the
// observed statistic with the segment still called changed: p = count / nperm + tail <= alpha.
// -1 when the tail alone is already above alpha (no permutation needed).
std::int64_t allowed_exceedances(const CbsConfig& config, double tail);

}  // namespace tropic::cnv::detail
