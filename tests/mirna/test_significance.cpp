// Shuffle seeds and the significance of a hairpin's MFE among its shuffles, by hand.
#include <gtest/gtest.h>

#include <cmath>
#include <set>
#include <vector>

#include "support/input_error.hpp"
#include "tropic/core/error.hpp"
#include "tropic/mirna/significance.hpp"

namespace {

using tropic::mirna::shuffle_seed;
using tropic::mirna::shuffle_significance;
using tropic::mirna::Significance;

TEST(ShuffleSeed, IsAFunctionOfItsInputs) {
    EXPECT_EQ(shuffle_seed(1, "GGGAAACCC", 0), shuffle_seed(1, "GGGAAACCC", 0));
    const std::string hairpin = "GGGAAACCC";
    EXPECT_EQ(shuffle_seed(7, hairpin.substr(0, 5), 3), shuffle_seed(7, "GGGAA", 3));
}

TEST(ShuffleSeed, DependsOnEachInput) {
    const std::uint64_t base = shuffle_seed(1, "GGGAAACCC", 0);
    EXPECT_NE(shuffle_seed(2, "GGGAAACCC", 0), base);
    EXPECT_NE(shuffle_seed(1, "GGGAAACCU", 0), base);
    EXPECT_NE(shuffle_seed(1, "GGGAAACC", 0), base);
    EXPECT_NE(shuffle_seed(1, "GGGAAACCC", 1), base);
    // Many indices, seeds and one-letter changes: no two seeds collide.
    std::set<std::uint64_t> seeds;
    for (std::uint32_t index = 0; index < 1000; ++index)
        seeds.insert(shuffle_seed(1, "GGGAAACCC", index));
    for (std::uint64_t user = 0; user < 1000; ++user)
        seeds.insert(shuffle_seed(user, "GGGAAACCC", 0));
    std::string hairpin(40, 'A');
    for (std::size_t k = 0; k < hairpin.size(); ++k) {
        for (const char c : {'C', 'G', 'U'}) {
            std::string changed = hairpin;
            changed[k] = c;
            seeds.insert(shuffle_seed(1, changed, 0));
        }
    }
    EXPECT_EQ(seeds.size(), 1000u + 999u + 120u);
}

TEST(ShuffleSignificance, HandCheckedExample) {
    // Shuffles at -20, -25, -30, -15 kcal/mol (given in dcal/mol): mean -22.5, deviations 2.5,
    // -2.5, -7.5, 7.5, squares 125 over 3: sd 6.455; the hairpin at -30 is 1.162 sd below; one
    // shuffle is as stable as it (ties count), so p = (1 + 1) / 5.
    const std::vector<int> shuffled = {-2000, -2500, -3000, -1500};
    const Significance s = shuffle_significance(-3000, shuffled);
    EXPECT_EQ(s.shuffles, 4u);
    EXPECT_DOUBLE_EQ(s.mean, -22.5);
    EXPECT_NEAR(s.sd, std::sqrt(125.0 / 3), 1e-12);
    EXPECT_NEAR(s.zscore, -7.5 / std::sqrt(125.0 / 3), 1e-12);
    EXPECT_DOUBLE_EQ(s.pvalue, 0.4);
}

TEST(ShuffleSignificance, MoreStableThanEveryShuffle) {
    const std::vector<int> shuffled = {-1000, -1200, -800, -900, -1100, -1000, -950, -1050, -990};
    const Significance s = shuffle_significance(-4000, shuffled);
    EXPECT_DOUBLE_EQ(s.pvalue, 0.1);  // the smallest p of 9 shuffles: 1 / 10
    EXPECT_LT(s.zscore, -20);
    EXPECT_NEAR(s.mean, -899 / 90.0, 1e-12);
}

TEST(ShuffleSignificance, LessStableThanEveryShuffle) {
    const std::vector<int> shuffled = {-3000, -3100};
    const Significance s = shuffle_significance(-1000, shuffled);
    EXPECT_DOUBLE_EQ(s.pvalue, 1.0);  // both shuffles at least as stable: (1 + 2) / 3
    EXPECT_DOUBLE_EQ(s.mean, -30.5);
    EXPECT_NEAR(s.sd, std::sqrt(0.5), 1e-12);  // deviations 0.5 and -0.5 over 1
    EXPECT_NEAR(s.zscore, 20.5 / std::sqrt(0.5), 1e-9);
}

TEST(ShuffleSignificance, NoSpreadMeansZeroZscore) {
    const std::vector<int> equal = {-1700, -1700, -1700};
    const Significance s = shuffle_significance(-3000, equal);
    EXPECT_EQ(s.sd, 0.0);
    EXPECT_EQ(s.zscore, 0.0);
    EXPECT_DOUBLE_EQ(s.mean, -17.0);
    EXPECT_DOUBLE_EQ(s.pvalue, 0.25);
    const std::vector<int> one = {-50};
    const Significance single = shuffle_significance(-50, one);
    EXPECT_EQ(single.sd, 0.0);
    EXPECT_EQ(single.zscore, 0.0);
    EXPECT_DOUBLE_EQ(single.pvalue, 1.0);
}

TEST(ShuffleSignificance, NoShufflesIsAnInputError) {
    EXPECT_NE(tropic::test::input_error_of([] {
                  (void)shuffle_significance(-100, {});
              }).find("no shuffled"),
              std::string::npos);
}

}  // namespace
