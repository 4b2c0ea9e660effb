// Circular binary segmentation (Olshen, Venkatraman, Lucito & Wigler, Biostatistics 2004) with
// the hybrid p-value of Venkatraman & Olshen (Bioinformatics 2007), as cn.mops runs
// DNAcopy::segment. Written from the papers and DNAcopy's manual pages, not from its code.
//
// One segment at a time (a work list, so the recursion depth does not grow with the number of
// changes): find the arc with the largest statistic (cbs_detail.hpp), test it, and if it is
// significant split the segment into the two or three pieces the arc leaves and test each.
//
// Differences from DNAcopy (docs/cnv.md, quirk 10, states what a user sees of them):
//  - The maximal arc is found exactly for every n (branch and bound below), where DNAcopy
//    searches long segments approximately first.
//  - The permutation test is decided exactly as the full nperm permutations would decide it; it
//    stops as soon as the count of exceedances already makes the segment unchanged, instead of
//    at DNAcopy's sequential boundary (getbdry), which stops sooner at the price of a probability
//    eta of a different decision.
//  - The permutations (and cn.mops' jitter) come from our own seeded generator, so borderline
//    p-values can fall on the other side of alpha than in R.
//  - trim does not enter: DNAcopy uses its trimmed variance only to smooth outliers (not done by
//    segment()) and for undo.splits = "sdundo" (cn.mops leaves undo.splits = "none").
#include <algorithm>
#include <array>
#include <cmath>
#include <limits>
#include <numbers>
#include <optional>
#include <utility>
#include <vector>

#include "cnv/segment/cbs_detail.hpp"
#include "core/internal/seed_mixing.hpp"
#include "tropic/cnv/segmentation.hpp"

