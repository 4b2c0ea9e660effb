// Dinucleotide shuffles: exact dinucleotide counts, reproducibility, edge cases, the generator
// against its published outputs, and uniformity over every sequence with the same dinucleotides
// by enumeration on short inputs.
#include <gtest/gtest.h>

#include <cmath>
#include <map>
#include <random>
#include <set>
#include <string>
#include <vector>

#include "mirna/significance/splitmix64.hpp"
#include "reference/mirna_hairpin_reference.hpp"
#include "support/input_error.hpp"
#include "support/random_rna.hpp"
#include "tropic/core/error.hpp"
#include "tropic/mirna/significance.hpp"

namespace {

using tropic::mirna::dinucleotide_shuffle;
using tropic::reference::dinucleotide_counts;

std::string random_letters(std::mt19937_64& rng, std::size_t n) {
    std::string s;
    const double gc = std::uniform_real_distribution<double>(0.05, 0.95)(rng);
    for (const std::uint8_t c : tropic::test::random_rna(rng, n, gc)) s += "ACGU"[c];
    return s;
}

TEST(SplitMix64, GivesThePublishedSequenceForSeedZero) {
    tropic::mirna::detail::SplitMix64 random(0);
    EXPECT_EQ(random.next(), 0xe220a8397b1dcdafULL);
    EXPECT_EQ(random.next(), 0x6e789e6aa1b965f4ULL);
    EXPECT_EQ(random.next(), 0x06c45d188009454fULL);
    EXPECT_EQ(random.next(), 0xf88bb8a8724c81ecULL);
}

TEST(SplitMix64, BoundedDrawsStayBelowTheBoundAndCoverIt) {
    tropic::mirna::detail::SplitMix64 random(12345);
    EXPECT_EQ(random.below(1), 0u);
    std::vector<int> seen(7, 0);
    for (int t = 0; t < 70'000; ++t) {
        const std::uint64_t x = random.below(7);
        ASSERT_LT(x, 7u);
        ++seen[x];
    }
    for (const int count : seen) EXPECT_NEAR(count, 10'000, 600);
    // The largest bound of the multiply-and-shift path and the smallest past it.
    const std::uint64_t two_32 = std::uint64_t{1} << 32;
    for (int t = 0; t < 100; ++t) {
        EXPECT_LT(random.below(two_32), two_32);
        EXPECT_LT(random.below(two_32 + 1), two_32 + 1);
    }
}

TEST(SplitMix64, LargeBoundsRejectTheUnevenTail) {
    // Bound 3 * 2^62: a plain remainder would give the lowest third twice the others' share
    // (draws from [3 * 2^62, 2^64) wrap onto it); rejection keeps the thirds even.
    tropic::mirna::detail::SplitMix64 random(99);
    const std::uint64_t third = std::uint64_t{1} << 62;
    std::vector<int> seen(3, 0);
    for (int t = 0; t < 30'000; ++t) ++seen[random.below(3 * third) / third];
    for (const int count : seen) EXPECT_NEAR(count, 10'000, 600);
}

void expect_same_dinucleotides(const std::string& original, const std::string& shuffled) {
    ASSERT_EQ(shuffled.size(), original.size());
    if (original.empty()) return;
    EXPECT_EQ(shuffled.front(), original.front());
    EXPECT_EQ(shuffled.back(), original.back());
    EXPECT_EQ(dinucleotide_counts(shuffled), dinucleotide_counts(original)) << original << "\n"
                                                                            << shuffled;
}

TEST(DinucleotideShuffle, PreservesDinucleotideCountsExactly) {
    for (const std::uint64_t seed : {std::uint64_t{3}, tropic::test::test_seed()}) {
        std::mt19937_64 rng(seed);
        for (int t = 0; t < 2000 && !HasFailure(); ++t) {
            const std::size_t n = std::uniform_int_distribution<std::size_t>(0, 300)(rng);
            const std::string original = random_letters(rng, n);
            expect_same_dinucleotides(original, dinucleotide_shuffle(original, rng()));
        }
        if (HasFailure()) ADD_FAILURE() << "seed " << seed;
    }
}

// `count` copies of `unit`.
std::string repeated(std::string_view unit, std::size_t count) {
    std::string s;
    for (std::size_t k = 0; k < count; ++k) s.append(unit);
    return s;
}

TEST(DinucleotideShuffle, PreservesCountsOfRepeatsAndSkewedSequences) {
    // Cycles of the last-exit draw are likely here: (AC)^n U needs C's one exit to U.
    const std::vector<std::string> cases = {
        repeated("AC", 60).append("U"), repeated("A", 50).append("CGU").append(repeated("A", 50)),
        "GGGGGGGGGGCGGGGGGGGGAUUUUUUUUUUUUUUU",
        repeated("C", 3000).append("AGU").append(repeated("G", 2000))};
    for (const std::string& original : cases)
        for (std::uint64_t seed = 0; seed < 50; ++seed)
            expect_same_dinucleotides(original, dinucleotide_shuffle(original, seed));
}

TEST(DinucleotideShuffle, SameSeedSameShuffleAndSeedsDiffer) {
    std::mt19937_64 rng(11);
    const std::string original = random_letters(rng, 100);
    std::set<std::string> distinct;
    for (std::uint64_t seed = 0; seed < 50; ++seed) {
        const std::string shuffled = dinucleotide_shuffle(original, seed);
        EXPECT_EQ(dinucleotide_shuffle(original, seed), shuffled);
        distinct.insert(shuffled);
    }
    EXPECT_EQ(distinct.size(), 50u);
}

TEST(DinucleotideShuffle, TheBufferOverloadGivesTheSameShuffles) {
    std::mt19937_64 rng(12);
    std::string buffer = "left over from before";
    for (int t = 0; t < 100; ++t) {
        const std::string original = random_letters(rng, t);
        dinucleotide_shuffle(original, t, buffer);
        EXPECT_EQ(buffer, dinucleotide_shuffle(original, t));
    }
}

TEST(DinucleotideShuffle, ShortAndOneLetterSequencesComeBackUnchanged) {
    for (const std::string s : {"", "A", "U", "GC", "AA"})
        for (std::uint64_t seed = 0; seed < 5; ++seed) EXPECT_EQ(dinucleotide_shuffle(s, seed), s);
    const std::string same(80, 'G');
    EXPECT_EQ(dinucleotide_shuffle(same, 9), same);
    // Only one sequence has these dinucleotides and this first letter.
    EXPECT_EQ(dinucleotide_shuffle("ACGUACGUAC", 4), "ACGUACGUAC");
}

TEST(DinucleotideShuffle, OtherLettersAreInputErrors) {
    using tropic::test::input_error_of;
    for (const std::string bad : {"ACGT", "acgu", "ACNGU", "AC GU", "T"}) {
        const std::string message = input_error_of([&] { (void)dinucleotide_shuffle(bad, 1); });
        EXPECT_NE(message.find("not A, C, G or U"), std::string::npos) << bad << ": " << message;
    }
    EXPECT_NE(input_error_of([] { (void)dinucleotide_shuffle("ACGT", 1); }).find("position 4"),
              std::string::npos);
}

// Empty when `histogram` (draws per sequence) looks uniform over `all`: every sequence drawn,
// none outside `all`, each within a quarter of its expectation, and Pearson's chi-square below
// df + 8 sd (a bound a fair shuffle never exceeds with these fixed seeds, and a shuffle that
// favours one sequence by 30 % at a thousand draws each clearly does).
std::string uniformity_failure(const std::vector<std::string>& all,
                               const std::map<std::string, int>& histogram, int draws) {
    if (histogram.size() != all.size())
        return std::to_string(histogram.size()) + " sequences drawn of " +
               std::to_string(all.size());
    const double expected = static_cast<double>(draws) / static_cast<double>(all.size());
    double chi_square = 0;
    for (const std::string& s : all) {
        const auto found = histogram.find(s);
        if (found == histogram.end()) return s + " never drawn";
        const double count = found->second;
        if (std::abs(count - expected) > expected / 4)
            return s + " drawn " + std::to_string(found->second) + " times, expected " +
                   std::to_string(expected);
        chi_square += (count - expected) * (count - expected) / expected;
    }
    const double df = static_cast<double>(all.size()) - 1;
    if (chi_square > df + 8 * std::sqrt(2 * df))
        return "chi-square " + std::to_string(chi_square) + " with " + std::to_string(df) + " df";
    return "";
}

TEST(DinucleotideShuffle, IsUniformOverAllSequencesWithTheSameDinucleotides) {
    // 48, 24, 12 and 20 sequences; the last one starts and ends with A and has self-loops.
    for (const std::string original : {"AACAGCAUGA", "UUAGCUAGAUC", "ACACAGAUCA", "AACCAAGGAA"}) {
        const std::vector<std::string> all =
            tropic::reference::sequences_with_dinucleotides_of(original);
        ASSERT_GE(all.size(), 12u) << original;
        const int draws = 1000 * static_cast<int>(all.size());
        std::map<std::string, int> histogram;
        for (int t = 0; t < draws; ++t) ++histogram[dinucleotide_shuffle(original, t)];
        EXPECT_EQ(uniformity_failure(all, histogram, draws), "") << original;
    }
}

TEST(DinucleotideShuffle, TheUniformityCheckCatchesABiasedShuffle) {
    // The same draws, but every other draw of one sequence replaced by a redraw: that sequence
    // comes out at about half its share.
    const std::string original = "AACAGCAUGA";
    const auto all = tropic::reference::sequences_with_dinucleotides_of(original);
    const int draws = 1000 * static_cast<int>(all.size());
    std::map<std::string, int> histogram;
    int favoured = 0;
    for (int t = 0; t < draws; ++t) {
        std::string s = dinucleotide_shuffle(original, t);
        if (s == all.front() && ++favoured % 2 == 0) s = dinucleotide_shuffle(original, draws + t);
        ++histogram[s];
    }
    EXPECT_NE(uniformity_failure(all, histogram, draws), "");
}

}  // namespace
