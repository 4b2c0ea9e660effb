// The CPU scan's inter-sequence kernel (align/search/lane_scan.hpp) against align_pair: every
// local score it vouches for equals align_pair's score-only score, on DNA and protein, with
// empty sequences, lanes refilled many times over, queries of 1 residue and long ones; pairs
// that outgrow its 8-bit lanes are reported saturated rather than wrong. SKIPs (visibly) on a CPU
// without AVX2.
#include <gtest/gtest.h>

#include <random>
#include <vector>

#include "align/search/lane_scan.hpp"
#include "support/random_alignment.hpp"
#include "support/random_rna.hpp"
#include "support/target_list.hpp"
#include "tropic/align/pairwise.hpp"

namespace tropic::align {
namespace {

using Seq = std::vector<std::uint8_t>;

using Targets = test::TargetList;

// Checks every target's lane score against align_pair; returns how many were saturated.
std::size_t expect_lane_scores(const Seq& query, const Targets& targets, const Scoring& scoring) {
    AlignParams params;
    params.scoring = scoring;
    params.score_only = true;
    const detail::TargetView view = targets.view();
    // A block that starts inside the list, as the scan's blocks do.
    const std::size_t first = targets.sequences.size() > 3 ? 3 : 0;
    std::vector<std::int32_t> scores(targets.sequences.size() - first);
    detail::lane_scan(query, view, first, targets.sequences.size(), scoring, scores);
    std::size_t saturated = 0;
    for (std::size_t t = first; t < targets.sequences.size(); ++t) {
        if (scores[t - first] == detail::kLaneSaturated) {
            ++saturated;
            continue;
        }
        EXPECT_EQ(scores[t - first], align_pair(query, targets.sequences[t], params).score)
            << "target " << t << " (" << targets.sequences[t].size() << "), query " << query.size();
    }
    return saturated;
}

class LaneScan : public ::testing::Test {
  protected:
    void SetUp() override {
        if (!detail::lane_scan_available(protein_scoring()))
            GTEST_SKIP() << "this CPU or build has no AVX2: the lane kernel is not used here";
    }
    static Scoring protein_scoring() {
        Scoring scoring;
        scoring.matrix = builtin_matrix("BLOSUM62");
        scoring.gaps = {11, 1};
        return scoring;
    }
};

TEST_F(LaneScan, EqualsAlignPairOnRandomAndRelatedSets) {
    for (const std::uint64_t seed : {test::test_seed(), std::uint64_t{3}, std::uint64_t{2025}}) {
        SCOPED_TRACE("seed " + std::to_string(seed));
        std::mt19937_64 rng(seed);
        std::uniform_int_distribution<int> length(0, 300);
        const Seq protein_query = test::random_protein(rng, 120, true);
        const Seq dna_query = test::random_dna(rng, 90, 0.02);
        Targets proteins, dna;
        for (int t = 0; t < 150; ++t) {
            proteins.add(t % 7 == 0 ? test::mutate(rng, protein_query, 20, 0.4, 0.03)
                                    : test::random_protein(rng, length(rng), true));
            dna.add(t % 5 == 0 ? test::mutate(rng, dna_query, 4, 0.15, 0.03)
                               : test::random_dna(rng, length(rng), 0.02));
        }
        expect_lane_scores(protein_query, proteins, protein_scoring());
        Scoring dna_scoring;
        dna_scoring.matrix = dna_matrix(2, -3, -3);
        dna_scoring.gaps = {5, 2};
        expect_lane_scores(dna_query, dna, dna_scoring);
        expect_lane_scores(Seq{protein_query.front()}, proteins, protein_scoring());
    }
}

TEST_F(LaneScan, HighScoresAreReportedSaturatedNotWrong) {
    std::mt19937_64 rng(test::test_seed());
    const Seq query = test::random_protein(rng, 400);
    Targets targets;
    for (int t = 0; t < 40; ++t)
        targets.add(t % 4 == 0 ? test::mutate(rng, query, 20, 0.05, 0.0)
                               : test::random_protein(rng, 200));
    // The related targets score far above 255 - bias: every one must come back saturated.
    EXPECT_GE(expect_lane_scores(query, targets, protein_scoring()), 9u);
}

}  // namespace
}  // namespace tropic::align
