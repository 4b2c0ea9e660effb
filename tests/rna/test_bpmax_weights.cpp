// BPMax weights: decimal text, the common integer scale, scores back in user units.
#include <gtest/gtest.h>

#include "tropic/core/error.hpp"
#include "tropic/rna/bpmax_weights.hpp"

namespace {

using tropic::Base;
using tropic::rna::BpmaxWeights;

TEST(BpmaxWeights, DefaultsAreThoseOfTheReferenceCodeAtScaleTwo) {
    const BpmaxWeights w;
    EXPECT_EQ(w.scale, 2);
    EXPECT_EQ(w.weight(Base::G, Base::C), 6);
    EXPECT_EQ(w.weight(Base::U, Base::A), 2);
    EXPECT_EQ(w.weight(Base::U, Base::G), 3);
    EXPECT_EQ(w.weight(Base::A, Base::C), 0);
    EXPECT_EQ(w.weight(Base::N, Base::G), 0);
    const BpmaxWeights parsed = BpmaxWeights::parse("");
    EXPECT_EQ(parsed.gc, w.gc);
    EXPECT_EQ(parsed.au, w.au);
    EXPECT_EQ(parsed.gu, w.gu);
    EXPECT_EQ(parsed.scale, w.scale);
}

TEST(BpmaxWeights, SmallestCommonScale) {
    BpmaxWeights w = BpmaxWeights::parse("GC=3,AU=2,GU=1");
    EXPECT_EQ(w.scale, 1);
    EXPECT_EQ(w.gc, 3);
    w = BpmaxWeights::parse("gc=2.25, ua=1 ,GU=0");
    EXPECT_EQ(w.scale, 4);
    EXPECT_EQ(w.gc, 9);
    EXPECT_EQ(w.au, 4);
    EXPECT_EQ(w.gu, 0);
    w = BpmaxWeights::parse("CG=0.1");  // AU and GU keep 1 and 1.5
    EXPECT_EQ(w.scale, 10);
    EXPECT_EQ(w.gc, 1);
    EXPECT_EQ(w.au, 10);
    EXPECT_EQ(w.gu, 15);
}

TEST(BpmaxWeights, ScoresInUserUnits) {
    const BpmaxWeights w;
    EXPECT_EQ(w.format_score(21), "10.5");
    EXPECT_EQ(w.format_score(20), "10");
    EXPECT_EQ(w.format_score(0), "0");
    const BpmaxWeights quarter = BpmaxWeights::parse("GC=2.25");
    EXPECT_EQ(quarter.format_score(9), "2.25");
}

TEST(BpmaxWeights, RejectsBadText) {
    for (const char* bad : {"GC=", "GC=-1", "GC=1.234", "GC=1.", "GC=.5", "GC=1001", "GC=x", "AA=1",
                            "GC=1,GC=2", "GC=1,,AU=1", "GC"})
        EXPECT_THROW((void)BpmaxWeights::parse(bad), tropic::InputError) << bad;
}

}  // namespace
