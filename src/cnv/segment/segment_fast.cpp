// cn.mops' own segmentation (its R function segment() and the C routine behind it), rule for
// rule:
//  1. Candidate breakpoints: between windows i and i + 1 where |x[i+1] - x[i]| exceeds eps (the
//     upper quartile of the absolute steps) and at least minSeg windows lie on each side. Two
//     windows of j + 1 values left and right of i, for j = minSeg, minSeg + 1, ... (at most
//     maxInt, stopping after delta steps without improvement), are compared by Welch's t test,
//     each variance shrunk towards the sequence's variance with cyberWeight pseudo-values. A
//     candidate's score is the largest -log p over those windows.
//  2. Only local maxima of the score within floor(minSeg / 2) windows survive (minSeg > 2).
//  3. Breakpoints: scores above their (1 - alpha) quantile (or the alpha highest when alpha >= 1).
//  4. Segments whose median exceeds +2 sd (or falls below -2 sd) of the values are merged with
//     touching ones of the same sign; merged runs shorter than minSeg are dropped; the rest of
//     the sequence fills the gaps as segments. Means and medians are of the values themselves.
#include <algorithm>
#include <cmath>
#include <limits>
#include <numeric>
#include <vector>

#include "cnv/segment/fast_segmenter.hpp"
#include "cnv/stats/r_math.hpp"
#include "cnv/stats/r_summary.hpp"
#include "tropic/cnv/segmentation.hpp"

