// Hairpin features: hand-checked small structures for every field, and random sequences and
// structures against the reference.
#include <gtest/gtest.h>

#include <random>
#include <string>

#include "mirna/random_structure.hpp"
#include "reference/mirna_hairpin_reference.hpp"
#include "support/input_error.hpp"
#include "support/random_rna.hpp"
#include "tropic/core/error.hpp"
#include "tropic/mirna/hairpin.hpp"
#include "tropic/rna/mfe.hpp"

namespace {

using tropic::mirna::hairpin_features;
using tropic::mirna::HairpinFeatures;

// The loop fields in one line, so that a hand-checked case reads as one comparison.
std::string loops_of(const HairpinFeatures& f) {
    return "pairs " + std::to_string(f.base_pairs) + " helix " + std::to_string(f.longest_helix) +
           " bulges " + std::to_string(f.bulges) + "/" + std::to_string(f.largest_bulge) +
           " internal " + std::to_string(f.internal_loops) + "/" +
           std::to_string(f.largest_internal_loop) + " asymmetry " + std::to_string(f.asymmetry) +
           " terminal " + std::to_string(f.terminal_loop) + " hairpins " +
           std::to_string(f.hairpin_loops) + " arms " + std::to_string(f.arms.loop_begin) + "-" +
           std::to_string(f.arms.loop_end);
}

TEST(HairpinFeatures, OneStackedHairpin) {
    const HairpinFeatures f = hairpin_features("GGGAAACCC", "(((...)))", -1200);
    EXPECT_EQ(f.length, 9u);
    EXPECT_EQ(f.mfe, -1200);
    EXPECT_DOUBLE_EQ(f.amfe, -12.0 / 9 * 100);
    EXPECT_DOUBLE_EQ(f.gc_percent, 600.0 / 9);
    EXPECT_NEAR(f.mfei, 2.0, 1e-12);  // 133.3 kcal/mol per 100 nt over 66.7 %
    // GG 2, GA 1, AA 2, AC 1, CC 2 of 8: three at 1/4 and two at 1/8.
    EXPECT_NEAR(f.complexity, 3 * 0.25 * 2 + 2 * 0.125 * 3, 1e-12);
    EXPECT_EQ(loops_of(f),
              "pairs 3 helix 3 bulges 0/0 internal 0/0 asymmetry 0 terminal 3 hairpins 1 arms 3-6");
}

TEST(HairpinFeatures, ABulgeBreaksTheLongestHelix) {
    // Helices of 3 and 4 pairs with a one-base 5' bulge between: the longest helix is 4, not 7.
    const std::string structure = "(((.((((....)))))))";
    const std::string sequence = "GGGAGCGCAAAAGCGCCCC";
    const HairpinFeatures f = hairpin_features(sequence, structure, -200);
    EXPECT_EQ(
        loops_of(f),
        "pairs 7 helix 4 bulges 1/1 internal 0/0 asymmetry 1 terminal 4 hairpins 1 arms 8-12");
}

TEST(HairpinFeatures, InternalLoopAndBulgeOnTheThreePrimeSide) {
    // (1, 19) -> (4, 17): a 2 x 1 internal loop; (5, 16) -> (6, 13): a 3' bulge of 2.
    const std::string structure = "((..((((....))..)).))";
    const std::string sequence = "GCAAGCGCAAAAGCAAGCAGC";
    const HairpinFeatures f = hairpin_features(sequence, structure, -50);
    EXPECT_EQ(
        loops_of(f),
        "pairs 6 helix 2 bulges 1/2 internal 1/3 asymmetry 3 terminal 4 hairpins 1 arms 8-12");
}

TEST(HairpinFeatures, SymmetricInternalLoopHasNoAsymmetry) {
    const HairpinFeatures f = hairpin_features("GGAAGGAAACCAACC", "((..((...))..))", -30);
    EXPECT_EQ(loops_of(f),
              "pairs 4 helix 2 bulges 0/0 internal 1/4 asymmetry 0 terminal 3 hairpins 1 arms 6-9");
}

TEST(HairpinFeatures, SeveralHairpinLoopsTakeTheLongestStemLoopsArms) {
    // A multiloop of two branches (7 and 10 nt): the arms are those of the longer one; the
    // multiloop is neither a bulge nor an internal loop.
    const std::string structure = "(((...))(((....))))";
    const std::string sequence = "GGCAAAGCGGCAAAAGCCC";
    const HairpinFeatures f = hairpin_features(sequence, structure, -40);
    EXPECT_EQ(loops_of(f),
              "pairs 6 helix 3 bulges 0/0 internal 0/0 asymmetry 0 terminal 4 "
              "hairpins 2 arms 11-15");
    // Two exterior branches: the longer one again, here the first.
    const HairpinFeatures g = hairpin_features("GGGGAAAACCCCAGGAAACC", "((((....)))).((...))", -40);
    EXPECT_EQ(loops_of(g),
              "pairs 6 helix 4 bulges 0/0 internal 0/0 asymmetry 0 terminal 4 "
              "hairpins 2 arms 4-8");
}

TEST(HairpinFeatures, NoPairsPutTheLoopInTheMiddle) {
    const HairpinFeatures f = hairpin_features("AAUUAAU", ".......", 0);
    EXPECT_EQ(loops_of(f),
              "pairs 0 helix 0 bulges 0/0 internal 0/0 asymmetry 0 terminal 0 hairpins 0 arms 3-3");
    EXPECT_EQ(f.gc_percent, 0.0);
    EXPECT_EQ(f.mfei, 0.0);  // no G or C: defined as 0
    EXPECT_EQ(f.amfe, 0.0);
}

TEST(HairpinFeatures, ALonePairIsAHelixOfOne) {
    const HairpinFeatures f = hairpin_features("GAAAC", "(...)", -10);
    EXPECT_EQ(f.longest_helix, 1u);
    EXPECT_EQ(f.terminal_loop, 3u);
}

TEST(HairpinFeatures, ComplexityRangesFromZeroToFourBits) {
    EXPECT_EQ(hairpin_features("G", ".", 0).complexity, 0.0);
    EXPECT_EQ(hairpin_features("AAAAAAAA", "........", 0).complexity, 0.0);
    // A de Bruijn sequence: every dinucleotide once.
    const std::string all16 = "AACAGAUCCGCUGGUUA";
    for (const std::uint32_t count : tropic::reference::dinucleotide_counts(all16))
        ASSERT_EQ(count, 1u);
    EXPECT_NEAR(hairpin_features(all16, std::string(all16.size(), '.'), 0).complexity, 4.0, 1e-12);
    // Two dinucleotides half each: one bit.
    EXPECT_NEAR(hairpin_features("ACACA", ".....", 0).complexity, 1.0, 1e-12);
}

TEST(HairpinFeatures, MfeIndexFollowsZhang) {
    // 100 nt, 50 % GC, -40 kcal/mol (-4000 dcal/mol): AMFE -40, MFEI 0.8.
    const std::string sequence = std::string(25, 'G') + std::string(25, 'C') + std::string(50, 'A');
    const HairpinFeatures f = hairpin_features(sequence, std::string(100, '.'), -4000);
    EXPECT_DOUBLE_EQ(f.amfe, -40.0);
    EXPECT_DOUBLE_EQ(f.gc_percent, 50.0);
    EXPECT_DOUBLE_EQ(f.mfei, 0.8);
}

TEST(HairpinFeatures, BadInputIsAnInputError) {
    using tropic::test::input_error_of;
    EXPECT_NE(input_error_of([] { (void)hairpin_features("", "", 0); }).find("empty"),
              std::string::npos);
    EXPECT_NE(input_error_of([] { (void)hairpin_features("GAAAC", "(...", 0); }).find("5"),
              std::string::npos);
    EXPECT_NE(
        input_error_of([] { (void)hairpin_features("GAAAC", "(..))", 0); }).find("position 5"),
        std::string::npos);
    EXPECT_NE(input_error_of([] { (void)hairpin_features("GAAAC", "(.x.)", 0); }).find("'x'"),
              std::string::npos);
    EXPECT_NE(
        input_error_of([] { (void)hairpin_features("GATAC", "(...)", 0); }).find("position 3"),
        std::string::npos);
    EXPECT_NE(input_error_of([] { (void)hairpin_features("GAaAC", "(...)", 0); }).find("'a'"),
              std::string::npos);
    EXPECT_NE(input_error_of([] { (void)hairpin_features("GANAC", "(...)", 0); }).find("'N'"),
              std::string::npos);
}

void expect_as_reference(const std::string& sequence, const std::string& structure, int mfe) {
    const HairpinFeatures f = hairpin_features(sequence, structure, mfe);
    const HairpinFeatures r =
        tropic::reference::hairpin_features_reference(sequence, structure, mfe);
    EXPECT_EQ(loops_of(f), loops_of(r)) << sequence << "\n" << structure;
    EXPECT_EQ(f.length, r.length);
    EXPECT_EQ(f.mfe, r.mfe);
    EXPECT_DOUBLE_EQ(f.amfe, r.amfe);
    EXPECT_DOUBLE_EQ(f.gc_percent, r.gc_percent);
    EXPECT_DOUBLE_EQ(f.mfei, r.mfei);
    EXPECT_NEAR(f.complexity, r.complexity, 1e-12) << sequence;
}

std::string letters(const std::vector<std::uint8_t>& codes) {
    std::string s;
    for (const std::uint8_t c : codes) s += "ACGU"[c];
    return s;
}

TEST(HairpinFeatures, RandomStructuresMatchTheReference) {
    for (const std::uint64_t seed :
         {std::uint64_t{1}, std::uint64_t{2}, tropic::test::test_seed()}) {
        std::mt19937_64 rng(seed);
        for (int t = 0; t < 1000 && !HasFailure(); ++t) {
            const std::size_t n = std::uniform_int_distribution<std::size_t>(1, 150)(rng);
            const double gc = std::uniform_real_distribution<double>(0.0, 1.0)(rng);
            const std::string sequence = letters(tropic::test::random_rna(rng, n, gc));
            const int mfe = std::uniform_int_distribution<int>(-800, 0)(rng);
            expect_as_reference(sequence, tropic::test::random_structure(rng, n), mfe);
        }
        if (HasFailure()) ADD_FAILURE() << "seed " << seed;
    }
}

TEST(HairpinFeatures, MfeFoldsOfRandomHairpinsMatchTheReference) {
    std::mt19937_64 rng(tropic::test::test_seed());
    const auto& params = tropic::rna::turner2004_params();
    for (int t = 0; t < 30; ++t) {
        const auto codes = tropic::test::random_rna(rng, 90);
        const auto fold = tropic::rna::fold_mfe(codes, params, {});
        expect_as_reference(letters(codes), fold.structure, fold.energy);
    }
}

}  // namespace
