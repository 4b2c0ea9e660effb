// align3 against the plain full-cube reference (tests/reference/align3_reference.hpp): the same
// score, the same columns (the documented tie rule) and the same identities, in both gap models,
// on random and related triples of the lengths where planes and tiles change (0, 1, 2, 31-33)
// and of a few hundred; every alignment re-scores (rescore3 and the plain scorer) to its score;
// score_only gives the score alone; any number of threads gives the same result; bad scoring,
// too little memory and columns that do not use every residue once are refused.
#include <gtest/gtest.h>

#include <algorithm>
#include <random>
#include <stdexcept>
#include <string>
#include <vector>

#include "reference/align3_reference.hpp"
#include "support/random_rna.hpp"
#include "support/random_triple.hpp"
#include "tropic/align/align3.hpp"
#include "tropic/core/error.hpp"
#include "tropic/core/thread_pool.hpp"

namespace tropic::align {
namespace {

using Seq = std::vector<std::uint8_t>;

using test::Triple;

Scoring dna_scoring(int match, int mismatch, int open, int extend) {
    return {dna_matrix(match, mismatch, mismatch), {open, extend}};
}

Align3Result run(const Triple& t, const Scoring& scoring, bool score_only,
                 ThreadPool* pool = nullptr) {
    RunOptions options;
    options.backend = Backend::Cpu;
    options.pool = pool;
    return align3(t.view(), {scoring, score_only}, options);
}

std::string describe(const Triple& t, const Scoring& scoring, std::uint64_t seed) {
    return std::to_string(t.a.size()) + " x " + std::to_string(t.b.size()) + " x " +
           std::to_string(t.c.size()) + ", " + scoring.matrix.name + ", open " +
           std::to_string(scoring.gaps.open) + " extend " + std::to_string(scoring.gaps.extend) +
           ", seed " + std::to_string(seed);
}

// The library against the reference on one triple, with and without the traceback. Returns
// false after a failure.
bool matches_reference(const Triple& t, const Scoring& scoring, std::uint64_t seed) {
    const std::string where = describe(t, scoring, seed);
    const Align3Result want = test::align3_reference(t.view(), scoring);
    const Align3Result got = run(t, scoring, false);
    EXPECT_EQ(got.score, want.score) << where;
    EXPECT_EQ(got.columns, want.columns) << where;
    EXPECT_EQ(got.identities, want.identities) << where;
    EXPECT_EQ(rescore3(t.view(), got.columns, scoring), got.score) << where;
    EXPECT_EQ(test::align3_plain_score(t.view(), got.columns, scoring), got.score) << where;
    const Align3Result score_only = run(t, scoring, true);
    EXPECT_EQ(score_only.score, want.score) << where << ", score only";
    EXPECT_TRUE(score_only.columns.empty()) << where << ", score only";
    EXPECT_EQ(score_only.identities, 0) << where << ", score only";
    return !::testing::Test::HasFailure();
}

// Related or unrelated, at random.
Triple random_triple(std::mt19937_64& rng, std::size_t m, std::size_t n, std::size_t p,
                     bool protein) {
    const bool related = rng() % 2 == 0;
    return test::random_triple(rng, m, n, p, protein, related);
}

std::vector<Scoring> linear_scorings() {
    return {dna_scoring(2, -3, 0, 2), dna_scoring(1, -1, 0, 1),
            Scoring{builtin_matrix("BLOSUM62"), {0, 4}}};
}
std::vector<Scoring> affine_scorings() {
    return {dna_scoring(2, -3, 5, 2), dna_scoring(1, -1, 1, 1),
            Scoring{builtin_matrix("BLOSUM62"), {11, 1}}};
}

bool is_protein(const Scoring& scoring) {
    return scoring.matrix.alphabet == Alphabet::Protein;
}

// Every triple of lengths from `lengths`, each with every scoring.
void check_edge_lengths(std::uint64_t seed, const std::vector<std::size_t>& lengths,
                        const std::vector<Scoring>& scorings) {
    std::mt19937_64 rng(seed);
    for (const Scoring& scoring : scorings)
        for (std::size_t m : lengths)
            for (std::size_t n : lengths)
                for (std::size_t p : lengths)
                    if (!matches_reference(random_triple(rng, m, n, p, is_protein(scoring)),
                                           scoring, seed))
                        return;
}

// `count` triples of random lengths up to `longest`.
void check_random_lengths(std::uint64_t seed, std::size_t longest, int count,
                          const std::vector<Scoring>& scorings) {
    std::mt19937_64 rng(seed);
    std::uniform_int_distribution<std::size_t> length(0, longest);
    for (const Scoring& scoring : scorings)
        for (int k = 0; k < count; ++k) {
            const Triple t =
                random_triple(rng, length(rng), length(rng), length(rng), is_protein(scoring));
            if (!matches_reference(t, scoring, seed)) return;
        }
}

constexpr std::uint64_t kRegressionSeeds[] = {1, 7, 2026, 424242};

TEST(Align3, LinearMatchesReferenceAtEdgeLengths) {
    for (std::uint64_t seed : kRegressionSeeds)
        check_edge_lengths(seed, {0, 1, 2, 31, 32, 33}, {linear_scorings()[seed % 3]});
}

TEST(Align3, AffineMatchesReferenceAtEdgeLengths) {
    for (std::uint64_t seed : {kRegressionSeeds[0], kRegressionSeeds[1]})
        check_edge_lengths(seed, {0, 1, 2, 31, 33}, {affine_scorings()[seed % 3]});
}

TEST(Align3, MatchesReferenceOnSmallTriplesWithFixedSeeds) {
    for (std::uint64_t seed : kRegressionSeeds) {
        check_random_lengths(seed, 12, 40, linear_scorings());
        check_random_lengths(seed, 12, 40, affine_scorings());
    }
}

TEST(Align3, MatchesReferenceOnRandomTriples) {
    const std::uint64_t seed = test::test_seed();
    check_random_lengths(seed, 40, 15, linear_scorings());
    check_random_lengths(seed, 25, 15, affine_scorings());
}

TEST(Align3, MatchesReferenceOnTriplesOfAFewHundred) {
    const std::uint64_t seed = test::test_seed();
    std::mt19937_64 rng(seed);
    EXPECT_TRUE(matches_reference(random_triple(rng, 210, 190, 230, false),
                                  dna_scoring(2, -3, 0, 2), seed));
    EXPECT_TRUE(matches_reference(random_triple(rng, 150, 170, 160, true),
                                  Scoring{builtin_matrix("BLOSUM62"), {0, 4}}, seed));
    EXPECT_TRUE(
        matches_reference(random_triple(rng, 70, 80, 64, false), dna_scoring(2, -3, 5, 2), seed));
    EXPECT_TRUE(matches_reference(random_triple(rng, 60, 65, 70, true),
                                  Scoring{builtin_matrix("BLOSUM62"), {11, 1}}, seed));
}

TEST(Align3, MatchesReferenceOnFlatTriples) {
    // One or two sequences empty or of one residue: the sweep's planes are a line or a face.
    const std::uint64_t seed = test::test_seed();
    std::mt19937_64 rng(seed);
    const std::size_t shapes[][3] = {{0, 200, 250}, {1, 300, 2},   {250, 0, 0}, {0, 1, 260},
                                     {180, 1, 1},   {2, 190, 170}, {0, 0, 1},   {220, 210, 0}};
    for (const auto& shape : shapes) {
        const Triple t = random_triple(rng, shape[0], shape[1], shape[2], false);
        if (!matches_reference(t, dna_scoring(2, -3, 0, 2), seed)) return;
        if (!matches_reference(t, dna_scoring(2, -3, 5, 2), seed)) return;
    }
}

TEST(Align3, EmptyTripleScoresZero) {
    const Triple none;
    for (bool score_only : {false, true})
        for (const Scoring& scoring : {dna_scoring(2, -3, 0, 2), dna_scoring(2, -3, 5, 2)}) {
            const Align3Result result = run(none, scoring, score_only);
            EXPECT_EQ(result.score, 0);
            EXPECT_TRUE(result.columns.empty());
            EXPECT_EQ(result.identities, 0);
        }
}

TEST(Align3, CountsIdentitiesButNeverTheUnknownCode) {
    // ACGN three times: four columns of mask 7, three identities (N is not one).
    const Triple dna{{0, 1, 2, 4}, {0, 1, 2, 4}, {0, 1, 2, 4}};
    for (const Scoring& scoring : {dna_scoring(2, -3, 0, 2), dna_scoring(2, -3, 5, 2)}) {
        const Align3Result result = run(dna, scoring, false);
        EXPECT_EQ(result.columns, Seq(4, 7));
        EXPECT_EQ(result.identities, 3);
    }
    // A column of mask 7 with two equal residues is no identity: AAC, AAA, AAA.
    const Triple two_of_three{{0, 0, 1}, {0, 0, 0}, {0, 0, 0}};
    const Align3Result result = run(two_of_three, dna_scoring(2, -3, 5, 2), false);
    EXPECT_EQ(result.columns, Seq(3, 7));
    EXPECT_EQ(result.identities, 2);
    // Protein: W W W, X X X (never an identity), B B B under BLOSUM62.
    const Seq protein = {17, 22, 20};
    const Align3Result p =
        run({protein, protein, protein}, Scoring{builtin_matrix("BLOSUM62"), {11, 1}}, false);
    EXPECT_EQ(p.columns, Seq(3, 7));
    EXPECT_EQ(p.identities, 2);
}

TEST(Align3, SameResultOnAnyNumberOfThreads) {
    const std::uint64_t seed = test::test_seed();
    std::mt19937_64 rng(seed);
    const Triple linear = random_triple(rng, 170, 150, 160, false);
    const Triple affine = random_triple(rng, 70, 64, 75, false);
    ThreadPool one(1), two(2), four(4);
    for (bool score_only : {false, true}) {
        for (const auto& [t, scoring] : {std::pair{&linear, dna_scoring(2, -3, 0, 2)},
                                         std::pair{&affine, dna_scoring(2, -3, 5, 2)}}) {
            const Align3Result serial = run(*t, scoring, score_only);
            for (ThreadPool* pool : {&one, &two, &four})
                EXPECT_EQ(run(*t, scoring, score_only, pool), serial)
                    << describe(*t, scoring, seed) << ", " << thread_count(pool) << " threads"
                    << (score_only ? ", score only" : "");
            if (!score_only) {
                EXPECT_EQ(rescore3(t->view(), serial.columns, scoring), serial.score);
            }
        }
    }
}

TEST(Align3, RescoreAgreesWithThePlainScorerOnAnyAlignment) {
    // Random column lists (not optimal ones): rescore3 is the definition, as the plain scorer is.
    std::mt19937_64 rng(test::test_seed());
    for (int k = 0; k < 300; ++k) {
        const Triple t = random_triple(rng, rng() % 12, rng() % 12, rng() % 12, false);
        Seq columns;
        std::size_t left[3] = {t.a.size(), t.b.size(), t.c.size()};
        while (left[0] + left[1] + left[2] > 0) {
            const auto mask = static_cast<std::uint8_t>(1 + rng() % 7);
            bool fits = true;
            for (int s = 0; s < 3; ++s)
                if (((mask >> s) & 1) && left[s] == 0) fits = false;
            if (!fits) continue;
            for (int s = 0; s < 3; ++s) left[s] -= (mask >> s) & 1;
            columns.push_back(mask);
        }
        for (const Scoring& scoring :
             {dna_scoring(2, -3, 0, 2), dna_scoring(2, -3, 5, 2), dna_scoring(1, -1, 3, 1)})
            ASSERT_EQ(rescore3(t.view(), columns, scoring),
                      test::align3_plain_score(t.view(), columns, scoring))
                << describe(t, scoring, 0);
    }
}

TEST(Align3, RescoreRejectsColumnsThatDoNotUseEveryResidueOnce) {
    const Triple t{{0, 1}, {0}, {}};
    const Scoring scoring = dna_scoring(2, -3, 5, 2);
    EXPECT_EQ(rescore3(t.view(), Seq{3, 1}, scoring), -5 - 9 - 7);
    for (const Seq& columns : {Seq{3}, Seq{3, 1, 1}, Seq{3, 5}, Seq{3, 0, 1}, Seq{3, 9}, Seq{}})
        EXPECT_THROW((void)rescore3(t.view(), columns, scoring), std::invalid_argument);
}

TEST(Align3, ValidateRejectsBadScoring) {
    const auto params = [](int open, int extend) {
        return Align3Params{dna_scoring(2, -3, open, extend), false};
    };
    EXPECT_NO_THROW(validate(params(0, 2)));  // the linear model
    EXPECT_NO_THROW(validate(params(5, 2)));
    EXPECT_THROW(validate(params(0, 0)), InputError);  // a free gap
    EXPECT_THROW(validate(params(-1, 2)), InputError);
    EXPECT_THROW(validate(params(5, -1)), InputError);
    EXPECT_THROW(validate(params(0, 2'000'000)), InputError);
    // align3 and align3_many check too, before any work.
    const Triple t{{0}, {0}, {0}};
    EXPECT_THROW((void)align3(t.view(), params(0, 0)), InputError);
    const Align3Input input{t.view(), "triple 1"};
    EXPECT_THROW((void)align3_many(std::span(&input, 1), params(-1, 2)), InputError);
}

TEST(Align3, RefusesScoresBeyondThirtyTwoBits) {
    // Gaps of a million a residue: a triple of a few hundred could reach scores 32-bit cells do
    // not hold; refused before any work.
    std::mt19937_64 rng(5);
    const Triple t = random_triple(rng, 300, 300, 300, false);
    EXPECT_THROW((void)run(t, dna_scoring(2, -3, 0, 1'000'000), true), InputError);
}

TEST(Align3, RefusesResiduesOutsideTheMatrix) {
    const Triple t{{0, 1}, {0, 9}, {0}};
    EXPECT_THROW((void)run(t, dna_scoring(2, -3, 5, 2), false), InputError);
}

Align3Result run_within(const Triple& t, const Align3Params& params, std::size_t max_memory,
                        ThreadPool* pool = nullptr) {
    RunOptions options;
    options.backend = Backend::Cpu;
    options.max_memory = max_memory;
    options.pool = pool;
    return align3(t.view(), params, options);
}

TEST(Align3, RefusesWhatDoesNotFitMaxMemory) {
    std::mt19937_64 rng(3);
    const Triple t = random_triple(rng, 100, 90, 110, false);
    for (bool score_only : {false, true})
        for (const Scoring& scoring : {dna_scoring(2, -3, 0, 2), dna_scoring(2, -3, 5, 2)}) {
            const Align3Params params{scoring, score_only};
            const std::uint64_t needs = align3_host_bytes(100, 90, 110, params);
            EXPECT_GT(needs, 4096u);
            EXPECT_THROW((void)run_within(t, params, 4096), ResourceError);
            EXPECT_EQ(run_within(t, params, needs), run(t, scoring, score_only));
        }
}

// With little memory the traceback keeps checkpoints and fills each segment again: max_memory
// shrinks by a quarter at a time until align3 refuses, the last runs within less than 4/3 of the
// least it can take, far below what the directions of every plane need. Every other run is on
// three threads.
TEST(Align3, CheckpointedTracebackMatchesReference) {
    const std::uint64_t seed = test::test_seed();
    std::mt19937_64 rng(seed);
    ThreadPool three(3);
    for (const auto& [t, scoring] :
         {std::pair{random_triple(rng, 100, 110, 95, false), dna_scoring(2, -3, 0, 2)},
          std::pair{random_triple(rng, 60, 50, 55, false), dna_scoring(2, -3, 5, 2)},
          std::pair{random_triple(rng, 45, 50, 40, true),
                    Scoring{builtin_matrix("BLOSUM62"), {11, 1}}}}) {
        const Align3Params params{scoring, false};
        const Align3Result want = test::align3_reference(t.view(), scoring);
        std::size_t budget = align3_host_bytes(static_cast<std::int64_t>(t.a.size()),
                                               static_cast<std::int64_t>(t.b.size()),
                                               static_cast<std::int64_t>(t.c.size()), params);
        int runs = 0;
        for (;; budget -= budget / 4) {
            Align3Result got;
            try {
                got = run_within(t, params, budget, runs % 2 == 0 ? nullptr : &three);
            } catch (const ResourceError&) {
                break;
            }
            ++runs;
            ASSERT_EQ(got, want) << describe(t, scoring, seed) << ", max_memory " << budget;
        }
        EXPECT_GE(runs, 2) << describe(t, scoring, seed);
    }
}

TEST(Align3, HostBytesGrowWithTheTriple) {
    const Align3Params linear{dna_scoring(2, -3, 0, 2), false};
    const Align3Params affine{dna_scoring(2, -3, 5, 2), false};
    const Align3Params linear_score{dna_scoring(2, -3, 0, 2), true};
    EXPECT_LT(align3_host_bytes(100, 100, 100, linear), align3_host_bytes(400, 400, 400, linear));
    EXPECT_LT(align3_host_bytes(100, 100, 100, linear), align3_host_bytes(100, 100, 100, affine));
    EXPECT_LE(align3_host_bytes(300, 300, 300, linear_score),
              align3_host_bytes(300, 300, 300, linear));
}

TEST(Align3, ManyAlignsEachTripleAndReportsTheOneThatDoesNotFit) {
    std::mt19937_64 rng(9);
    const Triple small = random_triple(rng, 20, 25, 22, false);
    const Triple large = random_triple(rng, 300, 300, 300, false);
    const Scoring scoring = dna_scoring(2, -3, 5, 2);
    const Align3Params params{scoring, false};
    const std::vector<Align3Input> inputs = {
        {small.view(), "triple 1"}, {large.view(), "triple 2"}, {small.view(), "triple 3"}};
    RunOptions options;
    options.backend = Backend::Cpu;
    options.max_memory = align3_host_bytes(20, 25, 22, params);
    ASSERT_LT(options.max_memory, align3_host_bytes(300, 300, 300, params));
    const std::vector<Outcome<Align3Result>> outcomes = align3_many(inputs, params, options);
    ASSERT_EQ(outcomes.size(), 3u);
    const Align3Result want = test::align3_reference(small.view(), scoring);
    for (std::size_t k : {0u, 2u}) {
        ASSERT_TRUE(outcomes[k].ok()) << outcomes[k].error;
        EXPECT_EQ(outcomes[k].result, want);
    }
    EXPECT_FALSE(outcomes[1].ok());
    EXPECT_EQ(outcomes[1].code, ExitCode::Resource);
    EXPECT_NE(outcomes[1].error.find("triple 2"), std::string::npos) << outcomes[1].error;
}

}  // namespace
}  // namespace tropic::align