namespace tropic::cnv {

namespace detail {

namespace {

using Run = FastSegmenter::Run;
constexpr double kTiny = 1e-15;

SegmentRange summarize(const std::vector<double>& x, std::size_t first, std::size_t last) {
    std::span<const double> part(x.data() + first, last - first + 1);
    return {first, last, r_mean(part), r_median(part)};
}

// IRanges::reduce: runs that overlap or touch become one.
std::vector<Run> reduce(std::vector<Run> runs) {
    std::sort(runs.begin(), runs.end(),
              [](const Run& a, const Run& b) { return a.first < b.first; });
    std::vector<Run> merged;
    for (const Run& r : runs) {
        if (!merged.empty() && r.first <= merged.back().last + 1) {
            merged.back().last = std::max(merged.back().last, r.last);
        } else {
            merged.push_back(r);
        }
    }
    return merged;
}

// The kept runs (width >= min_seg) and the gaps between them, in order.
std::vector<Run> fill_gaps(std::vector<Run> kept, std::size_t n, int min_seg) {
    std::sort(kept.begin(), kept.end(),
              [](const Run& a, const Run& b) { return a.first < b.first; });
    std::vector<Run> out;
    std::size_t next = 0;
    for (const Run& r : kept) {
        if (r.last - r.first + 1 < static_cast<std::size_t>(min_seg)) continue;
        if (r.first > next) out.push_back({next, r.first - 1});
        out.push_back(r);
        next = r.last + 1;
    }
    if (next < n) out.push_back({next, n - 1});
    return out;
}

}  // namespace

FastSegmenter::FastSegmenter(std::span<const double> values, const CnmopsParams& params)
    : x_(values.begin(), values.end()), params_(params) {
    const std::size_t m = x_.size();
    // Infinite values become the largest (smallest) finite one, missing ones 0 (sI/NI's centre).
    double max_finite = -std::numeric_limits<double>::infinity();
    double min_finite = std::numeric_limits<double>::infinity();
    for (double v : x_) {
        if (std::isfinite(v)) {
            max_finite = std::max(max_finite, v);
            min_finite = std::min(min_finite, v);
        }
    }
    for (double& v : x_) {
        if (v == std::numeric_limits<double>::infinity()) v = max_finite;
        if (v == -std::numeric_limits<double>::infinity()) v = min_finite;
        if (std::isnan(v)) v = 0;
    }
    min_seg_ = std::max(params.min_width, 2);
    max_int_ = std::max(params.seg_max_int, min_seg_ + 5);
    cyber_weight_ = std::max(params.seg_cyber_weight, 0.0);
    if (cyber_weight_ < 0.01) cyber_weight_ = 0.01;  // the C routine's floor
    std::vector<double> steps;
    for (std::size_t i = 0; i + 1 < m; ++i) steps.push_back(std::fabs(x_[i + 1] - x_[i]));
    eps_ = r_quantile7(steps, 0.75);
    // Prefix sums and the sequence's variance (Welford), as the C routine computes them.
    sums_.resize(m);
    squares_.resize(m);
    double mean = 0, m2 = 0;
    for (std::size_t i = 0; i < m; ++i) {
        const double v = x_[i];
        const double diff = v - mean;
        mean = mean + diff / static_cast<double>(i + 1);
        m2 = m2 + diff * (v - mean);
        sums_[i] = i > 0 ? sums_[i - 1] + v : v;
        squares_[i] = i > 0 ? squares_[i - 1] + v * v : v * v;
    }
    variance_ = m2 / static_cast<double>(static_cast<long>(m) - 1);
    if (variance_ < kTiny) variance_ = kTiny;
    score_.assign(m, 0.0);
}

void FastSegmenter::score_range(std::size_t begin, std::size_t end) {
    const long n = static_cast<long>(x_.size());
    auto S = [&](long k) { return sums_[static_cast<std::size_t>(k)]; };
    auto Q = [&](long k) { return squares_[static_cast<std::size_t>(k)]; };
    const double cw = cyber_weight_;
    for (long i = static_cast<long>(begin); i < static_cast<long>(end) && i + 1 < n; ++i) {
        const double step =
            std::fabs(x_[static_cast<std::size_t>(i) + 1] - x_[static_cast<std::size_t>(i)]);
        if (!(step > eps_ && i > min_seg_ && i < n - min_seg_ - 1)) continue;
        int j = min_seg_, d = 0;
        double best = 0, previous = 0;  // as the C routine starts them
        while (d <= params_.seg_delta && j <= max_int_ && (i + j + 1) < n && (i - j - 1) >= 0) {
            const double nn = static_cast<double>(j) + cw - 1.0;
            const double width = static_cast<double>(j + 1);
            const double mean_left = (S(i) - S(i - j - 1)) / width;
            double var_left = (Q(i) - Q(i - j - 1)) - width * mean_left * mean_left;
            var_left = (var_left + cw * variance_) / nn;
            const double mean_right = (S(i + j + 1) - S(i)) / width;
            double var_right = (Q(i + j + 1) - Q(i)) - width * mean_right * mean_right;
            var_right = (var_right + cw * variance_) / nn;
            const double t = std::fabs(mean_left - mean_right) /
                             std::sqrt(var_left / (nn + 1.0) + var_right / (nn + 1.0) + kTiny);
            const double a = var_left / (nn + 1.0);
            const double b = var_right / (nn + 1.0);
            const double dof = (a + b) * (a + b) / ((a * a) / nn + (b * b) / nn);
            const double neg_log_p = -t_upper_tail_log(t, dof);
            if (neg_log_p > best) best = neg_log_p;
            d = neg_log_p > previous ? 0 : d + 1;
            previous = neg_log_p;
            ++j;
        }
        score_[static_cast<std::size_t>(i)] = best;
    }
}

std::vector<SegmentRange> FastSegmenter::finish() {
    const std::size_t m = x_.size();
    if (m == 0) return {};
    // Rule 2: local maxima only.
    std::vector<double> score(score_);
    if (min_seg_ > 2) {
        const long n = static_cast<long>(m);
        const long half = static_cast<long>(std::floor(static_cast<double>(min_seg_) / 2.0));
        for (long i = 0; i < n; ++i) {
            if (!(i - half > 0 && i + half < n)) continue;
            double& mine = score[static_cast<std::size_t>(i)];
            for (long j = 1; j <= half; ++j) {
                if (score_[static_cast<std::size_t>(i - j)] > mine ||
                    score_[static_cast<std::size_t>(i + j)] > mine)
                    mine = 0;
            }
        }
    }
    // Rule 3: breakpoints, 1-based (a segment ends at window b).
    std::vector<std::size_t> breakpoints;
    const double alpha = params_.seg_alpha;
    if (alpha >= 1) {
        std::vector<std::size_t> order(m);
        std::iota(order.begin(), order.end(), 0);
        std::stable_sort(order.begin(), order.end(),
                         [&](std::size_t a, std::size_t b) { return score[a] > score[b]; });
        const std::size_t count = std::min<std::size_t>(static_cast<std::size_t>(alpha), m);
        for (std::size_t k = 0; k < count; ++k) breakpoints.push_back(order[k] + 1);
        std::sort(breakpoints.begin(), breakpoints.end());
    } else {
        const double threshold = r_quantile7(score, 1 - alpha);
        for (std::size_t i = 0; i < m; ++i)
            if (score[i] > threshold) breakpoints.push_back(i + 1);
    }
    std::vector<Run> initial;
    std::size_t begin = 0;
    for (std::size_t b : breakpoints) {
        initial.push_back({begin, b - 1});
        begin = b;
    }
    initial.push_back({begin, m - 1});
    // Rule 4.
    const double sd = std::sqrt(r_var(x_));
    const double upper = 0 + 2 * sd, lower = 0 - 2 * sd;
    std::vector<Run> kept;
    if (upper == 0 && lower == 0) {
        kept = initial;
    } else {
        std::vector<Run> gains, losses;
        for (const Run& r : initial) {
            const double median = summarize(x_, r.first, r.last).median;
            if (median > upper) gains.push_back(r);
            if (median < lower) losses.push_back(r);
        }
        kept = reduce(gains);
        for (const Run& r : reduce(losses)) kept.push_back(r);
    }
    std::vector<SegmentRange> out;
    for (const Run& r : fill_gaps(kept, m, min_seg_)) out.push_back(summarize(x_, r.first, r.last));
    return out;
}

}  // namespace detail

std::vector<SegmentRange> segment_fast(std::span<const double> values, const CnmopsParams& params) {
    detail::FastSegmenter segmenter(values, params);
    segmenter.score_range(0, segmenter.positions());
    return segmenter.finish();
}

}  // namespace tropic::cnv
