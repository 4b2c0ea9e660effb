#include <gtest/gtest.h>

#include <string>

#include "tropic/core/error.hpp"
#include "tropic/rna/pair_weights.hpp"

namespace {

using tropic::Base;
using tropic::InputError;
using tropic::rna::PairWeights;

TEST(PairWeights, DefaultsAndSymmetry) {
    PairWeights w{2, 3, 5};
    const Base all[] = {Base::A, Base::C, Base::G, Base::U, Base::N};
    // Expected weights written out: rows/columns A C G U N.
    const int expected[5][5] = {
        {0, 0, 0, 2, 0}, {0, 0, 3, 0, 0}, {0, 3, 0, 5, 0}, {2, 0, 5, 0, 0}, {0, 0, 0, 0, 0}};
    auto table = w.table();
    for (int a = 0; a < 5; ++a)
        for (int b = 0; b < 5; ++b) {
            EXPECT_EQ(w.weight(all[a], all[b]), expected[a][b]) << a << "," << b;
            EXPECT_EQ(table[a * 5 + b], expected[a][b]) << a << "," << b;
        }
    EXPECT_EQ(w.max_weight(), 5);
    EXPECT_EQ((PairWeights{}).max_weight(), 1);
    EXPECT_EQ((PairWeights{0, 0, 0}).max_weight(), 0);
    EXPECT_EQ((PairWeights{7, 0, 0}).max_weight(), 7);
}

void expect_weights(const std::string& spec, int au, int gc, int gu) {
    SCOPED_TRACE(spec);
    PairWeights w = PairWeights::parse(spec);
    EXPECT_EQ(w.au, au);
    EXPECT_EQ(w.gc, gc);
    EXPECT_EQ(w.gu, gu);
}

TEST(PairWeights, ParsesGoodSpecs) {
    expect_weights("GC=3,AU=2,GU=1", 2, 3, 1);
    expect_weights("GC=3", 1, 3, 1);
    expect_weights("cg=4", 1, 4, 1);
    expect_weights("UA=0,ug=7", 0, 1, 7);
    expect_weights(" Gc = 10 ,\tuA=1000 , GU=0 ", 1000, 10, 0);
    expect_weights("", 1, 1, 1);
    expect_weights("   ", 1, 1, 1);
    expect_weights("gU=007", 1, 1, 7);
}

void expect_rejected(const std::string& spec, const std::string& must_mention) {
    SCOPED_TRACE(spec);
    try {
        (void)PairWeights::parse(spec);
        ADD_FAILURE() << "accepted";
    } catch (const InputError& e) {
        EXPECT_NE(std::string(e.what()).find(must_mention), std::string::npos) << e.what();
    }
}

TEST(PairWeights, RejectsBadSpecs) {
    expect_rejected("GA=1", "GA");
    expect_rejected("GC=3,XY=2", "XY");
    expect_rejected("GCU=1", "GCU");
    expect_rejected("GC=", "GC=");
    expect_rejected("GC=abc", "abc");
    expect_rejected("GC=-1", "-1");
    expect_rejected("GC=1001", "1001");
    expect_rejected("GC=1.5", "1.5");
    expect_rejected("GC=1 2", "1 2");
    expect_rejected("GC", "GC");
    expect_rejected("GC=1,,AU=2", "empty");
    expect_rejected("GC=1,", "empty");
    expect_rejected("GC=1,CG=2", "CG=2");
    expect_rejected("au=1,UA=1", "UA=1");
    expect_rejected("=3", "=3");
    expect_rejected("GC=99999999999", "99999999999");
}

}  // namespace
