// Pairwise alignment on the CPU against the plain reference (tests/reference/align_reference),
// brute force on tiny pairs, re-scoring of every CIGAR, and the tiled, multi-threaded and
// checkpointed paths against the one-piece fill.
#include <gtest/gtest.h>

#include <algorithm>
#include <random>

#include "align/pairwise/pair_fill.hpp"
#include "align/pairwise/pair_plan.hpp"
#include "align/pairwise/tile_kernels.hpp"
#include "align/pairwise/traceback.hpp"
#include "reference/align_reference.hpp"
#include "support/random_alignment.hpp"
#include "support/random_rna.hpp"
#include "tropic/align/pairwise.hpp"
#include "tropic/core/error.hpp"
#include "tropic/core/thread_pool.hpp"

namespace tropic::align {
namespace {

using Seq = std::vector<std::uint8_t>;
constexpr AlignMode kModes[] = {AlignMode::Local, AlignMode::Global, AlignMode::Glocal,
                                AlignMode::Overlap};

Scoring dna_scoring(int match = 2, int mismatch = -3, int open = 5, int extend = 2) {
    return {dna_matrix(match, mismatch, mismatch), {open, extend}};
}

// Every CIGAR spells both ranges and re-scores to the score.
void expect_consistent(const Seq& q, const Seq& t, const PairAlignment& a, const Scoring& scoring) {
    std::int64_t qlen = 0, tlen = 0;
    for (const CigarElement& e : a.cigar) {
        if (e.op != CigarOp::Deletion) qlen += e.length;
        if (e.op != CigarOp::Insertion) tlen += e.length;
    }
    EXPECT_EQ(qlen, a.query_end - a.query_begin);
    EXPECT_EQ(tlen, a.target_end - a.target_begin);
    EXPECT_EQ(rescore(q, t, a, scoring), a.score);
    std::int64_t i = a.query_begin, j = a.target_begin;
    for (const CigarElement& e : a.cigar)
        for (std::uint32_t k = 0; k < e.length; ++k) {
            if (e.op == CigarOp::SequenceMatch) {
                EXPECT_EQ(q[i], t[j]);
            }
            if (e.op != CigarOp::Deletion) ++i;
            if (e.op != CigarOp::Insertion) ++j;
        }
}

void expect_same(const PairAlignment& got, const PairAlignment& want, const std::string& where) {
    EXPECT_EQ(got.score, want.score) << where;
    EXPECT_EQ(got.query_begin, want.query_begin) << where;
    EXPECT_EQ(got.query_end, want.query_end) << where;
    EXPECT_EQ(got.target_begin, want.target_begin) << where;
    EXPECT_EQ(got.target_end, want.target_end) << where;
    EXPECT_EQ(cigar_string(got.cigar), cigar_string(want.cigar)) << where;
}

void check_against_reference(std::mt19937_64& rng, int pairs, std::size_t max_length) {
    std::uniform_int_distribution<std::size_t> length(0, max_length);
    std::uniform_int_distribution<int> cost(0, 6);
    for (int k = 0; k < pairs; ++k) {
        const bool protein = k % 3 == 2;
        Scoring scoring =
            protein
                ? Scoring{test::random_protein_matrix(rng), {cost(rng) + 1, cost(rng) / 2 + 1}}
                : dna_scoring(1 + cost(rng) % 3, -1 - cost(rng) % 4, cost(rng), 1 + cost(rng) % 3);
        const Seq q = protein ? test::random_protein(rng, length(rng), true)
                              : test::random_dna(rng, length(rng), 0.05);
        const Seq t = k % 2 ? test::mutate(rng, q, protein ? 24 : 4, 0.1, 0.05)
                            : (protein ? test::random_protein(rng, length(rng))
                                       : test::random_dna(rng, length(rng)));
        for (AlignMode mode : kModes) {
            AlignParams params{mode, scoring, false};
            const PairAlignment got = align_pair(q, t, params);
            const PairAlignment want = test::align_reference(q, t, mode, scoring);
            const std::string where = std::string(mode_name(mode)) + " pair " + std::to_string(k) +
                                      " (" + std::to_string(q.size()) + " x " +
                                      std::to_string(t.size()) + ")";
            expect_same(got, want, where);
            expect_consistent(q, t, got, scoring);
            params.score_only = true;
            const PairAlignment score = align_pair(q, t, params);
            EXPECT_EQ(score.score, want.score) << where;
            EXPECT_EQ(score.query_end, want.query_end) << where;
            EXPECT_EQ(score.target_end, want.target_end) << where;
            if (::testing::Test::HasFailure()) return;
        }
    }
}

TEST(AlignPairwise, MatchesReferenceOnRandomPairs) {
    std::mt19937_64 rng(test::test_seed());
    check_against_reference(rng, 150, 40);
}

TEST(AlignPairwise, MatchesReferenceWithFixedSeeds) {
    for (std::uint64_t seed : {1u, 7u, 2026u, 424242u}) {
        std::mt19937_64 rng(seed);
        check_against_reference(rng, 60, 60);
    }
}

TEST(AlignPairwise, MatchesBruteForceOnTinyPairs) {
    std::mt19937_64 rng(test::test_seed());
    std::uniform_int_distribution<std::size_t> length(0, 5);
    for (int k = 0; k < 120; ++k) {
        const Scoring scoring = dna_scoring(2, -3, k % 4, 1 + k % 3);
        const Seq q = test::random_dna(rng, length(rng)), t = test::random_dna(rng, length(rng));
        for (AlignMode mode : kModes) {
            const std::int64_t brute = test::align_brute_force_score(q, t, mode, scoring);
            EXPECT_EQ(test::align_reference(q, t, mode, scoring).score, brute) << mode_name(mode);
            EXPECT_EQ(align_pair(q, t, {mode, scoring, false}).score, brute) << mode_name(mode);
        }
    }
}

TEST(AlignPairwise, EdgeLengths) {
    std::mt19937_64 rng(99);
    const Scoring scoring = dna_scoring();
    for (std::size_t m : {0u, 1u, 2u, 31u, 32u, 33u})
        for (std::size_t n : {0u, 1u, 2u, 31u, 32u, 33u}) {
            const Seq q = test::random_dna(rng, m),
                      t = test::mutate(rng, test::random_dna(rng, n), 4, 0.0, 0.0);
            for (AlignMode mode : kModes) {
                const std::string where = std::string(mode_name(mode)) + " " + std::to_string(m) +
                                          " x " + std::to_string(n);
                const PairAlignment got = align_pair(q, t, {mode, scoring, false});
                expect_same(got, test::align_reference(q, t, mode, scoring), where);
                expect_consistent(q, t, got, scoring);
            }
        }
}

TEST(AlignPairwise, KnownAlignments) {
    const Scoring scoring = dna_scoring();
    const Seq q = {0, 1, 2, 3, 0, 1, 2, 3};        // ACGTACGT
    const Seq t = {3, 3, 0, 1, 2, 0, 1, 2, 3, 3};  // TTACGACGTT
    const PairAlignment local = align_pair(q, t, {AlignMode::Local, scoring, false});
    // Three alignments score 8 (four matches; ACGTACGT against ACG-ACGT scores only 14 - 7):
    // TACG at target 2-5, ACGT at target 6-9 from query 1 and from query 5. The smallest target
    // end wins: query 4-7 against target 2-5.
    EXPECT_EQ(local.score, 8);
    EXPECT_EQ(cigar_string(local.cigar), "4=");
    EXPECT_EQ(local.query_begin, 3);
    EXPECT_EQ(local.target_begin, 1);
    EXPECT_EQ(local.target_end, 5);
    // Among equal ends on one target position, the smallest query end: ACGT against ACGT ends at
    // query 4, not 8.
    const PairAlignment first = align_pair(q, Seq{0, 1, 2, 3}, {AlignMode::Local, scoring, false});
    EXPECT_EQ(first.query_end, 4);
    // Gaps go as far left as the score allows: AC against AAC deletes the first A.
    const PairAlignment left =
        align_pair(Seq{0, 1}, Seq{0, 0, 1}, {AlignMode::Global, scoring, false});
    EXPECT_EQ(cigar_string(left.cigar), "1D2=");
    // Nothing scores above 0: an empty local alignment.
    const PairAlignment empty =
        align_pair(Seq{0, 0}, Seq{3, 3}, {AlignMode::Local, scoring, false});
    EXPECT_EQ(empty.score, 0);
    EXPECT_TRUE(empty.cigar.empty());
    // N never matches, N included.
    const PairAlignment n = align_pair(Seq{4, 0}, Seq{4, 0}, {AlignMode::Global, scoring, false});
    EXPECT_EQ(cigar_string(n.cigar), "1X1=");
    EXPECT_EQ(n.score, -3 + 2);
}

TEST(AlignPairwise, SwappingQueryAndTargetKeepsTheScore) {
    std::mt19937_64 rng(test::test_seed());
    const Scoring scoring = dna_scoring();
    for (int k = 0; k < 40; ++k) {
        const Seq q = test::random_dna(rng, 1 + k * 3), t = test::mutate(rng, q, 4, 0.15, 0.05);
        for (AlignMode mode : {AlignMode::Local, AlignMode::Global, AlignMode::Overlap})
            EXPECT_EQ(align_pair(q, t, {mode, scoring, true}).score,
                      align_pair(t, q, {mode, scoring, true}).score)
                << mode_name(mode);
    }
}

// The tiled fill on several threads, with small row blocks (so the traceback crosses many
// checkpoints), gives what the one-piece fill gives.
TEST(AlignPairwise, TilesThreadsAndCheckpointsGiveTheSameAlignment) {
    std::mt19937_64 rng(test::test_seed());
    const Scoring scoring = dna_scoring();
    ThreadPool pool(3);
    for (int k = 0; k < 6; ++k) {
        const Seq q = test::random_dna(rng, 300 + 97 * k);
        const Seq t = test::mutate(rng, q, 4, 0.1, 0.03);
        for (AlignMode mode : kModes) {
            const detail::TileProblem problem = detail::make_tile_problem(q, t, mode, scoring);
            const auto kernel = detail::kernel_ladder(problem).back().kernel;
            const detail::FillPlan plan{17 + k * 5, 29 + k * 11};
            const detail::FillOutcome filled =
                detail::fill_pair(problem, plan, kernel, true, &pool, {}, 0);
            ASSERT_FALSE(filled.saturated);
            const PairAlignment tiled =
                detail::trace_alignment(problem, filled.end, filled.checkpoints);
            expect_same(tiled, test::align_reference(q, t, mode, scoring), mode_name(mode).data());
        }
    }
}

TEST(AlignPairwise, LongPairOnThreadsMatchesOneThread) {
    std::mt19937_64 rng(test::test_seed());
    const Scoring scoring = dna_scoring();
    const Seq q = test::random_dna(rng, 2100);
    const Seq t = test::mutate(rng, q, 4, 0.08, 0.02);
    ThreadPool pool(2);
    RunOptions threaded;
    threaded.pool = &pool;
    for (AlignMode mode : kModes) {
        const PairAlignment one = align_pair(q, t, {mode, scoring, false});
        const PairAlignment many = align_pair(q, t, {mode, scoring, false}, threaded);
        expect_same(many, one, mode_name(mode).data());
        expect_consistent(q, t, many, scoring);
    }
}

TEST(AlignPairwise, AlignManyKeepsInputOrder) {
    std::mt19937_64 rng(test::test_seed());
    const Scoring scoring = dna_scoring();
    std::vector<Seq> seqs;
    for (int k = 0; k < 30; ++k) seqs.push_back(test::random_dna(rng, 5 + k * 7));
    std::vector<AlignPairInput> pairs;
    for (int k = 0; k + 1 < 30; ++k) pairs.push_back({seqs[k], seqs[k + 1], "pair"});
    ThreadPool pool(2);
    RunOptions options;
    options.pool = &pool;
    const AlignParams params{AlignMode::Glocal, scoring, false};
    const std::vector<Outcome<PairAlignment>> outcomes = align_many(pairs, params, options);
    ASSERT_EQ(outcomes.size(), pairs.size());
    for (std::size_t k = 0; k < pairs.size(); ++k) {
        EXPECT_TRUE(outcomes[k].ok());
        EXPECT_TRUE(outcomes[k].error.empty());
        expect_same(outcomes[k].result, align_pair(pairs[k].query, pairs[k].target, params),
                    "many");
    }
}

TEST(AlignPairwise, RefusesScoresBeyondTheSafeRange) {
    Scoring scoring{dna_matrix(1000, -1000, -1000), {1000000, 1000000}};
    const Seq q(300, 0), t(300, 0);
    EXPECT_THROW((void)align_pair(q, t, {AlignMode::Global, scoring, true}), InputError);
}

}  // namespace
}  // namespace tropic::align

