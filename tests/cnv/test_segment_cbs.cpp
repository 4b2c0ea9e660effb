// segment_cbs: our circular binary segmentation against the plain reference (same rules, exhaustive
// search and full permutation counts), against planted changes, and against DNAcopy's
// breakpoints on a few inputs.
#include <gtest/gtest.h>

#include <algorithm>
#include <cmath>
#include <random>
#include <vector>

#include "cnv/segment/cbs_detail.hpp"
#include "reference/cbs_reference.hpp"
#include "tropic/cnv/segmentation.hpp"

namespace tropic::cnv {
namespace {

namespace cd = detail;

std::vector<double> noise(std::size_t n, double sd, std::uint64_t seed) {
    std::mt19937_64 rng(seed);
    std::normal_distribution<double> dist(0, sd);
    std::vector<double> x(n);
    for (double& value : x) value = dist(rng);
    return x;
}

// Adds `height` to x[first, end).
void add_step(std::vector<double>& x, std::size_t first, std::size_t end, double height) {
    for (std::size_t t = first; t < end; ++t) x[t] += height;
}

std::vector<std::pair<std::size_t, std::size_t>> spans(const std::vector<SegmentRange>& ranges) {
    std::vector<std::pair<std::size_t, std::size_t>> out;
    for (const auto& r : ranges) out.emplace_back(r.first, r.last);
    return out;
}

CnmopsParams params_with(int min_width, int nperm = 10000) {
    CnmopsParams params;
    params.min_width = min_width;
    params.cbs_permutations = nperm;
    return params;
}

void expect_cover(const std::vector<SegmentRange>& ranges, std::size_t n) {
    ASSERT_FALSE(ranges.empty());
    EXPECT_EQ(ranges.front().first, 0u);
    EXPECT_EQ(ranges.back().last, n - 1);
    for (std::size_t s = 1; s < ranges.size(); ++s)
        EXPECT_EQ(ranges[s].first, ranges[s - 1].last + 1);
}

TEST(SegmentCbs, BestArcMatchesExhaustiveSearch) {
    std::mt19937_64 rng(7);
    for (int trial = 0; trial < 300; ++trial) {
        const std::size_t n = 4 + rng() % (trial < 250 ? 120 : 900);
        std::vector<double> x = noise(n, 1, rng());
        if (trial % 3 == 0) add_step(x, rng() % n, n, 2.0);
        if (trial % 5 == 0) add_step(x, rng() % n, rng() % n, -1.5);
        // Ties: integer-valued data makes many arcs share a statistic.
        if (trial % 7 == 0)
            for (double& value : x) value = std::round(value);
        const std::size_t min_width = 2 + trial % 4;
        std::vector<double> c;
        cd::cumulative_sums(cd::centred(x), c);
        const cd::Arc fast = cd::best_arc(c, min_width);
        const cd::Arc plain = reference::cbs_reference_best_arc(c, min_width);
        ASSERT_EQ(fast.i, plain.i) << "trial " << trial << " n " << n;
        ASSERT_EQ(fast.j, plain.j) << "trial " << trial << " n " << n;
        ASSERT_EQ(fast.stat, plain.stat) << "trial " << trial;
    }
}

TEST(SegmentCbs, MatchesReferenceOnSmallInputs) {
    std::mt19937_64 rng(11);
    for (int trial = 0; trial < 40; ++trial) {
        const std::size_t n = 8 + rng() % 120;
        std::vector<double> x = noise(n, 0.3, rng());
        // Steps of random height, so that some are significant, some borderline, some not.
        for (int s = 0; s < 3; ++s) {
            const std::size_t a = rng() % n, b = rng() % n;
            add_step(x, std::min(a, b), std::max(a, b),
                     (static_cast<double>(rng() % 100) - 50) / 60);
        }
        const auto params = params_with(2 + trial % 4, 500);
        const std::uint64_t seed = rng();
        ASSERT_EQ(segment_cbs(x, params, seed), reference::cbs_reference(x, params, seed))
            << "trial " << trial;
    }
}

TEST(SegmentCbs, MatchesReferenceWithHybridPValues) {
    // Segments of nmin = 200 values or more take the hybrid p-value: short-arc permutations plus
    // the tail approximation.
    std::mt19937_64 rng(13);
    for (int trial = 0; trial < 6; ++trial) {
        const std::size_t n = 200 + rng() % 200;
        std::vector<double> x = noise(n, 1, rng());
        add_step(x, n / 3, n / 3 + 5 + rng() % 20, 0.5 + trial * 0.4);  // short: permutations
        if (trial % 2 == 0) add_step(x, n / 2, n, 0.3 * trial);         // long: the tail
        const auto params = params_with(3, 150);
        const std::uint64_t seed = rng();
        ASSERT_EQ(segment_cbs(x, params, seed), reference::cbs_reference(x, params, seed))
            << "trial " << trial;
    }
}

// Inputs on which R's DNAcopy 1.72.3 was run as cn.mops runs it (values + rnorm(sd = 1e-5);
// CNA(data.type = "logratio"); segment(min.width, sbdry = getbdry(0.05, 10000, 101)); other
// defaults), over several R seeds, always with the ranges below. A: N(0, 0.2^2) noise + 1 on
// [100, 180) - 0.8 on [250, 300), min.width 3 (DNAcopy also finds the noise run 55..62).
// B: N(0, 0.3^2) noise + 1.2 on [0, 2), + 2 on [150, 153), + 1 on [396, 400), min.width 4
// (DNAcopy leaves the 2-value edge 0..1, narrower than min.width: it applies min.width to arcs).
// The values are rounded to 3 decimals; DNAcopy was run on the rounded values.
const std::vector<double> kDnacopyInputA{
    -0.077, -0.008, 0.137,  -0.050, -0.159, -0.011, 0.388,  0.200,  0.024,  -0.172, -0.130, 0.135,
    -0.305, -0.099, 0.183,  -0.125, -0.349, -0.039, 0.197,  -0.169, -0.376, -0.081, -0.145, -0.067,
    0.205,  0.270,  -0.096, 0.260,  -0.478, 0.141,  0.079,  -0.251, -0.057, 0.170,  -0.066, 0.107,
    -0.079, 0.003,  0.018,  0.000,  0.134,  0.034,  -0.006, 0.290,  0.340,  0.075,  -0.006, -0.061,
    -0.074, -0.100, 0.031,  0.166,  0.155,  0.164,  -0.124, 0.555,  0.104,  0.407,  0.284,  0.383,
    0.225,  0.191,  0.430,  -0.128, 0.062,  0.043,  -0.226, 0.281,  0.354,  -0.009, -0.144, 0.176,
    0.077,  -0.102, 0.104,  -0.006, 0.064,  0.138,  0.173,  0.063,  -0.081, 0.128,  -0.137, -0.324,
    0.180,  0.265,  -0.168, 0.038,  -0.044, -0.066, -0.197, 0.270,  0.421,  -0.008, -0.251, 0.215,
    0.132,  -0.120, -0.135, 0.093,  0.999,  1.298,  1.006,  0.653,  0.535,  0.975,  0.690,  1.016,
    0.867,  0.679,  1.042,  0.950,  0.991,  0.864,  1.066,  1.160,  0.836,  1.281,  1.004,  0.874,
    0.689,  1.265,  1.318,  0.828,  0.971,  0.736,  0.799,  1.463,  0.997,  0.913,  0.651,  0.883,
    0.945,  0.870,  0.932,  0.817,  1.023,  1.259,  0.870,  0.788,  1.159,  1.011,  1.108,  1.530,
    0.717,  0.844,  1.411,  0.824,  1.180,  0.993,  1.215,  1.369,  0.706,  0.990,  0.986,  0.705,
    0.929,  0.658,  0.716,  1.064,  1.009,  0.981,  0.936,  1.456,  0.882,  1.031,  1.298,  0.894,
    1.063,  0.879,  1.084,  0.922,  1.182,  1.042,  1.002,  1.497,  1.316,  0.899,  1.019,  0.675,
    -0.639, 0.128,  -0.226, -0.032, 0.357,  0.186,  -0.168, -0.524, -0.338, 0.045,  -0.050, 0.084,
    0.208,  0.287,  0.138,  0.195,  -0.082, -0.468, 0.302,  -0.275, 0.262,  -0.125, 0.045,  -0.224,
    -0.154, -0.193, 0.189,  0.123,  -0.133, 0.310,  -0.081, -0.067, -0.254, -0.065, -0.414, -0.088,
    -0.489, -0.250, 0.061,  0.206,  0.241,  -0.256, 0.023,  -0.134, -0.032, -0.147, -0.104, 0.230,
    0.213,  -0.281, 0.282,  0.186,  -0.005, 0.050,  0.194,  -0.008, -0.013, 0.061,  0.119,  -0.106,
    0.033,  0.039,  0.058,  -0.127, 0.162,  -0.233, 0.068,  -0.131, -0.008, 0.161,  -0.905, -1.039,
    -0.637, -0.997, -0.803, -0.942, -1.015, -0.491, -0.636, -0.990, -0.659, -1.001, -1.086, -0.799,
    -0.612, -0.886, -0.943, -0.750, -0.930, -0.707, -0.329, -0.883, -0.665, -0.745, -0.837, -0.597,
    -0.625, -0.754, -0.844, -0.450, -1.202, -1.078, -0.547, -0.941, -0.800, -0.462, -0.935, -0.807,
    -0.756, -0.739, -0.392, -0.309, -1.130, -1.019, -0.719, -0.939, -0.667, -0.821, -0.799, -1.144,
};
const std::vector<double> kDnacopyInputB{
    0.763,  1.702,  -0.009, -0.034, 0.128,  -0.540, 0.427,  0.035,  0.416,  0.235,  0.478,  -0.147,
    -0.442, -0.372, 0.151,  0.255,  0.385,  -0.306, 0.025,  0.242,  -0.030, -0.288, -0.213, 0.016,
    -0.011, 0.030,  0.255,  0.457,  0.371,  -1.126, -0.127, -0.152, 0.002,  -0.090, -0.010, -0.228,
    0.180,  0.075,  0.083,  0.006,  -0.567, 0.225,  0.204,  0.233,  -0.322, 0.239,  0.344,  0.687,
    -0.147, 0.525,  0.253,  0.080,  0.075,  -0.453, 0.359,  0.113,  0.143,  0.076,  0.166,  0.352,
    -0.091, -0.036, 0.449,  0.077,  0.120,  0.235,  -0.071, 0.188,  0.046,  0.096,  -0.014, 0.086,
    0.233,  -0.020, -0.057, 0.235,  0.120,  -0.042, 0.303,  -0.516, -0.157, 0.078,  -0.011, -0.278,
    -0.717, -0.122, -0.837, 0.402,  0.494,  -0.154, -0.549, -0.441, 0.159,  0.577,  -0.109, -0.155,
    0.125,  0.732,  -0.153, -0.604, 0.068,  0.051,  -0.161, -0.245, 0.073,  -0.291, -0.233, -0.346,
    0.289,  -0.023, 0.106,  -0.050, -0.262, -0.348, -0.275, 0.082,  0.305,  0.122,  0.293,  -0.411,
    -0.134, -0.106, -0.299, -0.662, 0.343,  0.522,  0.045,  0.361,  -0.184, 0.274,  0.233,  0.139,
    -0.181, 0.359,  -0.076, 0.200,  0.233,  0.058,  0.181,  0.488,  -0.488, 0.415,  -0.855, 0.440,
    -0.410, -0.411, -0.361, -0.105, 0.062,  -0.027, 1.519,  1.712,  1.923,  0.311,  -0.325, -0.397,
    0.368,  -0.276, -0.494, -0.143, 0.048,  -0.384, 0.006,  -0.103, 0.486,  0.205,  0.305,  0.376,
    0.046,  0.515,  -0.335, 0.362,  0.182,  -0.234, 0.670,  -0.284, -0.243, 0.042,  -0.150, -0.136,
    -0.449, -0.021, 0.041,  -0.302, 0.072,  -0.022, -0.352, 0.340,  -0.263, 0.268,  0.649,  -0.050,
    -0.404, -0.140, -0.264, 0.388,  0.779,  0.315,  -0.414, -0.008, -0.100, -0.198, -0.299, -0.410,
    -0.261, 0.050,  0.035,  -0.112, 0.421,  0.269,  -0.020, 0.070,  -0.085, 0.067,  0.081,  -0.453,
    -0.004, 0.202,  -0.082, 0.098,  -0.136, 0.297,  0.896,  -0.166, -0.417, -0.464, -0.057, 0.593,
    -0.196, 0.203,  -0.347, 0.639,  0.232,  -0.176, -0.251, -0.083, 0.308,  -0.195, 0.200,  -0.199,
    0.143,  -0.106, 0.147,  0.090,  0.149,  -0.417, 0.456,  0.157,  -0.085, -0.113, 0.693,  0.394,
    0.138,  -0.472, -0.237, -0.087, 0.128,  -0.035, 0.244,  0.090,  0.155,  0.215,  -0.095, 0.039,
    -0.369, 0.445,  0.007,  0.144,  -0.183, 0.402,  0.315,  0.376,  0.050,  -0.521, -0.307, -0.138,
    0.194,  0.516,  -0.370, -0.234, 0.053,  -0.084, -0.018, -0.027, 0.099,  0.277,  -0.376, 0.554,
    -0.061, -0.017, 0.169,  -0.228, 0.244,  -0.372, 0.145,  -0.159, 0.273,  -0.389, 0.104,  0.108,
    -0.478, 0.370,  -0.042, 0.016,  0.366,  0.062,  -0.134, -0.208, 0.065,  0.144,  0.068,  -0.322,
    0.381,  -0.166, 0.030,  0.389,  -0.018, -0.137, 0.259,  0.240,  0.045,  -0.296, -0.245, -0.005,
    -0.540, 0.055,  0.124,  -0.055, -0.291, 0.001,  -0.062, -0.483, 0.158,  -0.860, 0.320,  0.291,
    -0.192, -0.082, -0.186, -0.038, -0.088, 0.019,  0.025,  0.022,  0.362,  0.061,  -0.262, 0.001,
    -0.059, -0.021, -0.003, -0.386, -0.720, 0.155,  -0.144, -0.186, 0.281,  0.148,  0.386,  0.128,
    0.690,  0.112,  -0.041, -0.319, -0.611, 0.117,  -0.349, 0.467,  0.117,  0.024,  -0.503, -0.278,
    -0.187, -0.309, 0.105,  -0.623, -0.537, 0.294,  0.032,  0.384,  0.532,  0.245,  0.072,  0.143,
    0.369,  0.044,  -0.004, -0.005, 0.258,  -0.425, 0.007,  -0.643, 0.012,  0.078,  0.271,  -0.373,
    1.425,  1.086,  0.907,  1.340,
};

TEST(SegmentCbs, MatchesDnacopyBreakpoints) {
    const std::vector<std::pair<std::size_t, std::size_t>> expected_a{
        {0, 54}, {55, 62}, {63, 99}, {100, 179}, {180, 249}, {250, 299}};
    const std::vector<std::pair<std::size_t, std::size_t>> expected_b{
        {0, 1}, {2, 149}, {150, 153}, {154, 395}, {396, 399}};
    for (std::uint64_t seed = 1; seed <= 3; ++seed) {
        EXPECT_EQ(spans(segment_cbs(kDnacopyInputA, params_with(3), seed)), expected_a);
        EXPECT_EQ(spans(segment_cbs(kDnacopyInputB, params_with(4), seed)), expected_b);
    }
}

TEST(SegmentCbs, RecoversPlantedSteps) {
    for (std::uint64_t seed = 2; seed <= 6; ++seed) {
        std::vector<double> x = noise(300, 0.2, seed);
        add_step(x, 100, 180, 1.0);
        add_step(x, 250, 300, -0.8);
        const auto ranges = segment_cbs(x, CnmopsParams{}, seed);
        const std::vector<std::pair<std::size_t, std::size_t>> expected{
            {0, 99}, {100, 179}, {180, 249}, {250, 299}};
        EXPECT_EQ(spans(ranges), expected) << "seed " << seed;
    }
}

TEST(SegmentCbs, RecoversPlantedStepsInLongSequence) {
    std::vector<double> x = noise(20000, 0.3, 3);
    add_step(x, 5000, 5040, 1.5);     // a narrow gain
    add_step(x, 12000, 20000, -0.5);  // a long loss to the end
    const auto ranges = segment_cbs(x, CnmopsParams{}, 5);
    // The noise moves the loss's start 2 windows late; R's DNAcopy places it there too.
    const std::vector<std::pair<std::size_t, std::size_t>> expected{
        {0, 4999}, {5000, 5039}, {5040, 12001}, {12002, 19999}};
    EXPECT_EQ(spans(ranges), expected);
}

TEST(SegmentCbs, RarelySplitsFlatNoise) {
    // Each test is at level alpha = 0.01; over 40 flat sequences a handful of false splits would
    // already be far out of line.
    int split = 0;
    for (std::uint64_t seed = 1; seed <= 40; ++seed) {
        const std::size_t n = seed % 2 == 0 ? 150 : 1000;
        split += segment_cbs(noise(n, 1, seed * 31), CnmopsParams{}, seed).size() > 1;
    }
    EXPECT_LE(split, 2);
}

TEST(SegmentCbs, RespectsMinWidth) {
    std::mt19937_64 rng(17);
    for (int min_width = 2; min_width <= 5; ++min_width) {
        std::vector<double> x = noise(400, 0.1, rng());
        // Single-window outliers and 2-window blips invite splits narrower than min.width. (An
        // edge piece of an interior arc may be narrower, as in DNAcopy; none is here.)
        for (std::size_t t = 10; t < 400; t += 37) x[t] += 3;
        for (std::size_t t = 20; t + 1 < 400; t += 53) add_step(x, t, t + 2, -2.5);
        const auto ranges = segment_cbs(x, params_with(min_width), 3);
        expect_cover(ranges, x.size());
        for (const auto& r : ranges)
            EXPECT_GE(r.last - r.first + 1, static_cast<std::size_t>(min_width));
    }
    // cn.mops caps minWidth at 5 for DNAcopy.
    std::vector<double> x = noise(300, 0.1, 2);
    add_step(x, 100, 106, 3);
    const auto ranges = segment_cbs(x, params_with(8), 1);
    EXPECT_EQ(spans(ranges),
              (std::vector<std::pair<std::size_t, std::size_t>>{{0, 99}, {100, 105}, {106, 299}}));
}

TEST(SegmentCbs, MeansAndMediansOfOriginalValues) {
    std::vector<double> x(60, 0.0);
    for (std::size_t t = 0; t < 60; ++t) x[t] = static_cast<double>(t % 3) * 0.01;
    add_step(x, 20, 41, 2);
    const auto ranges = segment_cbs(x, CnmopsParams{}, 9);
    ASSERT_EQ(spans(ranges),
              (std::vector<std::pair<std::size_t, std::size_t>>{{0, 19}, {20, 40}, {41, 59}}));
    for (const auto& r : ranges) {
        std::vector<double> values(x.begin() + static_cast<std::ptrdiff_t>(r.first),
                                   x.begin() + static_cast<std::ptrdiff_t>(r.last) + 1);
        double sum = 0;
        for (double v : values) sum += v;
        EXPECT_DOUBLE_EQ(r.mean, sum / static_cast<double>(values.size()));
        std::sort(values.begin(), values.end());
        const std::size_t m = values.size();
        const double median = m % 2 ? values[m / 2] : (values[m / 2 - 1] + values[m / 2]) / 2;
        EXPECT_EQ(r.median, median);
    }
}

TEST(SegmentCbs, SmallAndConstantInputs) {
    EXPECT_TRUE(segment_cbs({}, CnmopsParams{}, 1).empty());
    const std::vector<double> one{0.5};
    EXPECT_EQ(segment_cbs(one, CnmopsParams{}, 1), (std::vector<SegmentRange>{{0, 0, 0.5, 0.5}}));
    // Constant data: the jitter alone never makes a significant change.
    const std::vector<double> flat(500, -1.0);
    EXPECT_EQ(segment_cbs(flat, CnmopsParams{}, 4),
              (std::vector<SegmentRange>{{0, 499, -1.0, -1.0}}));
}

TEST(SegmentCbs, DeterministicForASeed) {
    std::vector<double> x = noise(800, 1, 21);
    add_step(x, 300, 330, 0.9);  // borderline: permutations decide
    const auto first = segment_cbs(x, CnmopsParams{}, 42);
    EXPECT_EQ(segment_cbs(x, CnmopsParams{}, 42), first);
    expect_cover(first, x.size());
}

TEST(SegmentCbs, TailProbabilityBehaves) {
    // Decreasing in b, zero for a perfect split, and of the right size: for n = 1000 a flat
    // segment's maximal |t| is about 4.5, whose p-value is large, while |t| = 7 is significant.
    double previous = 1;
    for (double b = 3; b < 9; b += 0.5) {
        const double p = cd::long_arc_tail_probability(b, 1000, 25);
        EXPECT_LE(p, previous);
        previous = p;
    }
    // A simulation (200 flat N(0, 1) sequences of 1000, the maximal |t| over arcs with both sides
    // wider than 25) gave P(> 4) = 0.075 and P(> 4.5) = 0.02.
    EXPECT_NEAR(cd::long_arc_tail_probability(4, 1000, 25), 0.075, 0.035);
    EXPECT_NEAR(cd::long_arc_tail_probability(4.5, 1000, 25), 0.02, 0.01);
    EXPECT_LT(cd::long_arc_tail_probability(7, 1000, 25), 1e-4);
    EXPECT_EQ(cd::long_arc_tail_probability(INFINITY, 1000, 25), 0);
}

}  // namespace
}  // namespace tropic::cnv
