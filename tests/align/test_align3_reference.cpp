// The plain three-sequence references against each other, before any library code: the full-cube
// dynamic program (linear and affine models) gives the brute-force enumeration's best score and
// the very alignment its tie rule picks, on every triple of lengths 0..3 over two letters, over
// four letters (up to renaming the letters, which a match/mismatch scoring cannot tell apart) and
// on random protein triples under BLOSUM62; the plain scorer agrees with hand-computed scores and
// re-scores every reference alignment to its score.
#include <gtest/gtest.h>

#include <functional>
#include <random>
#include <stdexcept>
#include <string>
#include <vector>

#include "reference/align3_reference.hpp"
#include "support/random_alignment.hpp"
#include "support/random_rna.hpp"
#include "tropic/align/align3.hpp"

namespace tropic::align {
namespace {

using Seq = std::vector<std::uint8_t>;

Scoring dna_scoring(int match, int mismatch, int open, int extend) {
    return {dna_matrix(match, mismatch, mismatch), {open, extend}};
}

// Linear (open 0) and affine scorings, some with many ties (+1/-1, cheap gaps), some where a
// mismatch costs less than a gap or where opening a gap is dear.
std::vector<Scoring> dna_scorings() {
    return {dna_scoring(2, -3, 0, 2), dna_scoring(1, -1, 0, 1), dna_scoring(1, 0, 0, 3),
            dna_scoring(2, -3, 5, 2), dna_scoring(1, -1, 1, 1), dna_scoring(1, 0, 2, 1),
            dna_scoring(5, -4, 10, 1)};
}

Align3Sequences view(const Seq& a, const Seq& b, const Seq& c) {
    return {std::span<const std::uint8_t>(a), std::span<const std::uint8_t>(b),
            std::span<const std::uint8_t>(c)};
}

std::string letters(const Seq& s) {
    std::string text;
    for (std::uint8_t code : s) text += "ACGTN"[code < 5 ? code : 4];
    return text;
}

std::string describe(const Seq& a, const Seq& b, const Seq& c, const Scoring& scoring) {
    return "A=" + letters(a) + " B=" + letters(b) + " C=" + letters(c) + " " + scoring.matrix.name +
           " open " + std::to_string(scoring.gaps.open) + " extend " +
           std::to_string(scoring.gaps.extend);
}

// The reference against the brute force on one triple: the best score, the tie rule's
// alignment, and the plain score of the reference's columns. Returns false after a failure.
bool reference_matches_brute_force(const Seq& a, const Seq& b, const Seq& c,
                                   const Scoring& scoring) {
    const Align3Sequences s = view(a, b, c);
    const Align3Result dp = test::align3_reference(s, scoring);
    const test::Align3BruteForce brute = test::align3_brute_force(s, scoring);
    const std::string where = describe(a, b, c, scoring);
    EXPECT_EQ(dp.score, brute.score) << where;
    EXPECT_EQ(dp.columns, brute.columns) << where;
    EXPECT_EQ(test::align3_plain_score(s, dp.columns, scoring), dp.score) << where;
    EXPECT_EQ(dp.identities, test::align3_identities(s, dp.columns, scoring.matrix)) << where;
    return !::testing::Test::HasFailure();
}

// Every sequence of length 0..max_length over `codes` letters.
std::vector<Seq> every_sequence(int codes, std::size_t max_length) {
    std::vector<Seq> all = {{}};
    for (std::size_t from = 0; all.back().size() < max_length;) {
        const std::size_t to = all.size();
        for (std::size_t s = from; s < to; ++s)
            for (int code = 0; code < codes; ++code) {
                Seq longer = all[s];
                longer.push_back(static_cast<std::uint8_t>(code));
                all.push_back(longer);
            }
        from = to;
    }
    return all;
}

// Every triple whose letters, read A then B then C, appear in the order 0, 1, 2, 3 (each letter's
// first appearance comes after the previous letter's): one triple of every class of triples
// that differ only by a renaming of the letters.
void for_each_canonical_triple(
    std::size_t max_length, const std::function<bool(const Seq&, const Seq&, const Seq&)>& body) {
    const std::vector<Seq> all = every_sequence(4, max_length);
    for (const Seq& a : all)
        for (const Seq& b : all)
            for (const Seq& c : all) {
                int next = 0;
                bool canonical = true;
                for (const Seq* s : {&a, &b, &c})
                    for (std::uint8_t code : *s) {
                        if (code > next) canonical = false;
                        if (code == next) ++next;
                    }
                if (canonical && !body(a, b, c)) return;
            }
}

TEST(Align3Reference, PlainScoreOfHandComputedAlignments) {
    const Scoring scoring = dna_scoring(2, -3, 5, 2);
    // A = AC, B = A, C = empty; columns (A,A,-), (C,-,-): (A,B) scores 2 - (5 + 2), (A,C) is one
    // gap of two, -(5 + 4), (B,C) one gap of one, -(5 + 2).
    const Seq ac = {0, 1}, a = {0}, none = {};
    EXPECT_EQ(test::align3_plain_score(view(ac, a, none), Seq{3, 1}, scoring), -5 - 9 - 7);
    // A = AA, B = empty, C = A; columns (A,-,-), (-,-,A), (A,-,-): in (A,B) the middle column is
    // dropped, which leaves one gap of two, -(5 + 4); (A,C) has three gaps of one, -3 (5 + 2);
    // (B,C) one gap of one, -(5 + 2).
    const Seq aa = {0, 0};
    EXPECT_EQ(test::align3_plain_score(view(aa, none, a), Seq{1, 4, 1}, scoring), -9 - 21 - 7);
    // Linear: every residue against a gap costs the extension alone. A = AC, B = AG, C = C;
    // columns (A,A,-), (C,G,C): (A,B) 2 - 3, (A,C) -2 + 2, (B,C) -2 - 3.
    const Seq ag = {0, 2}, c = {1};
    EXPECT_EQ(test::align3_plain_score(view(ac, ag, c), Seq{3, 7}, dna_scoring(2, -3, 0, 2)),
              -1 + 0 - 5);
    EXPECT_EQ(test::align3_plain_score(view(none, none, none), Seq{}, scoring), 0);
}

TEST(Align3Reference, PlainScoreRejectsColumnsThatDoNotUseEveryResidueOnce) {
    const Scoring scoring = dna_scoring(2, -3, 5, 2);
    const Seq ac = {0, 1}, a = {0}, none = {};
    const Align3Sequences s = view(ac, a, none);
    EXPECT_THROW((void)test::align3_plain_score(s, Seq{3}, scoring), std::invalid_argument);
    EXPECT_THROW((void)test::align3_plain_score(s, Seq{3, 1, 1}, scoring), std::invalid_argument);
    EXPECT_THROW((void)test::align3_plain_score(s, Seq{3, 5}, scoring), std::invalid_argument);
    EXPECT_THROW((void)test::align3_plain_score(s, Seq{3, 0, 1}, scoring), std::invalid_argument);
    EXPECT_THROW((void)test::align3_plain_score(s, Seq{3, 9}, scoring), std::invalid_argument);
}

TEST(Align3Reference, BruteForceEnumeratesEveryAlignment) {
    // Three-dimensional Delannoy numbers: the paths from (0,0,0) to (m,n,p) with 7 kinds of step.
    const Scoring scoring = dna_scoring(2, -3, 5, 2);
    const Seq none = {}, one = {0}, two = {0, 1}, three = {0, 1, 2};
    EXPECT_EQ(test::align3_brute_force(view(none, none, none), scoring).alignments, 1);
    EXPECT_EQ(test::align3_brute_force(view(one, one, none), scoring).alignments, 3);
    EXPECT_EQ(test::align3_brute_force(view(one, one, one), scoring).alignments, 13);
    EXPECT_EQ(test::align3_brute_force(view(two, two, two), scoring).alignments, 409);
    EXPECT_EQ(test::align3_brute_force(view(two, three, three), scoring).alignments, 4047);
    EXPECT_EQ(test::align3_brute_force(view(three, three, three), scoring).alignments, 16081);
}

TEST(Align3Reference, EmptyTripleHasScoreZeroAndNoColumns) {
    const Seq none = {};
    for (const Scoring& scoring : dna_scorings()) {
        const Align3Result result = test::align3_reference(view(none, none, none), scoring);
        EXPECT_EQ(result.score, 0);
        EXPECT_TRUE(result.columns.empty());
    }
}

TEST(Align3Reference, TieRuleOnSmallCases) {
    // Three identical residues: one column of mask 7 beats everything.
    const Seq a = {0};
    for (const Scoring& scoring : dna_scorings())
        EXPECT_EQ(test::align3_reference(view(a, a, a), scoring).columns, Seq{7});
    // A and B empty, C = AC: two columns of mask 4, whatever the model.
    const Seq none = {}, ac = {0, 1};
    for (const Scoring& scoring : dna_scorings())
        EXPECT_EQ(test::align3_reference(view(none, none, ac), scoring).columns, (Seq{4, 4}));
    // A = A, B = C, C empty, linear +1/-1 gap 1: (A,C,-) scores -1 - 1 - 1 = -3, (A,-,-)(-,C,-)
    // scores -1 - 1 - 1 - 1 = -4: mask 3.
    const Seq c = {1};
    EXPECT_EQ(test::align3_reference(view(a, c, none), dna_scoring(1, -1, 0, 1)).columns, Seq{3});
    // With a mismatch of -5 the split wins, -4 against -7; the last column's mask is the first of
    // 1, 2 in the tie order whose predecessor gives the value: 1, so (-,C,-) comes first.
    EXPECT_EQ(test::align3_reference(view(a, c, none), dna_scoring(1, -5, 0, 1)).columns,
              (Seq{2, 1}));
    // A empty, B = A, C = C, the same costs: the split wins again and the last column is the
    // first of 2, 4 in the tie order: (-,-,C) then (-,A,-).
    EXPECT_EQ(test::align3_reference(view(none, a, c), dna_scoring(1, -5, 0, 1)).columns,
              (Seq{4, 2}));
}

TEST(Align3Reference, MatchesBruteForceOnEveryTwoLetterTriple) {
    const std::vector<Seq> all = every_sequence(2, 3);
    for (const Scoring& scoring : dna_scorings())
        for (const Seq& a : all)
            for (const Seq& b : all)
                for (const Seq& c : all)
                    if (!reference_matches_brute_force(a, b, c, scoring)) return;
}

TEST(Align3Reference, MatchesBruteForceOnEveryFourLetterTripleUpToRenaming) {
    // Every class of triples of at most 8 residues in all; of the 11051 classes of three
    // sequences of 3 (16081 alignments each) one in eight, drawn afresh on every run.
    std::mt19937_64 rng(test::test_seed());
    for (const Scoring& scoring : {dna_scoring(2, -3, 0, 2), dna_scoring(2, -3, 5, 2)})
        for_each_canonical_triple(3, [&](const Seq& a, const Seq& b, const Seq& c) {
            if (a.size() + b.size() + c.size() == 9 && rng() % 8 != 0) return true;
            return reference_matches_brute_force(a, b, c, scoring);
        });
}

TEST(Align3Reference, MatchesBruteForceOnProteinTriples) {
    std::mt19937_64 rng(test::test_seed());
    std::uniform_int_distribution<std::size_t> length(0, 3);
    const SubstitutionMatrix blosum62 = builtin_matrix("BLOSUM62");
    for (const Scoring& scoring :
         {Scoring{blosum62, {0, 4}}, Scoring{blosum62, {11, 1}}, Scoring{blosum62, {3, 3}}})
        for (int k = 0; k < 300; ++k) {
            const Seq a = test::random_protein(rng, length(rng), true),
                      b = test::random_protein(rng, length(rng), true),
                      c = test::random_protein(rng, length(rng), true);
            if (!reference_matches_brute_force(a, b, c, scoring)) return;
        }
}

TEST(Align3Reference, MatchesBruteForceOnRelatedDnaTriples) {
    // Up to four residues a side (three sequences of 4 have 699121 alignments), related, with the
    // N that never counts as an identity.
    std::mt19937_64 rng(test::test_seed());
    for (const Scoring& scoring : {dna_scoring(2, -3, 0, 2), dna_scoring(2, -3, 4, 1)})
        for (int k = 0; k < 6; ++k) {
            const Seq a = test::random_dna(rng, 4, 0.1);
            Seq b, c;
            do {
                b = test::mutate(rng, a, 4, 0.2, 0.2);
                c = test::mutate(rng, a, 5, 0.2, 0.2);
            } while (b.size() > 4 || c.size() > 4);
            if (!reference_matches_brute_force(a, b, c, scoring)) return;
        }
}

}  // namespace
}  // namespace tropic::align
