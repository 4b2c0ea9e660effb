#include "cnv/stats/r_summary.hpp"

#include <algorithm>
#include <cmath>
#include <limits>
#include <map>

#include "cnv/stats/r_math.hpp"

namespace tropic::cnv::detail {

namespace {

constexpr double kNaN = std::numeric_limits<double>::quiet_NaN();

}  // namespace

double r_mean(std::span<const double> x) {
    if (x.empty()) return kNaN;
    const long double n = static_cast<long double>(x.size());
    long double s = 0;
    for (double v : x) s += v;
    s /= n;
    if (std::isfinite(static_cast<double>(s))) {
        long double t = 0;
        for (double v : x) t += (v - s);
        s += t / n;
    }
    return static_cast<double>(s);
}

double r_var(std::span<const double> x) {
    const std::size_t n = x.size();
    if (n < 2) return kNaN;
    long double sum = 0;
    for (double v : x) sum += v;
    long double mean = sum / static_cast<long double>(n);
    if (std::isfinite(static_cast<double>(mean))) {
        sum = 0;
        for (double v : x) sum += (v - mean);
        mean = mean + sum / static_cast<long double>(n);
    }
    const double xm = static_cast<double>(mean);
    long double squares = 0;
    for (double v : x) squares += (v - xm) * (v - xm);
    return static_cast<double>(squares / static_cast<long double>(n - 1));
}

double r_median(std::span<const double> x) {
    if (x.empty()) return kNaN;
    std::vector<double> v(x.begin(), x.end());
    const std::size_t n = v.size();
    const std::size_t half = (n + 1) / 2 - 1;
    std::nth_element(v.begin(), v.begin() + static_cast<std::ptrdiff_t>(half), v.end());
    const double lower = v[half];
    if (n % 2 == 1) return lower;
    const double upper =
        *std::min_element(v.begin() + static_cast<std::ptrdiff_t>(half) + 1, v.end());
    // mean() of the two in long double, rounded once: the same as (lower + upper) / 2.
    return static_cast<double>((static_cast<long double>(lower) + upper) / 2);
}

double r_quantile7(std::span<const double> x, double p) {
    const std::size_t n = x.size();
    if (n == 0) return kNaN;
    p = std::clamp(p, 0.0, 1.0);
    const double index = 1 + static_cast<double>(n - 1) * p;
    const double lo = std::floor(index);
    const double hi = std::ceil(index);
    // The two order statistics by selection, not a sort (normalisation asks for quantiles of
    // millions of windows).
    std::vector<double> v(x.begin(), x.end());
    const std::size_t i_lo = static_cast<std::size_t>(lo) - 1;
    std::nth_element(v.begin(), v.begin() + static_cast<std::ptrdiff_t>(i_lo), v.end());
    const double q_lo = v[i_lo];
    const double q_hi =
        hi > lo ? *std::min_element(v.begin() + static_cast<std::ptrdiff_t>(i_lo) + 1, v.end())
                : q_lo;
    if (index > lo && q_hi != q_lo) {
        const double h = index - lo;
        return (1 - h) * q_lo + h * q_hi;
    }
    return q_lo;
}

std::optional<double> r_statmod(std::span<const double> x) {
    std::map<double, std::size_t> table;
    for (double v : x) {
        if (!std::isnan(v)) ++table[v];
    }
    std::optional<double> best;
    std::size_t best_count = 0;
    for (const auto& [value, count] : table) {  // ascending: ties keep the smallest
        if (count > best_count) {
            best = value;
            best_count = count;
        }
    }
    return best;
}

std::vector<double> r_seq(double from, double to, std::size_t n) {
    std::vector<double> out(n);
    if (n > 0) out[0] = from;
    if (n > 1) out[n - 1] = to;
    if (n > 2) {
        const double by = (to - from) / static_cast<double>(n - 1);
        for (std::size_t i = 1; i + 1 < n; ++i) out[i] = from + static_cast<double>(i) * by;
    }
    return out;
}

namespace {

// bw.nrd0(x) of R.
double bandwidth_nrd0(std::span<const double> x) {
    const double hi = std::sqrt(r_var(x));
    const double iqr = r_quantile7(x, 0.75) - r_quantile7(x, 0.25);
    double lo = std::min(hi, iqr / 1.34);
    if (!(lo != 0)) {
        lo = hi;
        if (!(lo != 0)) {
            lo = std::fabs(x[0]);
            if (!(lo != 0)) lo = 1.0;
        }
    }
    return 0.9 * lo * std::pow(static_cast<double>(x.size()), -0.2);
}

// R's approx1 (linear) at v on the sorted grid gx.
double interpolate(const std::vector<double>& gx, const std::vector<double>& gy, double v) {
    std::size_t i = 0, j = gx.size() - 1;
    if (v < gx[i] || v > gx[j]) return kNaN;
    while (i + 1 < j) {
        const std::size_t ij = (i + j) / 2;
        if (v < gx[ij]) {
            j = ij;
        } else {
            i = ij;
        }
    }
    if (v == gx[j]) return gy[j];
    if (v == gx[i]) return gy[i];
    return gy[i] + (gy[j] - gy[i]) * ((v - gx[i]) / (gx[j] - gx[i]));
}

}  // namespace

std::optional<double> r_density_mode(std::span<const double> v, double upper) {
    if (!(upper > 0) || v.size() < 2) return std::nullopt;
    const double n_user = upper * 100;
    const std::size_t out_points = static_cast<std::size_t>(std::ceil(n_user));
    double n_grid = std::max(n_user, 512.0);
    if (n_grid > 512) n_grid = std::pow(2.0, std::ceil(std::log2(n_grid)));
    const std::size_t n = static_cast<std::size_t>(n_grid);

    const double bw = bandwidth_nrd0(v);
    if (!std::isfinite(bw) || !(bw > 0)) return std::nullopt;
    const double from = 0, to = upper;
    const double lo = from - 4 * bw;
    const double up = to + 4 * bw;

    // BinDist: linear binning of weights 1/nx onto n points over [lo, up].
    std::vector<double> y(n, 0.0);
    const double weight = 1.0 / static_cast<double>(v.size());
    const double delta = (up - lo) / static_cast<double>(n - 1);
    const long ix_max = static_cast<long>(n) - 2;
    for (double x : v) {
        if (!std::isfinite(x)) continue;
        const double pos = (x - lo) / delta;
        const long ix = static_cast<long>(std::floor(pos));
        const double fx = pos - static_cast<double>(ix);
        if (ix >= 0 && ix <= ix_max) {
            y[static_cast<std::size_t>(ix)] += weight * (1 - fx);
            y[static_cast<std::size_t>(ix) + 1] += weight * fx;
        } else if (ix == -1) {
            y[0] += weight * fx;
        } else if (ix == ix_max + 1) {
            y[static_cast<std::size_t>(ix)] += weight * (1 - fx);
        }
    }
    // The kernel at R 4.2's ordinates: lag m sits at m * 2 (up - lo) / (2n - 1).
    const double kernel_step = (2 * (up - lo)) / static_cast<double>(2 * n - 1);
    std::vector<double> kernel;
    kernel.reserve(n);
    for (std::size_t m = 0; m < n; ++m) {
        const double value = normal_density(static_cast<double>(m) * kernel_step, bw);
        if (value == 0) break;  // underflow: every further lag is 0 too
        kernel.push_back(value);
    }
    std::vector<double> smoothed(n, 0.0);
    const std::size_t reach = kernel.size();
    for (std::size_t j = 0; j < n; ++j) {
        if (y[j] == 0) continue;
        const std::size_t k_first = j + 1 > reach ? j + 1 - reach : 0;
        const std::size_t k_last = std::min(n - 1, j + reach - 1);
        for (std::size_t k = k_first; k <= k_last; ++k) {
            smoothed[k] += y[j] * kernel[j > k ? j - k : k - j];
        }
    }
    for (double& s : smoothed) s = std::max(0.0, s);
    const std::vector<double> grid = r_seq(lo, up, n);
    const std::vector<double> xs = r_seq(from, to, out_points);
    std::optional<double> mode;
    double best = -std::numeric_limits<double>::infinity();
    for (double x : xs) {
        const double d = interpolate(grid, smoothed, x);
        if (d > best) {
            best = d;
            mode = x;
        }
    }
    return mode;
}

}  // namespace tropic::cnv::detail
