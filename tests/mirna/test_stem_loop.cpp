// The longest stem-loop of a dot-bracket: hand-made cases of each rule, and random structures
// (and MFE folds of random RNA) against the reference that tests every pair by the definition.
#include <gtest/gtest.h>

#include <optional>
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

using tropic::mirna::longest_stem_loop;
using tropic::mirna::StemLoop;

// "[begin, end)" or "none", so that a failure shows both sides.
std::string shown(const std::optional<StemLoop>& stem) {
    if (!stem) return "none";
    return "[" + std::to_string(stem->begin) + ", " + std::to_string(stem->end) + ")";
}

std::string stem_of(const std::string& structure, std::uint32_t min_length = 0) {
    return shown(longest_stem_loop(structure, min_length));
}

TEST(StemLoop, EmptyAndUnpairedStructuresHaveNone) {
    EXPECT_EQ(stem_of(""), "none");
    EXPECT_EQ(stem_of("........"), "none");
}

TEST(StemLoop, OneHairpinIsItsOwnStemLoop) {
    EXPECT_EQ(stem_of("((...))"), "[0, 7)");
    EXPECT_EQ(stem_of("..((...)).."), "[2, 9)");
    EXPECT_EQ(stem_of("()"), "[0, 2)");
}

TEST(StemLoop, MinLengthCountsEveryBaseOfTheStemLoop) {
    EXPECT_EQ(stem_of("..((...)).", 7), "[2, 9)");
    EXPECT_EQ(stem_of("..((...)).", 8), "none");
}

TEST(StemLoop, BulgesAndInteriorLoopsStayInOneStemLoop) {
    // A bulge on each side and an interior loop of 2 x 1 under one hairpin loop.
    EXPECT_EQ(stem_of(".((.((..((...)).).)))"), "[1, 21)");
}

TEST(StemLoop, OnlyTheOutermostPairOfAChainCounts) {
    // Inner pairs of the chain are shorter stem-loops; the outermost one is reported.
    EXPECT_EQ(stem_of("(((...)))"), "[0, 9)");
    EXPECT_EQ(stem_of("(((...)))", 9), "[0, 9)");
}

TEST(StemLoop, AMultiloopSplitsItsBranches) {
    // The outer pair closes a multiloop of two branches of 7 and 9 nt.
    EXPECT_EQ(stem_of("(((...)).((.....)))"), "[9, 18)");
    // Two pairs stacked around the multiloop do not make it a stem-loop either.
    EXPECT_EQ(stem_of("((((...))((.....))))"), "[9, 18)");
    EXPECT_EQ(stem_of("((((...))((.....))))", 10), "none");
}

TEST(StemLoop, ExteriorBranchesCompete) {
    EXPECT_EQ(stem_of("..((....))...(((...)))."), "[13, 22)");
    EXPECT_EQ(stem_of("(((....)))..((...))"), "[0, 10)");
}

TEST(StemLoop, TiesGoToTheLeftmost) {
    EXPECT_EQ(stem_of("((...))..((...))"), "[0, 7)");
    EXPECT_EQ(stem_of("(((...))((...)))"), "[1, 8)");
    // min_length rules out the shorter left one: the longer right one is the only candidate.
    EXPECT_EQ(stem_of("((...))..((....))", 8), "[9, 17)");
}

TEST(StemLoop, AStemLoopInsideAMultiloopInsideAStem) {
    // (3, 20) and (4, 19) close a multiloop: its branches are the stem-loops.
    EXPECT_EQ(stem_of("...(((...)((.....)))).."), "[10, 19)");
}

// Whether longest_stem_loop refuses `structure` with an InputError whose message has `part`.
bool refused_with(const std::string& structure, const std::string& part) {
    const std::string message =
        tropic::test::input_error_of([&] { (void)longest_stem_loop(structure, 0); });
    return message.find(part) != std::string::npos;
}

TEST(StemLoop, MalformedStructuresAreInputErrors) {
    EXPECT_TRUE(refused_with("(()", "'(' at position 1"));
    EXPECT_TRUE(refused_with("())", "')' at position 3"));
    EXPECT_TRUE(refused_with(")(", "')' at position 1"));
    EXPECT_TRUE(refused_with("((.x))", "'x' at position 4"));
    EXPECT_TRUE(refused_with("((.[]))", "'[' at position 4"));
    // More opening brackets than can ever close, short and past the inline stack.
    EXPECT_TRUE(refused_with("((((((", "'(' at position 1"));
    EXPECT_TRUE(refused_with(std::string(2000, '('), "'(' at position 1"));
    EXPECT_TRUE(refused_with(std::string(600, '(') + std::string(601, ')'), "position 1201"));
}

void expect_as_reference(const std::string& structure, std::uint32_t min_length) {
    EXPECT_EQ(shown(longest_stem_loop(structure, min_length)),
              shown(tropic::reference::longest_stem_loop_reference(structure, min_length)))
        << structure << " min_length " << min_length;
}

void compare_random_structures(std::uint64_t seed, int count, std::size_t max_length) {
    std::mt19937_64 rng(seed);
    for (int t = 0; t < count; ++t) {
        const std::size_t n = std::uniform_int_distribution<std::size_t>(0, max_length)(rng);
        const std::string structure = tropic::test::random_structure(rng, n);
        const auto min_length =
            std::uniform_int_distribution<std::uint32_t>(0, static_cast<std::uint32_t>(n))(rng);
        expect_as_reference(structure, 0);
        expect_as_reference(structure, min_length);
        if (::testing::Test::HasFailure()) {
            ADD_FAILURE() << "seed " << seed << ", structure " << t;
            return;
        }
    }
}

TEST(StemLoop, RandomStructuresMatchTheReference) {
    for (std::uint64_t seed = 1; seed <= 20; ++seed) compare_random_structures(seed, 200, 160);
    compare_random_structures(tropic::test::test_seed(), 2000, 160);
}

TEST(StemLoop, LongRandomStructuresMatchTheReference) {
    // Past the inline stack of open pairs.
    compare_random_structures(7, 20, 3000);
}

TEST(StemLoop, MfeFoldsOfRandomWindowsMatchTheReference) {
    std::mt19937_64 rng(tropic::test::test_seed());
    const auto& params = tropic::rna::turner2004_params();
    for (int t = 0; t < 30; ++t) {
        const auto window = tropic::test::random_rna(rng, 120);
        const std::string structure = tropic::rna::fold_mfe(window, params, {}).structure;
        for (std::uint32_t min_length : {0u, 20u, 40u, 60u})
            expect_as_reference(structure, min_length);
    }
}

}  // namespace
