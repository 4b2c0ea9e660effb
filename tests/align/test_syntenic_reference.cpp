// The plain syntenic reference (tests/reference/syntenic_reference) against a brute-force
// enumeration of every syntenic alignment of tiny pairs, and its segments against the model's
// definition of a score.
#include <gtest/gtest.h>

#include <string>
#include <vector>

#include "reference/syntenic_reference.hpp"
#include "tropic/align/syntenic.hpp"

namespace tropic::align {
namespace {

using Seq = std::vector<std::uint8_t>;

// Every sequence over {A, C} (codes 0 and 1) of length 0..max_length.
std::vector<Seq> two_letter_sequences(std::size_t max_length) {
    std::vector<Seq> all{{}};
    for (std::size_t k = 0; k < all.size(); ++k)
        if (all[k].size() < max_length)
            for (std::uint8_t code : {0, 1}) {
                Seq longer = all[k];
                longer.push_back(code);
                all.push_back(longer);
            }
    return all;
}

struct Costs {
    int match, mismatch, open, extend, block;
};

// (alpha, beta, d) from free gaps' opening to a block cheaper than any gap and one dearer than
// any alignment, d = 0 among them.
constexpr Costs kCosts[] = {{2, -3, 5, 2, 6},   {2, -3, 5, 2, 0}, {1, -1, 0, 1, 3},
                            {3, -2, 4, 1, 100}, {1, -4, 2, 3, 1}, {2, -1, 1, 1, 4}};

std::string describe(const Seq& q, const Seq& t, const Costs& c, BlockEnds ends) {
    std::string text = "q=";
    for (auto x : q) text += "AC"[x];
    text += " t=";
    for (auto x : t) text += "AC"[x];
    return text + " match " + std::to_string(c.match) + " mismatch " + std::to_string(c.mismatch) +
           " gaps " + std::to_string(c.open) + "/" + std::to_string(c.extend) + " block " +
           std::to_string(c.block) + (ends == BlockEnds::Charged ? " charged" : " free");
}

TEST(SyntenicReference, MatchesBruteForceOnEveryTinyPair) {
    const std::vector<Seq> sequences = two_letter_sequences(4);
    for (std::size_t cost = 0; cost < std::size(kCosts); ++cost) {
        const Costs& c = kCosts[cost];
        // Pairs of up to 7 residues in all for the first two cost sets (d > 0 and d = 0), 6 for
        // the others: the enumeration grows steeply.
        const std::size_t most = cost < 2 ? 7 : 6;
        for (BlockEnds ends : {BlockEnds::Free, BlockEnds::Charged}) {
            SyntenicParams params;
            params.scoring = {dna_matrix(c.match, c.mismatch, c.mismatch), {c.open, c.extend}};
            params.block_cost = c.block;
            params.block_ends = ends;
            for (const Seq& q : sequences)
                for (const Seq& t : sequences) {
                    if (q.size() + t.size() > most) continue;
                    const SyntenicAlignment got = test::syntenic_reference(q, t, params);
                    const std::string where = describe(q, t, c, ends);
                    ASSERT_EQ(got.score, test::syntenic_brute_force_score(q, t, params)) << where;
                    ASSERT_EQ(test::syntenic_definition_score(q, t, got, params), got.score)
                        << where;
                    std::int64_t sum = -got.end_charges;
                    for (const SyntenicSegment& s : got.segments) sum += s.score;
                    ASSERT_EQ(sum, got.score) << where;
                }
        }
    }
}

TEST(SyntenicReference, EmptyPairs) {
    SyntenicParams params;
    params.block_cost = 7;
    const Seq none;
    EXPECT_EQ(test::syntenic_reference(none, none, params).score, 0);
    EXPECT_TRUE(test::syntenic_reference(none, none, params).segments.empty());
    params.block_ends = BlockEnds::Charged;
    // One empty block (-d) beats an empty alignment charged at both ends (-2d).
    const SyntenicAlignment charged = test::syntenic_reference(none, none, params);
    EXPECT_EQ(charged.score, -7);
    ASSERT_EQ(charged.segments.size(), 1u);
    EXPECT_EQ(charged.segments[0].kind, SyntenicSegment::Kind::Block);
}

}  // namespace
}  // namespace tropic::align