namespace tropic::cnv {
namespace detail {
namespace {

// A double in (0, 1) from the top 53 bits.
double open_unit(std::mt19937_64& rng) {
    return (static_cast<double>(rng() >> 11) + 0.5) * 0x1.0p-53;
}

double normal_cdf(double x) {
    return 0.5 * std::erfc(-x / std::numbers::sqrt2);
}
double normal_pdf(double x) {
    return std::exp(-0.5 * x * x) / std::sqrt(2 * std::numbers::pi);
}

// Siegmund's discreteness correction of a boundary-crossing probability, in the closed-form
// approximation of Siegmund & Yakir (The Statistics of Gene Mapping, 2007, eq. 4.35).
double nu(double x) {
    if (x < 1e-8) return 1.0;
    const double h = x / 2;
    return (2 / x) * (normal_cdf(h) - 0.5) / (h * normal_cdf(h) + normal_pdf(h));
}

// The integral of f over [lo, 1/2] by Simpson's rule in log u (steps even), where the tail
// integrands, steep near lo, vary slowly.
template <typename F>
double integrate_to_half(double lo, int steps, F f) {
    const double s0 = std::log(lo);
    const double h = (std::log(0.5) - s0) / steps;
    double integral = 0;
    for (int step = 0; step <= steps; ++step) {
        const double u = std::exp(s0 + h * step);
        const double simpson = (step == 0 || step == steps) ? 1 : (step % 2 == 1 ? 4 : 2);
        integral += simpson * f(u) * u;  // du = u ds
    }
    return integral * h / 3;
}

// Minimum and maximum of the running sums over aligned blocks of 2^level entries, for the bounds
// of the branch and bound.
struct BlockExtremes {
    std::vector<std::vector<double>> min, max;
    explicit BlockExtremes(std::span<const double> c) {
        min.emplace_back(c.begin(), c.end());
        max.emplace_back(c.begin(), c.end());
        while (min.back().size() > 1) {
            const auto& lo = min.back();
            const auto& hi = max.back();
            std::vector<double> nlo((lo.size() + 1) / 2), nhi(nlo.size());
            for (std::size_t p = 0; p < nlo.size(); ++p) {
                const std::size_t q = std::min(2 * p + 1, lo.size() - 1);
                nlo[p] = std::min(lo[2 * p], lo[q]);
                nhi[p] = std::max(hi[2 * p], hi[q]);
            }
            min.push_back(std::move(nlo));
            max.push_back(std::move(nhi));
        }
    }
};

struct Node {
    unsigned level;
    std::size_t index;
};

}  // namespace

CbsConfig config_from(const CnmopsParams& params) {
    CbsConfig config;
    config.alpha = params.cbs_alpha;
    config.nperm = params.cbs_permutations;
    // cn.mops caps minWidth at 5 for DNAcopy, whose min.width must lie in 2..5.
    config.min_width = static_cast<std::size_t>(std::clamp(params.min_width, 2, 5));
    return config;
}

std::vector<double> jittered(std::span<const double> x, std::uint64_t seed) {
    std::mt19937_64 rng(splitmix64(seed ^ 0x6a69747465720000ULL));  // "jitter"
    std::vector<double> out(x.begin(), x.end());
    // Box-Muller, written out for the same reason as uniform_below.
    for (std::size_t t = 0; t < out.size(); t += 2) {
        const double r = std::sqrt(-2 * std::log(open_unit(rng)));
        const double phi = 2 * std::numbers::pi * open_unit(rng);
        out[t] += kJitterSd * r * std::cos(phi);
        if (t + 1 < out.size()) out[t + 1] += kJitterSd * r * std::sin(phi);
    }
    return out;
}

std::mt19937_64 segment_rng(std::uint64_t seed, std::size_t first, std::size_t n) {
    std::uint64_t s = splitmix64(seed);
    s = splitmix64(s ^ static_cast<std::uint64_t>(first));
    s = splitmix64(s ^ (static_cast<std::uint64_t>(n) << 1));
    return std::mt19937_64(s);
}

std::uint64_t uniform_below(std::mt19937_64& rng, std::uint64_t bound) {
    unsigned __int128 m = static_cast<unsigned __int128>(rng()) * bound;
    auto low = static_cast<std::uint64_t>(m);
    if (low < bound) {
        const std::uint64_t threshold = (0 - bound) % bound;
        while (low < threshold) {
            m = static_cast<unsigned __int128>(rng()) * bound;
            low = static_cast<std::uint64_t>(m);
        }
    }
    return static_cast<std::uint64_t>(m >> 64);
}

void shuffle(std::span<double> v, std::mt19937_64& rng) {
    for (std::size_t t = v.size(); t > 1; --t) std::swap(v[t - 1], v[uniform_below(rng, t)]);
}

std::vector<double> centred(std::span<const double> y) {
    double sum = 0;
    for (double value : y) sum += value;
    const double mean = sum / static_cast<double>(y.size());
    std::vector<double> v(y.size());
    for (std::size_t t = 0; t < y.size(); ++t) v[t] = y[t] - mean;
    return v;
}

void cumulative_sums(std::span<const double> v, std::vector<double>& c) {
    c.resize(v.size() + 1);
    c[0] = 0;
    for (std::size_t t = 0; t < v.size(); ++t) c[t + 1] = c[t] + v[t];
}

// The tail approximation. For i.i.d. N(0, s^2) data the centred running sums, scaled by
// s sqrt(n), approach a Brownian bridge W on [0, 1], and the t of the arc (s, s + u) approaches
// Z = (W(s + u) - W(s)) / sqrt(u (1 - u)), a unit-variance field with
// 1 - corr ~ (|ds| + |dt|) / (2 u (1 - u)) locally. The Pickands/Siegmund approximation of a
// two-parameter field with such locally additive covariance gives
//   P(max Z > b) ~ b^3 phi(b) integral of a(s,t)^2 ds dt,  a = 1 / (2 u (1 - u)),
// and the random-walk (discrete) version multiplies each a b^2 by nu(b sqrt(2 a / n)), i.e.
// nu(b / sqrt(n u (1 - u)))^2. Over s, an arc of width u has 1 - u positions; doubling for |Z|
// and folding u > 1/2 onto 1 - u (the same splits) leaves
//   P(max |Z| > b) ~ (b^3 phi(b) / 2) * integral over [u0, 1/2] of nu(.)^2 / (u^2 (1-u)^2) du,
// with u0 = (kmax + 1/2) / n for the arcs whose smaller side is wider than kmax.
double long_arc_tail_probability(double b, std::size_t n, std::size_t kmax) {
    if (!std::isfinite(b)) return 0;
    const double nd = static_cast<double>(n);
    const double u0 = (static_cast<double>(kmax) + 0.5) / nd;
    if (u0 >= 0.5) return 0;
    constexpr int kSteps = 256;  // even
    const double integral = integrate_to_half(u0, kSteps, [&](double u) {
        const double w = u * (1 - u);
        const double corr = nu(b / std::sqrt(nd * w));
        return corr * corr / (w * w);
    });
    return std::min(1.0, 0.5 * b * b * b * normal_pdf(b) * integral);
}

// For one change point the same reasoning with a(t) = 1 / (2 t (1 - t)) for the split at t gives
//   P(max |Z| > b) ~ 2 b phi(b) * integral over [t0, 1/2] of nu(b / sqrt(m t (1-t))) / (t (1-t)),
// Siegmund's (1988) approximation for a change in a normal mean.
bool edge_change_significant(std::span<const double> y, std::size_t split, double alpha) {
    const std::size_t m = y.size();
    if (split == 0 || split >= m || m < 3) return false;
    const std::vector<double> v = centred(y);
    double total_ss = 0, c = 0;
    for (double value : v) total_ss += value * value;
    for (std::size_t t = 0; t < split; ++t) c += v[t];
    const double best = arc_stat(c, split, m);
    const double b = arc_t_statistic(best, m, total_ss);
    if (!std::isfinite(b)) return true;
    const double md = static_cast<double>(m);
    const double t0 = 0.5 / md;
    if (t0 >= 0.5) return false;
    constexpr int kSteps = 128;  // even
    const double integral = integrate_to_half(t0, kSteps, [&](double t) {
        const double w = t * (1 - t);
        return nu(b / std::sqrt(md * w)) / w;
    });
    return 2 * b * normal_pdf(b) * integral <= alpha;
}

// An interior arc claims two change points, but the maximal arc often reaches a few values past
// a single real change into the noise at a far end (a segment with one change has arcs (i, j)
// with small i as large as (0, j)). DNAcopy checks such arcs' ends with binary segmentation
// (Olshen et al. 2004); here each end's change point is kept when binary segmentation of that
// edge together with the arc finds a change, and when neither would, the arc stands as found.
std::pair<std::size_t, std::size_t> settle_arc_ends(std::span<const double> y, std::size_t i,
                                                    std::size_t j, const CbsConfig& config) {
    const std::size_t n = y.size();
    if (i == 0 || j == n) return {i, j};
    const bool keep_i = edge_change_significant(y.subspan(0, j), i, config.alpha);
    const bool keep_j = edge_change_significant(y.subspan(i, n - i), j - i, config.alpha);
    if (keep_i && !keep_j) return {i, n};
    if (keep_j && !keep_i) return {0, j};
    return {i, j};
}

double arc_t_statistic(double stat, std::size_t n, double total_ss) {
    const double between = stat * static_cast<double>(n);
    const double within = total_ss - between;
    if (within <= 0) return std::numeric_limits<double>::infinity();
    return std::sqrt(between / (within / static_cast<double>(n - 2)));
}

std::int64_t allowed_exceedances(const CbsConfig& config, double tail) {
    if (tail > config.alpha) return -1;
    // The small allowance keeps alpha * nperm = 100 (the defaults) from rounding down to 99.
    return static_cast<std::int64_t>(
        std::floor((config.alpha - tail) * static_cast<double>(config.nperm) + 1e-9));
}

// Branch and bound over pairs of aligned blocks of i and j. The bound of a pair uses the
// extremes of c in both blocks (|c[j] - c[i]| is at most the larger cross difference) and the
// largest weight 1 / (k (n - k)) over the widths the pair can form, which is at an end of that
// range since k (n - k) is concave. Both are exact upper bounds in floating point (rounding is
// monotone and k (n - k) is an exact integer), so pruning only pairs whose bound is strictly
// below the best statistic found keeps the result identical to the full O(n^2) search, ties
// included. Pairs are visited depth first, the more promising child first; an O(n) pass over the
// arcs that touch an end (those of plain binary segmentation) and the arc between the extremes
// of c gives a good first best, so most of the n^2 / 2 pairs fall in large pruned blocks.
Arc best_arc(std::span<const double> c, std::size_t min_width) {
    Arc best;
    const std::size_t n = c.size() - 1;
    if (n < 2 * min_width) return best;
    auto consider = [&](std::size_t i, std::size_t j) {
        if (!arc_allowed(i, j, n, min_width)) return;
        const double stat = arc_stat(c[j] - c[i], j - i, n);
        if (arc_better(stat, i, j, best)) best = {i, j, stat};
    };
    for (std::size_t j = 1; j < n; ++j) consider(0, j);
    for (std::size_t i = 1; i < n; ++i) consider(i, n);
    {
        const auto lo = std::min_element(c.begin(), c.end()) - c.begin();
        const auto hi = std::max_element(c.begin(), c.end()) - c.begin();
        if (lo != hi) consider(std::min(lo, hi), std::max(lo, hi));
    }

    const BlockExtremes blocks(c);
    const std::size_t entries = n + 1;
    auto range = [&](Node a) {
        const std::size_t lo = a.index << a.level;
        return std::pair{lo, std::min(entries, (a.index + 1) << a.level)};
    };
    auto weight = [&](std::size_t k) {
        return 1.0 / (static_cast<double>(k) * static_cast<double>(n - k));
    };
    // Upper bound of the statistic over the allowed arcs with i in block a and j in block b;
    // -1 when there are none.
    auto bound = [&](Node a, Node b) {
        const auto [i0, i1] = range(a);
        const auto [j0, j1] = range(b);
        if (j1 - 1 <= i0) return -1.0;
        std::size_t kmin = j0 > i1 - 1 ? j0 - (i1 - 1) : 1;
        std::size_t kmax = (j1 - 1) - i0;
        kmin = std::max(kmin, min_width);
        kmax = std::min(kmax, n - min_width);
        if (kmin > kmax) return -1.0;
        const double d = std::max(blocks.max[b.level][b.index] - blocks.min[a.level][a.index],
                                  blocks.max[a.level][a.index] - blocks.min[b.level][b.index]);
        return (d * d) * std::max(weight(kmin), weight(kmax));
    };

    constexpr unsigned kLeafLevel = 4;  // blocks of 16 running sums are searched exhaustively
    struct Pending {
        Node a, b;
        double bound;
    };
    std::vector<Pending> stack;
    const Node root{static_cast<unsigned>(blocks.min.size() - 1), 0};
    stack.push_back({root, root, bound(root, root)});
    while (!stack.empty()) {
        const Pending top = stack.back();
        stack.pop_back();
        if (top.bound < best.stat) continue;
        if (top.a.level <= kLeafLevel && top.b.level <= kLeafLevel) {
            const auto [i0, i1] = range(top.a);
            const auto [j0, j1] = range(top.b);
            for (std::size_t i = i0; i < i1; ++i)
                for (std::size_t j = std::max(j0, i + 1); j < j1; ++j) consider(i, j);
            continue;
        }
        // Split the larger block (the i block on equal levels).
        std::array<Pending, 2> children{};
        std::size_t count = 0;
        const bool split_a = top.a.level >= top.b.level;
        const Node parent = split_a ? top.a : top.b;
        const std::size_t level_size = blocks.min[parent.level - 1].size();
        for (std::size_t child = 2 * parent.index; child < 2 * parent.index + 2; ++child) {
            if (child >= level_size) break;
            const Node node{parent.level - 1, child};
            const Node a = split_a ? node : top.a;
            const Node b = split_a ? top.b : node;
            const double value = bound(a, b);
            if (value >= 0 && value >= best.stat) children[count++] = {a, b, value};
        }
        if (count == 2 && children[0].bound > children[1].bound)
            std::swap(children[0], children[1]);
        for (std::size_t t = 0; t < count; ++t) stack.push_back(children[t]);
    }
    return best;
}

}  // namespace detail

namespace {

using detail::Arc;
using detail::CbsConfig;

// Whether some allowed arc of the permuted segment (running sums c) reaches `observed`: over
// all arcs, or over the short ones only for the hybrid p-value. Stops at the first that does.
// For the hybrid, a short run of width k whose values all have |v| <= tau cannot reach observed
// (see hybrid_tau), so only the runs that hold a value above tau are looked at; those are few,
// which makes a permutation cost O(n) (its shuffle and sums) instead of O(n kmax).
bool permutation_reaches(std::span<const double> v, std::span<const double> c,
                         std::size_t min_width, bool hybrid, std::size_t kmax, double tau,
                         double observed) {
    const std::size_t n = c.size() - 1;
    auto reaches = [&](std::size_t i, std::size_t j) {
        return detail::arc_allowed(i, j, n, min_width) &&
               detail::arc_stat(c[j] - c[i], j - i, n) >= observed;
    };
    if (!hybrid) {
        for (std::size_t k = min_width; k + min_width <= n; ++k)
            for (std::size_t i = 0; i + k <= n; ++i)
                if (reaches(i, i + k)) return true;
        return false;
    }
    // Wide arcs (n - k <= kmax): about kmax^2 / 2 of them, all checked.
    for (std::size_t k = n - kmax; k < n; ++k)
        for (std::size_t i = 0; i + k <= n; ++i)
            if (reaches(i, i + k)) return true;
    // Short runs that hold a value above tau.
    for (std::size_t p = 0; p < n; ++p) {
        if (!(std::abs(v[p]) > tau)) continue;
        for (std::size_t k = min_width; k <= kmax; ++k) {
            const std::size_t lo = p + 1 >= k ? p + 1 - k : 0;
            const std::size_t hi = std::min(p, n - k);
            for (std::size_t i = lo; i <= hi; ++i)
                if (reaches(i, i + k)) return true;
        }
    }
    return false;
}

// The largest tau such that no short run (width k <= kmax) of values with |v| <= tau can reach
// observed: k tau plus the rounding margin of the running sums stays below
// sqrt(observed k (n - k)) for every k. -1 (look at every run) when there is no such tau.
double hybrid_tau(std::size_t n, std::size_t min_width, std::size_t kmax, double observed,
                  double margin) {
    double tau = std::numeric_limits<double>::infinity();
    for (std::size_t k = min_width; k <= kmax; ++k) {
        const double kd = static_cast<double>(k);
        const double d = std::sqrt(observed * kd * static_cast<double>(n - k));
        tau = std::min(tau, (d * (1 - 1e-9) - margin) / kd);
    }
    return tau > 0 ? tau : -1.0;
}

double sum_abs(std::span<const double> v) {
    double sum = 0;
    for (double value : v) sum += std::abs(value);
    return sum;
}

// Bound on the rounding of the difference of two running sums of n values.
double rounding_margin(std::span<const double> v) {
    return 4 * static_cast<double>(v.size()) * std::numeric_limits<double>::epsilon() * sum_abs(v);
}

// An upper bound of the short-arc statistic over every permutation of v: the sum of a short arc
// of width k (or the negated sum of the k values outside a wide one) lies between the sums of
// the k smallest and the k largest values. The margin covers the rounding of the running sums
// (each within n eps sum|v| of the exact sums). Observed statistics above it need no
// permutations: none can reach them.
double short_arc_ceiling(std::span<const double> v, std::size_t min_width, std::size_t kmax) {
    const std::size_t n = v.size();
    std::vector<double> sorted(v.begin(), v.end());
    std::sort(sorted.begin(), sorted.end());
    const double margin = rounding_margin(v);
    double ceiling = 0, low = 0, high = 0;
    for (std::size_t k = 1; k <= kmax; ++k) {
        low += sorted[k - 1];
        high += sorted[n - k];
        if (k < min_width) continue;
        const double d = std::max(high, -low) * (1 + 1e-12) + margin;
        ceiling = std::max(ceiling, detail::arc_stat(d, k, n));
    }
    return ceiling;
}

// The best arc of the segment y (at `first` in the sequence) when it is significant.
std::optional<Arc> significant_arc(std::span<const double> y, std::size_t first,
                                   const CbsConfig& config, std::uint64_t seed) {
    const std::size_t n = y.size();
    std::vector<double> v = detail::centred(y);
    std::vector<double> c;
    detail::cumulative_sums(v, c);
    const Arc arc = detail::best_arc(c, config.min_width);
    if (arc.stat <= 0) return std::nullopt;  // no allowed arc, or constant data

    const bool hybrid = n >= config.nmin && n > 2 * config.kmax;
    double tail = 0;
    if (hybrid) {
        double total_ss = 0;
        for (double value : v) total_ss += value * value;
        tail = detail::long_arc_tail_probability(detail::arc_t_statistic(arc.stat, n, total_ss), n,
                                                 config.kmax);
    }
    const std::int64_t allowed = detail::allowed_exceedances(config, tail);
    if (allowed < 0) return std::nullopt;
    if (hybrid && short_arc_ceiling(v, config.min_width, config.kmax) < arc.stat) return arc;

    const double tau =
        hybrid ? hybrid_tau(n, config.min_width, config.kmax, arc.stat, rounding_margin(v)) : 0;
    std::mt19937_64 rng = detail::segment_rng(seed, first, n);
    std::int64_t exceedances = 0;
    for (std::int64_t p = 0; p < config.nperm; ++p) {
        detail::shuffle(v, rng);
        detail::cumulative_sums(v, c);
        if (permutation_reaches(v, c, config.min_width, hybrid, config.kmax, tau, arc.stat) &&
            ++exceedances > allowed)
            return std::nullopt;
    }
    return arc;
}

double median_of(std::span<const double> values) {
    std::vector<double> copy(values.begin(), values.end());
    const std::size_t mid = copy.size() / 2;
    std::nth_element(copy.begin(), copy.begin() + mid, copy.end());
    const double upper = copy[mid];
    if (copy.size() % 2 == 1) return upper;
    const double lower = *std::max_element(copy.begin(), copy.begin() + mid);
    return (lower + upper) / 2;
}

}  // namespace

std::vector<SegmentRange> segment_cbs(std::span<const double> x, const CnmopsParams& params,
                                      std::uint64_t seed) {
    if (x.empty()) return {};
    const CbsConfig config = detail::config_from(params);
    const std::vector<double> y = detail::jittered(x, seed);

    std::vector<std::pair<std::size_t, std::size_t>> work{{0, x.size()}}, done;  // [first, end)
    while (!work.empty()) {
        const auto [first, end] = work.back();
        work.pop_back();
        const auto arc =
            significant_arc(std::span(y).subspan(first, end - first), first, config, seed);
        if (!arc) {
            done.emplace_back(first, end);
            continue;
        }
        const auto [ai, aj] = detail::settle_arc_ends(std::span(y).subspan(first, end - first),
                                                      arc->i, arc->j, config);
        const std::size_t i = first + ai, j = first + aj;
        if (i > first) work.emplace_back(first, i);
        work.emplace_back(i, j);
        if (j < end) work.emplace_back(j, end);
    }
    std::sort(done.begin(), done.end());

    // Means and medians of the original x: cn.mops takes its medians there, and its means
    // (DNAcopy's, of the jittered values) differ from these by about 1e-5 / sqrt(width).
    std::vector<SegmentRange> ranges;
    ranges.reserve(done.size());
    for (const auto& [first, end] : done) {
        const auto values = x.subspan(first, end - first);
        double sum = 0;
        for (double value : values) sum += value;
        ranges.push_back(
            {first, end - 1, sum / static_cast<double>(values.size()), median_of(values)});
    }
    return ranges;
}

}  // namespace tropic::cnv
