// cn.mops' fast segmentation: its exact agreement with cn.mops is checked on the oracle cohorts
// (test_cnmops_oracle.cpp); here, properties on random inputs: the segments cover the input in
// order with their means and medians; planted steps are found; splitting the scoring into
// stretches (as the pipeline does over threads) changes nothing. Fresh seed printed, plus fixed
// ones.
#include <gtest/gtest.h>

#include <algorithm>
#include <cmath>
#include <cstdio>
#include <random>
#include <vector>

#include "cnv/segment/fast_segmenter.hpp"
#include "tropic/cnv/segmentation.hpp"

namespace tropic::cnv {
namespace {

std::vector<std::uint64_t> seeds() {
    static const std::uint64_t fresh = std::random_device{}();
    static bool printed = false;
    if (!printed) {
        std::printf("fresh seed: %llu\n", static_cast<unsigned long long>(fresh));
        printed = true;
    }
    return {1, 2, 3, 20261124, fresh};
}

// sI/NI-like values: flat stretches at rounding level, planted steps of loss and gain levels,
// noise of several sizes, runs of exact ties.
std::vector<double> random_calls(std::mt19937_64& rng, std::size_t n) {
    std::vector<double> x(n, 0.0);
    std::normal_distribution<double> unit(0, 1);
    const double noise = std::vector<double>{1e-17, 1e-3, 0.1, 0.4}[rng() % 4];
    for (double& v : x) v = noise * unit(rng);
    const double levels[] = {-5.3, -1.0, 0.58, 1.0};
    for (std::size_t k = 0; k < n / 150 + 1; ++k) {
        const std::size_t at = rng() % n, width = 3 + rng() % 40;
        const double level = levels[rng() % 4];
        for (std::size_t i = at; i < std::min(n, at + width); ++i) x[i] += level;
    }
    if (rng() % 3 == 0)
        std::fill(x.begin() + static_cast<std::ptrdiff_t>(n / 3),
                  x.begin() + static_cast<std::ptrdiff_t>(n / 2), 0.25);
    return x;
}

TEST(SegmentFast, StretchesGiveTheWholeRunsSegments) {
    for (std::uint64_t seed : seeds()) {
        std::mt19937_64 rng(seed + 99);
        const std::vector<double> x = random_calls(rng, 20000);
        const CnmopsParams params;
        detail::FastSegmenter split(x, params);
        for (std::size_t begin = 0; begin < x.size(); begin += 777)
            split.score_range(begin, std::min(x.size(), begin + 777));
        EXPECT_EQ(split.finish(), segment_fast(x, params)) << "seed " << seed;
    }
}

TEST(SegmentFast, SegmentsCoverTheInputWithTheirMeansAndMedians) {
    for (std::uint64_t seed : seeds()) {
        std::mt19937_64 rng(seed + 7);
        const std::vector<double> x = random_calls(rng, 5000);
        const std::vector<SegmentRange> segments = segment_fast(x, CnmopsParams{});
        ASSERT_FALSE(segments.empty());
        std::size_t next = 0;
        for (const SegmentRange& s : segments) {
            ASSERT_EQ(s.first, next) << "seed " << seed;
            ASSERT_LE(s.first, s.last);
            double sum = 0;
            std::vector<double> part(x.begin() + static_cast<std::ptrdiff_t>(s.first),
                                     x.begin() + static_cast<std::ptrdiff_t>(s.last) + 1);
            for (double v : part) sum += v;
            EXPECT_NEAR(s.mean, sum / static_cast<double>(part.size()), 1e-12);
            std::sort(part.begin(), part.end());
            const std::size_t h = part.size() / 2;
            const double median = part.size() % 2 ? part[h] : (part[h - 1] + part[h]) / 2;
            EXPECT_EQ(s.median, median);
            next = s.last + 1;
        }
        EXPECT_EQ(next, x.size());
    }
}

TEST(SegmentFast, FindsAClearLossExactly) {
    std::mt19937_64 rng(5);
    std::normal_distribution<double> noise(0, 0.05);
    std::vector<double> x(3000);
    for (double& v : x) v = noise(rng);
    for (std::size_t i = 1200; i < 1230; ++i) x[i] -= 1.0;
    const std::vector<SegmentRange> segments = segment_fast(x, CnmopsParams{});
    const auto loss = std::find_if(segments.begin(), segments.end(),
                                   [](const SegmentRange& s) { return s.mean < -0.9; });
    ASSERT_NE(loss, segments.end());
    EXPECT_EQ(loss->first, 1200u);
    EXPECT_EQ(loss->last, 1229u);
}

TEST(SegmentFast, ConstantInputIsOneSegment) {
    const std::vector<double> x(500, 0.0);
    const std::vector<SegmentRange> segments = segment_fast(x, CnmopsParams{});
    ASSERT_EQ(segments.size(), 1u);
    EXPECT_EQ(segments[0].first, 0u);
    EXPECT_EQ(segments[0].last, 499u);
}

}  // namespace
}  // namespace tropic::cnv
