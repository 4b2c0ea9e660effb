// Syntenic alignment on the CPU against the plain reference (tests/reference/
// syntenic_reference): scores and segments exactly, on random pairs of every size class, the
// tiled, multi-threaded and checkpointed paths, score-only, re-scoring, and the input checks.
#include <gtest/gtest.h>

#include <algorithm>
#include <random>
#include <string>

#include "align/syntenic/syntenic_fill.hpp"
#include "align/syntenic/syntenic_traceback.hpp"
#include "reference/syntenic_reference.hpp"
#include "support/random_alignment.hpp"
#include "support/random_rna.hpp"
#include "tropic/align/syntenic.hpp"
#include "tropic/core/device.hpp"
#include "tropic/core/error.hpp"
#include "tropic/core/thread_pool.hpp"

namespace tropic::align {
namespace {

using Seq = std::vector<std::uint8_t>;

std::string cigar_text(const std::vector<CigarElement>& cigar) {
    std::string text;
    for (const CigarElement& e : cigar) text += std::to_string(e.length) + cigar_letter(e.op);
    return text;
}

std::string segments_text(const SyntenicAlignment& a) {
    std::string text;
    for (const SyntenicSegment& s : a.segments)
        text += (s.kind == SyntenicSegment::Kind::Block ? "B[" : "A[") +
                std::to_string(s.query_begin) + "," + std::to_string(s.query_end) + ")x[" +
                std::to_string(s.target_begin) + "," + std::to_string(s.target_end) + ")" +
                cigar_text(s.cigar) + ":" + std::to_string(s.score) + " ";
    return text;
}

void expect_same(const SyntenicAlignment& got, const SyntenicAlignment& want,
                 const std::string& where) {
    EXPECT_EQ(got.score, want.score) << where;
    EXPECT_EQ(segments_text(got), segments_text(want)) << where;
    EXPECT_EQ(got.end_charges, want.end_charges) << where;
    EXPECT_EQ(got, want) << where;
}

// The segments' own invariants: in order, never two blocks in a row, never an empty aligned one.
void expect_well_formed(const Seq& q, const Seq& t, const SyntenicAlignment& a,
                        const SyntenicParams& params, const std::string& where) {
    for (std::size_t k = 0; k < a.segments.size(); ++k) {
        const SyntenicSegment& s = a.segments[k];
        if (s.kind == SyntenicSegment::Kind::Aligned) {
            EXPECT_FALSE(s.cigar.empty()) << where;
        } else if (k > 0) {
            EXPECT_NE(a.segments[k - 1].kind, SyntenicSegment::Kind::Block) << where;
        }
    }
    EXPECT_EQ(rescore_syntenic(q, t, a, params), a.score) << where;
    EXPECT_EQ(test::syntenic_definition_score(q, t, a, params), a.score) << where;
}

SyntenicParams random_params(std::mt19937_64& rng, bool protein) {
    std::uniform_int_distribution<int> cost(0, 6), block(0, 40);
    SyntenicParams params;
    params.scoring =
        protein ? Scoring{test::random_protein_matrix(rng), {cost(rng) + 1, cost(rng) / 2 + 1}}
                : Scoring{dna_matrix(1 + cost(rng) % 3, -1 - cost(rng) % 4, -1 - cost(rng) % 4),
                          {cost(rng), 1 + cost(rng) % 3}};
    params.block_cost = block(rng);
    params.block_ends = rng() % 2 ? BlockEnds::Charged : BlockEnds::Free;
    return params;
}

// A target related to the query: mutated, with a stretch of it replaced by unrelated residues
// (a difference block for the alignment to find) now and then.
Seq related_target(std::mt19937_64& rng, const Seq& q, bool protein) {
    Seq t = test::mutate(rng, q, protein ? 24 : 4, 0.1, 0.05);
    if (t.size() > 8 && rng() % 2) {
        const std::size_t begin = rng() % (t.size() / 2), length = 1 + rng() % (t.size() / 3);
        for (std::size_t k = begin; k < std::min(t.size(), begin + length); ++k)
            t[k] = static_cast<std::uint8_t>(rng() % (protein ? 20 : 4));
    }
    return t;
}

void check_against_reference(std::mt19937_64& rng, int pairs, std::size_t max_length) {
    std::uniform_int_distribution<std::size_t> length(0, max_length);
    for (int k = 0; k < pairs; ++k) {
        const bool protein = k % 3 == 2;
        SyntenicParams params = random_params(rng, protein);
        const Seq q = protein ? test::random_protein(rng, length(rng), true)
                              : test::random_dna(rng, length(rng), 0.05);
        const Seq t = k % 2 ? related_target(rng, q, protein)
                            : (protein ? test::random_protein(rng, length(rng))
                                       : test::random_dna(rng, length(rng)));
        const std::string where = "pair " + std::to_string(k) + " (" + std::to_string(q.size()) +
                                  " x " + std::to_string(t.size()) + ", block " +
                                  std::to_string(params.block_cost) + ")";
        const SyntenicAlignment got = align_syntenic(q, t, params);
        expect_same(got, test::syntenic_reference(q, t, params), where);
        expect_well_formed(q, t, got, params, where);
        params.score_only = true;
        const SyntenicAlignment score = align_syntenic(q, t, params);
        EXPECT_EQ(score.score, got.score) << where;
        EXPECT_TRUE(score.segments.empty()) << where;
        if (::testing::Test::HasFailure()) return;
    }
}

TEST(Syntenic, MatchesReferenceOnRandomPairs) {
    std::mt19937_64 rng(test::test_seed());
    check_against_reference(rng, 200, 40);
}

TEST(Syntenic, MatchesReferenceWithFixedSeeds) {
    for (std::uint64_t seed : {1u, 7u, 2026u, 424242u}) {
        std::mt19937_64 rng(seed);
        check_against_reference(rng, 80, 70);
    }
}

TEST(Syntenic, MatchesReferenceOnEdgeLengths) {
    std::mt19937_64 rng(test::test_seed());
    for (std::size_t m : {0u, 1u, 2u, 31u, 32u, 33u})
        for (std::size_t n : {0u, 1u, 2u, 31u, 32u, 33u})
            for (int k = 0; k < 3; ++k) {
                SyntenicParams params = random_params(rng, false);
                params.block_cost = k == 0 ? 0 : params.block_cost;
                const Seq q = test::random_dna(rng, m), t = test::random_dna(rng, n);
                const std::string where = std::to_string(m) + " x " + std::to_string(n);
                const SyntenicAlignment got = align_syntenic(q, t, params);
                expect_same(got, test::syntenic_reference(q, t, params), where);
                expect_well_formed(q, t, got, params, where);
            }
}

TEST(Syntenic, MatchesReferenceOnHundreds) {
    std::mt19937_64 rng(test::test_seed());
    for (int k = 0; k < 6; ++k) {
        const bool protein = k % 3 == 2;
        const SyntenicParams params = random_params(rng, protein);
        const Seq q = protein ? test::random_protein(rng, 200 + rng() % 300)
                              : test::random_dna(rng, 200 + rng() % 300);
        const Seq t = related_target(rng, q, protein);
        const std::string where = "pair " + std::to_string(k);
        const SyntenicAlignment got = align_syntenic(q, t, params);
        expect_same(got, test::syntenic_reference(q, t, params), where);
        expect_well_formed(q, t, got, params, where);
    }
}

TEST(Syntenic, ProteinWithBlosum62) {
    std::mt19937_64 rng(test::test_seed());
    SyntenicParams params;
    params.scoring = {builtin_matrix("BLOSUM62"), {11, 1}};
    params.block_cost = 25;
    for (BlockEnds ends : {BlockEnds::Free, BlockEnds::Charged}) {
        params.block_ends = ends;
        const Seq q = test::random_protein(rng, 150, true);
        const Seq t = related_target(rng, q, true);
        const SyntenicAlignment got = align_syntenic(q, t, params);
        expect_same(got, test::syntenic_reference(q, t, params), "BLOSUM62");
        expect_well_formed(q, t, got, params, "BLOSUM62");
    }
}

TEST(Syntenic, FindsTheBlockBetweenRelatedSequences) {
    std::mt19937_64 rng(5);
    Seq left = test::random_dna(rng, 100), right = test::random_dna(rng, 100);
    Seq q = left, t = left;
    const Seq q_middle = test::random_dna(rng, 60), t_middle = test::random_dna(rng, 20);
    q.insert(q.end(), q_middle.begin(), q_middle.end());
    t.insert(t.end(), t_middle.begin(), t_middle.end());
    q.insert(q.end(), right.begin(), right.end());
    t.insert(t.end(), right.begin(), right.end());
    SyntenicParams params;
    params.block_cost = 30;
    const SyntenicAlignment got = align_syntenic(q, t, params);
    ASSERT_EQ(got.blocks, 1);
    ASSERT_EQ(got.segments.size(), 3u);
    EXPECT_EQ(got.segments[0].kind, SyntenicSegment::Kind::Aligned);
    EXPECT_EQ(got.segments[1].kind, SyntenicSegment::Kind::Block);
    EXPECT_EQ(got.matches, 200);
    EXPECT_EQ(got.score, 2 * 200 - 30);
}

// The pair's alignment from the detail functions with the given tiles (and pool), against the
// one-tile path.
SyntenicAlignment tiled_alignment(const Seq& q, const Seq& t, const SyntenicParams& params,
                                  detail::SyntenicPlan plan, ThreadPool* pool) {
    const detail::SyntenicProblem problem = detail::make_syntenic_problem(q, t, params);
    const detail::SyntenicFill filled = detail::fill_syntenic(problem, plan, true, pool, {}, 0);
    return detail::trace_syntenic(problem, filled.last, filled.checkpoints);
}

TEST(Syntenic, SmallTilesMatchReference) {
    std::mt19937_64 rng(test::test_seed());
    ThreadPool pool(3);
    for (int k = 0; k < 8; ++k) {
        const SyntenicParams params = random_params(rng, k % 4 == 3);
        const Seq q = test::random_dna(rng, 100 + rng() % 200);
        const Seq t = related_target(rng, q, false);
        const SyntenicAlignment want = test::syntenic_reference(q, t, params);
        for (detail::SyntenicPlan plan :
             {detail::SyntenicPlan{1, 1}, detail::SyntenicPlan{7, 5}, detail::SyntenicPlan{37, 53},
              detail::SyntenicPlan{64, 300}}) {
            const std::string where = "pair " + std::to_string(k) + " tiles " +
                                      std::to_string(plan.block_rows) + " x " +
                                      std::to_string(plan.block_columns);
            expect_same(tiled_alignment(q, t, params, plan, nullptr), want, where);
            expect_same(tiled_alignment(q, t, params, plan, &pool), want, where + " on 3 threads");
        }
    }
}

TEST(Syntenic, LongPairsOnThreadsWithCheckpoints) {
    std::mt19937_64 rng(test::test_seed());
    const Seq q = test::random_dna(rng, 2600);
    Seq t = related_target(rng, q, false);
    t.resize(std::min<std::size_t>(t.size(), 2500));
    for (BlockEnds ends : {BlockEnds::Free, BlockEnds::Charged}) {
        SyntenicParams params;
        params.block_cost = 20;
        params.block_ends = ends;
        const SyntenicAlignment want = tiled_alignment(
            q, t, params,
            {static_cast<std::int64_t>(q.size()), static_cast<std::int64_t>(t.size())}, nullptr);
        ASSERT_GT(want.segments.size(), 1u);
        for (unsigned threads : {1u, 2u, 4u}) {
            ThreadPool pool(threads);
            RunOptions options;
            options.pool = &pool;
            // Too little for the whole direction matrix: checkpoints every ~100 rows and columns.
            options.max_memory = 4u << 20;
            const std::string where = std::to_string(threads) + " threads";
            const SyntenicAlignment got = align_syntenic(q, t, params, options);
            expect_same(got, want, where);
            EXPECT_EQ(rescore_syntenic(q, t, got, params), got.score) << where;
            SyntenicParams score_only = params;
            score_only.score_only = true;
            EXPECT_EQ(align_syntenic(q, t, score_only, options).score, want.score) << where;
        }
    }
}

TEST(Syntenic, RefusesWhatDoesNotFitMaxMemory) {
    std::mt19937_64 rng(3);
    const Seq q = test::random_dna(rng, 2000), t = test::random_dna(rng, 2000);
    RunOptions options;
    options.max_memory = 20'000;
    try {
        (void)align_syntenic(q, t, {}, options);
        FAIL() << "no ResourceError";
    } catch (const ResourceError& error) {
        EXPECT_NE(std::string(error.what()).find("syntenic alignment of 2000 x 2000"),
                  std::string::npos)
            << error.what();
        EXPECT_NE(std::string(error.what()).find("--score-only"), std::string::npos)
            << error.what();
    }
    // The score alone needs a few rows: it fits where the traceback does not.
    options.max_memory = 200'000;
    EXPECT_THROW((void)align_syntenic(q, t, {}, options), ResourceError);
    SyntenicParams score_only;
    score_only.score_only = true;
    EXPECT_NO_THROW((void)align_syntenic(q, t, score_only, options));
}

TEST(Syntenic, ManyPairsInOrderWithPerPairErrors) {
    std::mt19937_64 rng(test::test_seed());
    std::vector<Seq> sequences;
    for (int k = 0; k < 12; ++k) sequences.push_back(test::random_dna(rng, 20 + rng() % 60));
    sequences.push_back(test::random_dna(rng, 3000));
    sequences.push_back(test::random_dna(rng, 3000));
    std::vector<AlignPairInput> pairs;
    for (std::size_t k = 0; k + 1 < sequences.size(); ++k)
        pairs.push_back({sequences[k], sequences[k + 1], "pair " + std::to_string(k)});
    ThreadPool pool(3);
    RunOptions options;
    options.pool = &pool;
    options.max_memory = 256u << 10;  // holds the short pairs, not the last (3000 x 3000)
    SyntenicParams params;
    params.block_cost = 10;
    const auto outcomes = syntenic_many(pairs, params, options);
    ASSERT_EQ(outcomes.size(), pairs.size());
    for (std::size_t k = 0; k + 1 < pairs.size(); ++k) {
        ASSERT_TRUE(outcomes[k].ok()) << outcomes[k].error;
        expect_same(outcomes[k].result,
                    test::syntenic_reference(pairs[k].query, pairs[k].target, params),
                    pairs[k].what);
    }
    EXPECT_EQ(outcomes.back().code, ExitCode::Resource);
    EXPECT_EQ(outcomes.back().error.rfind("pair 12: ", 0), 0u) << outcomes.back().error;
}

TEST(Syntenic, ValidateRefusesBadParameters) {
    SyntenicParams params;
    params.block_cost = -1;
    EXPECT_THROW(validate(params), InputError);
    params.block_cost = 1'000'001;
    EXPECT_THROW(validate(params), InputError);
    params.block_cost = 1'000'000;
    EXPECT_NO_THROW(validate(params));
    params.scoring.gaps = {-1, 2};
    EXPECT_THROW(validate(params), InputError);
    const Seq q{0, 1}, t{1, 9};
    params = {};
    EXPECT_THROW((void)align_syntenic(q, t, params), InputError);  // code 9 beyond DNA's 5
}

TEST(Syntenic, RefusesScoresBeyond32Bits) {
    SyntenicParams params;
    params.scoring = {dna_matrix(1000, -1000, -1000), {1000, 1000}};
    const Seq q(200'000, 0), t(10, 0);
    EXPECT_THROW((void)align_syntenic(q, t, params), InputError);
}

TEST(Syntenic, RescoreRefusesSegmentsThatDoNotCover) {
    const Seq q{0, 1, 2}, t{0, 1};
    SyntenicParams params;
    SyntenicAlignment a = align_syntenic(q, t, params);
    ASSERT_FALSE(a.segments.empty());
    a.segments.back().query_end -= 1;
    EXPECT_THROW((void)rescore_syntenic(q, t, a, params), std::invalid_argument);
    a.segments.clear();
    EXPECT_THROW((void)rescore_syntenic(q, t, a, params), std::invalid_argument);
}

// Without a usable device the cuda backend is refused; with one, tests/align/gpu compares it with
// the CPU.
TEST(Syntenic, CudaBackendWithoutADeviceIsRefused) {
    if (cuda_compiled() && cuda_device_count() > 0)
        GTEST_SKIP() << "a CUDA device is present: the GPU tests cover the cuda backend";
    const Seq q{0, 1}, t{0, 1};
    RunOptions options;
    options.backend = Backend::Cuda;
    EXPECT_THROW((void)align_syntenic(q, t, {}, options), ResourceError);
}

}  // namespace
}  // namespace tropic::align
