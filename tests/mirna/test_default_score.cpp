// default_score: the weighted share of published criteria met (docs/mirscan-classifier.md).
#include <gtest/gtest.h>

#include <random>

#include "tropic/mirna/classifier.hpp"

namespace tropic::mirna {
namespace {

// A hairpin meeting every structural criterion: MFEI >= 0.85, one loop, longer than 63 nt.
CandidateFeatures precursor_like() {
    CandidateFeatures f;
    f.hairpin.length = 80;
    f.hairpin.mfe = -356;
    f.hairpin.amfe = -44.5;
    f.hairpin.gc_percent = 46.0;
    f.hairpin.mfei = 0.97;
    f.hairpin.base_pairs = 30;
    f.hairpin.hairpin_loops = 1;
    return f;
}

Significance with_pvalue(double p) {
    return Significance{100, -20, 3, -4, p};
}

TEST(MirnaDefaultScore, StructureAloneWhenNothingElseIsKnown) {
    CandidateFeatures f = precursor_like();
    EXPECT_DOUBLE_EQ(default_score(f), 1.0);
    f.hairpin.mfei = 0.84;  // weight 2 of 3 lost
    EXPECT_DOUBLE_EQ(default_score(f), 1.0 / 3.0);
    f = precursor_like();
    f.hairpin.length = 63;  // the thesis kept hairpins longer than 63 nt
    EXPECT_DOUBLE_EQ(default_score(f), 2.0 / 3.0);
    f = precursor_like();
    f.hairpin.hairpin_loops = 2;
    EXPECT_DOUBLE_EQ(default_score(f), 2.0 / 3.0);
}

TEST(MirnaDefaultScore, AnInsignificantShuffleTestRejects) {
    CandidateFeatures f = precursor_like();
    f.significance = with_pvalue(0.01);
    EXPECT_DOUBLE_EQ(default_score(f), 1.0);
    f.significance = with_pvalue(0.05);  // randfold's level, inclusive
    EXPECT_DOUBLE_EQ(default_score(f), 1.0);
    f.significance = with_pvalue(0.06);
    EXPECT_DOUBLE_EQ(default_score(f), 3.0 / 5.0);
    EXPECT_LT(default_score(f), kDefaultScoreThreshold);
    // A significant hairpin below the MFE index criterion is not reported either: the shuffle
    // test alone passes most excised genomic hairpins.
    f.hairpin.mfei = 0.80;
    f.significance = with_pvalue(0.01);
    EXPECT_DOUBLE_EQ(default_score(f), 3.0 / 5.0);
    EXPECT_LT(default_score(f), kDefaultScoreThreshold);
}

TEST(MirnaDefaultScore, ReadsWithDicerSignatureRaiseTheScore) {
    CandidateFeatures f = precursor_like();
    f.significance = with_pvalue(0.5);
    f.reads = ReadEvidence{40, 5, 0, 0.9};
    EXPECT_DOUBLE_EQ(default_score(f), 6.0 / 8.0);
    EXPECT_GE(default_score(f), kDefaultScoreThreshold);
    f.reads = ReadEvidence{40, 0, 0, 0.9};  // no star reads
    EXPECT_DOUBLE_EQ(default_score(f), 5.0 / 8.0);
    f.reads = ReadEvidence{40, 5, 0, 0.3};  // ragged 5' ends
    EXPECT_DOUBLE_EQ(default_score(f), 4.0 / 8.0);
    f.reads = ReadEvidence{};  // not expressed: with --reads, reads are needed
    f.significance = with_pvalue(0.01);
    EXPECT_DOUBLE_EQ(default_score(f), 5.0 / 8.0);
    EXPECT_LT(default_score(f), kDefaultScoreThreshold);
}

TEST(MirnaDefaultScore, AlwaysBetweenZeroAndOne) {
    std::mt19937 random(7);
    std::uniform_real_distribution<double> unit(0, 1);
    for (int i = 0; i < 2000; ++i) {
        CandidateFeatures f;
        f.hairpin.length = static_cast<std::uint32_t>(unit(random) * 200);
        f.hairpin.mfei = unit(random) * 1.5;
        f.hairpin.hairpin_loops = static_cast<std::uint32_t>(unit(random) * 3);
        if (unit(random) < 0.5) f.significance = with_pvalue(unit(random));
        if (unit(random) < 0.5)
            f.reads = ReadEvidence{static_cast<std::uint32_t>(unit(random) * 5),
                                   static_cast<std::uint32_t>(unit(random) * 5), 0, unit(random)};
        const double score = default_score(f);
        EXPECT_GE(score, 0.0);
        EXPECT_LE(score, 1.0);
    }
}

}  // namespace
}  // namespace tropic::mirna
