#pragma once
// Summaries computed the way R computes them, for the steps of cn.mops that depend on them:
// R accumulates means and variances in long double (with a second, correcting pass for mean()),
// takes quantiles by its type 7 rule, and picks a density mode from its FFT-binned kernel
// estimate. Matching these keeps tropic's normalised counts within rounding of cn.mops'.
#include <cstddef>
#include <optional>
#include <span>
#include <vector>

namespace tropic::cnv::detail {

// mean(x): long double sum / n, then one correcting pass, as R's summary.c.
double r_mean(std::span<const double> x);
// var(x) (n - 1 denominator) with R's two-pass long double rule; NaN for fewer than 2 values.
double r_var(std::span<const double> x);
// median(x); x is copied.
double r_median(std::span<const double> x);
// quantile(x, p, type = 7); x is copied; NaN for empty x.
double r_quantile7(std::span<const double> x, double p);
// cn.mops' .statmod(x, na.rm = TRUE): the most frequent value, the smallest of tied ones; none
// for empty x. (R tabulates the values as text with 15 significant digits; read counts are
// integers, where that is exact.)
std::optional<double> r_statmod(std::span<const double> x);

// seq.int(from, to, length.out = n) of R 4.2: from + i * by, the last exactly `to`.
std::vector<double> r_seq(double from, double to, std::size_t n);

// cn.mops' mode of the variance-to-mean ratios: x[which.max(y)] of
// density(v, from = 0, to = upper, n = upper * 100) with R 4.2's density() (bw.nrd0, gaussian
// kernel, linear binning on a grid of 2^k >= 512 points over [from - 4 bw, to + 4 bw], the kernel
// evaluated at R 4.2's spacing 2 (up - lo) / (2n - 1), then linear interpolation). The circular
// convolution that R does by FFT is summed directly here (equal up to rounding). None when the
// output grid is empty (upper * 100 < 1 rounds up to 1 point, so only upper <= 0 or NaN).
std::optional<double> r_density_mode(std::span<const double> v, double upper);

}  // namespace tropic::cnv::detail
