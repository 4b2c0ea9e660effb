// feature_names / feature_vector (the classifier's inputs and the tsv/JSON columns) and the
// default feature filter.
#include <gtest/gtest.h>

#include <cmath>
#include <regex>
#include <set>

#include "tropic/mirna/classifier.hpp"

namespace tropic::mirna {
namespace {

HairpinFeatures sample_hairpin() {
    HairpinFeatures h;
    h.length = 80;
    h.mfe = -3560;  // dcal/mol: -35.6 kcal/mol
    h.amfe = -44.5;
    h.mfei = 0.95;
    h.gc_percent = 46.25;
    h.base_pairs = 30;
    h.longest_helix = 11;
    h.bulges = 2;
    h.largest_bulge = 3;
    h.internal_loops = 4;
    h.largest_internal_loop = 5;
    h.asymmetry = 6;
    h.terminal_loop = 7;
    h.hairpin_loops = 1;
    h.complexity = 3.75;
    return h;
}

const std::vector<std::string> kStructureNames{
    "length",     "mfe",           "amfe",           "mfei",
    "gc_percent", "base_pairs",    "paired_share",   "longest_helix",
    "bulges",     "largest_bulge", "internal_loops", "largest_internal_loop",
    "asymmetry",  "terminal_loop", "hairpin_loops",  "complexity",
    "zscore",     "pvalue"};
const std::vector<std::string> kReadNames{"reads_5p_arm", "reads_3p_arm", "reads_loop",
                                          "homogeneity_5p"};

TEST(MirnaFeatures, NamesAreFixedSnakeCaseAndUnique) {
    EXPECT_EQ(feature_names(false), kStructureNames);
    std::vector<std::string> with_reads = kStructureNames;
    with_reads.insert(with_reads.end(), kReadNames.begin(), kReadNames.end());
    EXPECT_EQ(feature_names(true), with_reads);
    const std::regex snake("[a-z][a-z0-9]*(_[a-z0-9]+)*");
    std::set<std::string> seen;
    for (const std::string& name : feature_names(true)) {
        EXPECT_TRUE(std::regex_match(name, snake)) << name;
        EXPECT_TRUE(seen.insert(name).second) << name;
    }
}

TEST(MirnaFeatures, VectorFollowsTheNames) {
    CandidateFeatures f;
    f.hairpin = sample_hairpin();
    const std::vector<double> v = feature_vector(f, false);
    ASSERT_EQ(v.size(), feature_names(false).size());
    const std::vector<double> expected_structure{80, -35.6, -44.5, 0.95, 46.25, 30, 0.75, 11,
                                                 2,  3,     4,     5,    6,     7,  1,    3.75};
    for (std::size_t i = 0; i < expected_structure.size(); ++i)
        EXPECT_DOUBLE_EQ(v[i], expected_structure[i]) << feature_names(false)[i];
    EXPECT_TRUE(std::isnan(v[16]));  // zscore without significance
    EXPECT_TRUE(std::isnan(v[17]));  // pvalue
}

TEST(MirnaFeatures, SignificanceAndReadsFillTheirColumns) {
    CandidateFeatures f;
    f.hairpin = sample_hairpin();
    f.significance = Significance{100, -20.0, 3.0, -5.2, 0.0099};
    f.reads = ReadEvidence{12, 3, 1, 0.75};
    const std::vector<double> v = feature_vector(f, true);
    ASSERT_EQ(v.size(), 22u);
    EXPECT_DOUBLE_EQ(v[16], -5.2);
    EXPECT_DOUBLE_EQ(v[17], 0.0099);
    EXPECT_DOUBLE_EQ(v[18], 12);
    EXPECT_DOUBLE_EQ(v[19], 3);
    EXPECT_DOUBLE_EQ(v[20], 1);
    EXPECT_DOUBLE_EQ(v[21], 0.75);
    // Without reads the read columns are absent, or NaN when asked for.
    EXPECT_EQ(feature_vector(f, false).size(), 18u);
    f.reads.reset();
    const std::vector<double> unknown = feature_vector(f, true);
    for (std::size_t i = 18; i < 22; ++i) EXPECT_TRUE(std::isnan(unknown[i])) << i;
}

TEST(MirnaFeatures, PairedShareOfAnEmptyHairpinIsZero) {
    CandidateFeatures f;
    EXPECT_DOUBLE_EQ(feature_vector(f, false)[6], 0.0);
}

TEST(MirnaFeatureFilter, DefaultsAreThePublishedBounds) {
    const FeatureFilter filter = default_feature_filter();
    EXPECT_DOUBLE_EQ(filter.min_mfei, 0.70);
    EXPECT_DOUBLE_EQ(filter.max_amfe, -25.0);
    EXPECT_EQ(filter.min_base_pairs, 16u);
    EXPECT_EQ(filter.max_hairpin_loops, 1u);
}

TEST(MirnaFeatureFilter, EachBoundCuts) {
    const FeatureFilter filter = default_feature_filter();
    const HairpinFeatures good = sample_hairpin();
    EXPECT_TRUE(passes(filter, good));
    HairpinFeatures h = good;
    h.mfei = 0.70;  // bounds are inclusive
    h.amfe = -25.0;
    h.base_pairs = 16;
    EXPECT_TRUE(passes(filter, h));
    h = good;
    h.mfei = 0.69;
    EXPECT_FALSE(passes(filter, h));
    h = good;
    h.amfe = -24.9;
    EXPECT_FALSE(passes(filter, h));
    h = good;
    h.base_pairs = 15;
    EXPECT_FALSE(passes(filter, h));
    h = good;
    h.hairpin_loops = 2;
    EXPECT_FALSE(passes(filter, h));
    h = good;
    h.hairpin_loops = 0;
    EXPECT_FALSE(passes(filter, h));
}

TEST(MirnaFeatureFilter, ACustomFilterIsHonoured) {
    FeatureFilter loose{0.0, 0.0, 0, 3};
    HairpinFeatures h = sample_hairpin();
    h.mfei = 0.1;
    h.amfe = -1;
    h.base_pairs = 2;
    h.hairpin_loops = 3;
    EXPECT_TRUE(passes(loose, h));
}

}  // namespace
}  // namespace tropic::mirna
