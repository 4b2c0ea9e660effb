// mapping_quality: 0 for ties, never falling as the second-best score falls, capped at 60.
#include <gtest/gtest.h>

#include "map/extend/mapping_quality.hpp"

namespace tropic::map::detail {
namespace {

TEST(MappingQuality, TiesGiveZero) {
    const MapScoring scoring;
    EXPECT_EQ(mapping_quality(150, 150, 1, 150, scoring), 0);
    EXPECT_EQ(mapping_quality(150, 0, 2, 150, scoring), 0);
    EXPECT_EQ(mapping_quality(120, 130, 1, 150, scoring), 0);
    EXPECT_EQ(mapping_quality(0, 0, 1, 150, scoring), 0);
}

TEST(MappingQuality, UniquePerfectHitGetsSixty) {
    const MapScoring scoring;
    EXPECT_EQ(mapping_quality(150, 0, 1, 150, scoring), 60);
    EXPECT_EQ(mapping_quality(150, -5, 1, 150, scoring), 60);
    EXPECT_EQ(mapping_quality(100, 0, 1, 100, scoring), 60);
}

TEST(MappingQuality, MonotoneInTheScoreGap) {
    for (const MapScoring scoring : {MapScoring{}, MapScoring{2, 3, 5, 2, 0}}) {
        for (const int length : {36, 50, 100, 150, 250}) {
            for (int best = 1; best <= length * scoring.match; ++best) {
                int previous = 0;
                for (int second = best; second >= -1; --second) {
                    const int q = mapping_quality(best, second, 1, length, scoring);
                    ASSERT_GE(q, previous) << best << " " << second << " " << length;
                    ASSERT_LE(q, 60);
                    previous = q;
                }
            }
        }
    }
}

TEST(MappingQuality, SmallGapsGiveLowQuality) {
    const MapScoring scoring;
    const int close = mapping_quality(150, 149, 1, 150, scoring);
    const int far = mapping_quality(150, 120, 1, 150, scoring);
    EXPECT_GT(close, 0);
    EXPECT_LT(close, 10);
    EXPECT_GT(far, close);
}

}  // namespace
}  // namespace tropic::map::detail