namespace tropic::align {
namespace {

// A pair whose whole matrix of directions would exceed kWholeDirectionBytes goes through the
// checkpointed traceback in tiles: its CIGAR re-scores to the score-only result.
TEST(AlignPairwise, CheckpointedTracebackOfALongPair) {
    std::mt19937_64 rng(test::test_seed());
    const Scoring scoring = dna_scoring();
    const Seq q = test::random_dna(rng, 9000);
    const Seq t = test::mutate(rng, q, 4, 0.1, 0.02);
    const detail::FillPlan plan =
        detail::plan_pair(9000, static_cast<std::int64_t>(t.size()), 1, true);
    ASSERT_LT(plan.block_rows, 9000);
    ASSERT_LT(plan.block_columns, static_cast<std::int64_t>(t.size()));
    for (AlignMode mode : {AlignMode::Local, AlignMode::Global}) {
        const PairAlignment full = align_pair(q, t, {mode, scoring, false});
        const PairAlignment score = align_pair(q, t, {mode, scoring, true});
        EXPECT_EQ(full.score, score.score);
        EXPECT_EQ(full.query_end, score.query_end);
        EXPECT_EQ(full.target_end, score.target_end);
        expect_consistent(q, t, full, scoring);
    }
}

}  // namespace
}  // namespace tropic::align

namespace tropic::align {
namespace {

TEST(AlignPairwise, ProgressOfALongPairRisesToOneOnce) {
    std::mt19937_64 rng(5);
    const Scoring scoring = dna_scoring();
    const Seq q = test::random_dna(rng, 2500), t = test::mutate(rng, q, 4, 0.1, 0.02);
    ThreadPool pool(2);
    for (bool score_only : {false, true}) {
        std::vector<double> seen;
        RunOptions options;
        options.pool = &pool;
        options.on_progress = [&seen](std::size_t item, double fraction) {
            EXPECT_EQ(item, 0u);
            seen.push_back(fraction);
        };
        (void)align_pair(q, t, {AlignMode::Local, scoring, score_only}, options);
        ASSERT_FALSE(seen.empty());
        EXPECT_EQ(seen.back(), 1.0);
        EXPECT_TRUE(std::is_sorted(seen.begin(), seen.end()));
        EXPECT_EQ(std::count(seen.begin(), seen.end(), 1.0), 1);
    }
}

TEST(AlignPairwise, MemoryLimitShrinksTilesOrRefuses) {
    std::mt19937_64 rng(6);
    const Seq q = test::random_dna(rng, 3000), t = test::mutate(rng, q, 4, 0.1, 0.02);
    const AlignParams params{AlignMode::Global, dna_scoring(), false};
    // 1 MiB: the directions of the whole 3000 x 3000 matrix (9 MB) do not fit, smaller tiles do,
    // and give the same alignment.
    RunOptions small;
    small.max_memory = 1 << 20;
    expect_same(align_pair(q, t, params, small), align_pair(q, t, params), "1 MiB");
    // 64 KiB cannot hold even the rows: refused, saying what would help.
    RunOptions tiny;
    tiny.max_memory = 64 << 10;
    try {
        (void)align_pair(q, t, params, tiny);
        FAIL() << "no ResourceError";
    } catch (const ResourceError& error) {
        const std::string message = error.what();
        EXPECT_NE(message.find("3000 x"), std::string::npos) << message;
        EXPECT_NE(message.find("--score-only"), std::string::npos) << message;
    }
}

// align_many: the pair that does not fit gets its error as an Outcome (Resource, named by its
// `what`), and the pairs around it are still aligned.
TEST(AlignPairwise, AlignManyGivesAPairThatDoesNotFitItsError) {
    std::mt19937_64 rng(6);
    const Seq q = test::random_dna(rng, 3000), t = test::mutate(rng, q, 4, 0.1, 0.02);
    const Seq a = test::random_dna(rng, 40), b = test::mutate(rng, a, 4, 0.1, 0.02);
    const AlignParams params{AlignMode::Global, dna_scoring(), false};
    const std::vector<AlignPairInput> pairs = {{a, b, "small"}, {q, t, "large"}, {b, a, "other"}};
    RunOptions tiny;
    tiny.max_memory = 64 << 10;
    const std::vector<Outcome<PairAlignment>> outcomes = align_many(pairs, params, tiny);
    ASSERT_EQ(outcomes.size(), 3u);
    EXPECT_FALSE(outcomes[1].ok());
    EXPECT_EQ(outcomes[1].code, ExitCode::Resource);
    EXPECT_TRUE(outcomes[1].error.starts_with("large: ")) << outcomes[1].error;
    EXPECT_THROW(outcomes[1].rethrow_error(), ResourceError);
    for (std::size_t k : {0u, 2u}) {
        EXPECT_TRUE(outcomes[k].ok());
        expect_same(outcomes[k].result, align_pair(pairs[k].query, pairs[k].target, params),
                    "around");
    }
}

}  // namespace
}  // namespace tropic::align
