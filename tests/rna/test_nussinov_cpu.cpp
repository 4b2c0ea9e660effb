// The optimised CPU fold against the reference, on random sequences.
#include <gtest/gtest.h>

#include <cstdint>
#include <random>
#include <string>
#include <vector>

#include "reference/nussinov_reference.hpp"
#include "rna/nussinov/nussinov_cpu.hpp"
#include "rna/nussinov/nussinov_table.hpp"
#include "support/random_rna.hpp"
#include "tropic/core/error.hpp"
#include "tropic/core/thread_pool.hpp"
#include "tropic/rna/nussinov.hpp"

namespace {

using tropic::ThreadPool;
using tropic::rna::NussinovParams;
using tropic::rna::PairWeights;
using tropic::rna::detail::kNussinovTile;

constexpr std::size_t T = kNussinovTile;

// Checks the fold of seq under params with a pool of `threads` against the reference.
void expect_matches_reference(const std::vector<std::uint8_t>& seq, const NussinovParams& params,
                              unsigned threads) {
    SCOPED_TRACE(::testing::Message() << "n " << seq.size() << " min_loop " << params.min_loop
                                      << " AU=" << params.weights.au << " GC=" << params.weights.gc
                                      << " GU=" << params.weights.gu << " threads " << threads);
    ThreadPool pool(threads);
    auto got = tropic::rna::detail::fold_nussinov_cpu(seq, params, threads > 1 ? &pool : nullptr);
    auto want = tropic::reference::nussinov_reference_fold(seq, params);
    ASSERT_EQ(got.score, want.score);
    ASSERT_EQ(got.structure, want.structure);
    ASSERT_EQ(tropic::reference::reference_structure_score(seq, got.structure, params), got.score)
        << got.structure;
    ASSERT_EQ(tropic::rna::score_structure(seq, got.structure, params), got.score);
}

PairWeights random_weights(std::mt19937_64& rng) {
    std::uniform_int_distribution<int> w(0, 6);
    return PairWeights{w(rng), w(rng), w(rng)};
}

TEST(NussinovCpu, MatchesReferenceAtEdgeLengths) {
    std::uint64_t seed = tropic::test::test_seed();
    std::mt19937_64 rng(seed);
    SCOPED_TRACE(::testing::Message() << "seed " << seed);
    const std::size_t lengths[] = {0, 1,     2,         4,     5,         T - 1,
                                   T, T + 1, 2 * T - 1, 2 * T, 2 * T + 1, 3 * T + 7};
    unsigned threads = 1;
    for (std::size_t n : lengths) {
        for (int min_loop : {0, 3}) {
            auto seq = tropic::test::random_rna(rng, n, 0.5, 0.05);
            expect_matches_reference(seq, NussinovParams{min_loop, PairWeights{}}, threads);
            expect_matches_reference(seq, NussinovParams{min_loop, PairWeights{2, 3, 1}},
                                     threads % 3 + 1);
            threads = threads % 3 + 1;
        }
    }
}

TEST(NussinovCpu, MatchesReferenceOnRandomSequences) {
    std::uint64_t seed = tropic::test::test_seed();
    std::mt19937_64 rng(seed);
    SCOPED_TRACE(::testing::Message() << "seed " << seed);
    std::uniform_int_distribution<std::size_t> length(0, 700);
    std::uniform_int_distribution<int> loop(0, 6);
    std::uniform_real_distribution<double> unit(0.0, 1.0);
    for (int trial = 0; trial < 24; ++trial) {
        std::size_t n = length(rng);
        NussinovParams params{loop(rng), trial % 2 ? random_weights(rng) : PairWeights{}};
        auto seq = tropic::test::random_rna(rng, n, unit(rng), trial % 3 == 0 ? 0.1 : 0.0);
        expect_matches_reference(seq, params, 1 + trial % 3);
    }
}

TEST(NussinovCpu, MatchesReferenceOnRegressionSeeds) {
    for (std::uint64_t seed : {1ull, 42ull, 20240607ull, 0x5eedull}) {
        SCOPED_TRACE(::testing::Message() << "regression seed " << seed);
        std::mt19937_64 rng(seed);
        std::uniform_int_distribution<std::size_t> length(T / 2, 5 * T);
        for (int trial = 0; trial < 3; ++trial) {
            auto seq = tropic::test::random_rna(rng, length(rng), 0.6, 0.02);
            expect_matches_reference(seq, NussinovParams{trial, random_weights(rng)}, 2);
        }
    }
}

TEST(NussinovCpu, MatchesReferenceAtLength2000) {
    std::uint64_t seed = tropic::test::test_seed();
    std::mt19937_64 rng(seed);
    SCOPED_TRACE(::testing::Message() << "seed " << seed);
    auto seq = tropic::test::random_rna(rng, 2000, 0.5, 0.01);
    expect_matches_reference(seq, NussinovParams{3, PairWeights{2, 3, 1}}, 3);
    // The same sequence with weights that need int32 scores, on the calling thread only.
    expect_matches_reference(seq, NussinovParams{1, PairWeights{1000, 999, 7}}, 1);
}

TEST(NussinovCpu, LongMinLoopAndNoPairs) {
    std::uint64_t seed = tropic::test::test_seed();
    std::mt19937_64 rng(seed);
    SCOPED_TRACE(::testing::Message() << "seed " << seed);
    auto seq = tropic::test::random_rna(rng, 3 * T + 5, 0.5);
    expect_matches_reference(seq, NussinovParams{100, PairWeights{}}, 2);
    expect_matches_reference(seq, NussinovParams{1000, PairWeights{}}, 2);
    auto none = tropic::rna::detail::fold_nussinov_cpu(seq, NussinovParams{0, PairWeights{0, 0, 0}},
                                                       nullptr);
    EXPECT_EQ(none.score, 0);
    EXPECT_EQ(none.structure, std::string(seq.size(), '.'));
    std::vector<std::uint8_t> all_n(200, static_cast<std::uint8_t>(tropic::Base::N));
    EXPECT_EQ(tropic::rna::detail::fold_nussinov_cpu(all_n, NussinovParams{}, nullptr).score, 0);
}

// Large weights push the scores past int16: the int32 path.
TEST(NussinovCpu, Int32PathMatchesReference) {
    using tropic::rna::detail::nussinov_fits_int16;
    std::uint64_t seed = tropic::test::test_seed();
    std::mt19937_64 rng(seed);
    SCOPED_TRACE(::testing::Message() << "seed " << seed);
    for (std::size_t n : {std::size_t{67}, 3 * T + 1, std::size_t{600}}) {
        NussinovParams params{2, PairWeights{999, 1000, 1}};
        ASSERT_FALSE(nussinov_fits_int16(n, params.weights.max_weight()));
        auto seq = tropic::test::random_rna(rng, n, 0.7);
        expect_matches_reference(seq, params, 2);
    }
    EXPECT_TRUE(nussinov_fits_int16(65, 1000));  // 32 * 1000 <= 32767
    EXPECT_FALSE(nussinov_fits_int16(66, 1000));
    EXPECT_TRUE(nussinov_fits_int16(65535, 1));
    EXPECT_FALSE(nussinov_fits_int16(65536, 1));
}

// Every cell of both views of the square, for both score types, against the reference table.
template <typename Score>
void expect_square_matches(const std::vector<std::uint8_t>& seq, const NussinovParams& params,
                           unsigned threads) {
    ThreadPool pool(threads);
    auto square = tropic::rna::detail::fill_nussinov_square<Score>(seq, params,
                                                                   threads > 1 ? &pool : nullptr);
    auto ref = tropic::reference::nussinov_reference_table(seq, params);
    const std::size_t n = seq.size();
    ASSERT_EQ(square.size(), n);
    for (std::size_t i = 0; i < n; ++i)
        for (std::size_t j = i; j < n; ++j) {
            ASSERT_EQ(square.cell(i, j), ref(i, j)) << "U(" << i << "," << j << ")";
            if (i > 0) {
                ASSERT_EQ(square.cell(j, i - 1), ref(i, j)) << "L(" << j << "," << i - 1 << ")";
            }
        }
}

TEST(NussinovCpu, BothScoreTypesFillTheSameSquare) {
    std::uint64_t seed = tropic::test::test_seed();
    std::mt19937_64 rng(seed);
    SCOPED_TRACE(::testing::Message() << "seed " << seed);
    for (std::size_t n : {std::size_t{1}, std::size_t{9}, 2 * T + 3, 4 * T}) {
        SCOPED_TRACE(::testing::Message() << "n " << n);
        auto seq = tropic::test::random_rna(rng, n, 0.5, 0.05);
        NussinovParams params{static_cast<int>(n % 4), PairWeights{3, 4, 2}};
        expect_square_matches<std::int16_t>(seq, params, 2);
        expect_square_matches<std::int32_t>(seq, params, 3);
    }
}

TEST(NussinovCpu, RejectsBadResidueCodes) {
    std::vector<std::uint8_t> seq = {0, 1, 2, 3, 4, 5};
    EXPECT_THROW(tropic::rna::detail::fold_nussinov_cpu(seq, NussinovParams{}, nullptr),
                 tropic::InputError);
    EXPECT_THROW(tropic::rna::detail::fold_nussinov_cpu({}, NussinovParams{-1, {}}, nullptr),
                 tropic::InputError);
}

TEST(NussinovCpuMemory, ReportsNeedAndLongestFittingLength) {
    using tropic::rna::detail::check_nussinov_cpu_memory;
    const std::size_t gib = std::size_t{1} << 30;
    EXPECT_NO_THROW(check_nussinov_cpu_memory(23170, 2, 1, gib));
    try {
        check_nussinov_cpu_memory(40000, 2, 1, gib);
        ADD_FAILURE() << "40,000 nt fitted in 1 GiB";
    } catch (const tropic::ResourceError& e) {
        std::string message = e.what();
        EXPECT_NE(message.find("40000 nt"), std::string::npos) << message;
        EXPECT_NE(message.find("3.0 GiB"), std::string::npos) << message;   // 40000^2 * 2 bytes
        EXPECT_NE(message.find("23170 nt"), std::string::npos) << message;  // 23170^2 * 2 <= 1 GiB
    }
    // Large weights need int32 scores, so fewer residues fit.
    EXPECT_EQ(tropic::rna::detail::nussinov_cpu_longest_fitting(gib, 1000), 16384u);
    EXPECT_EQ(tropic::rna::detail::nussinov_cpu_longest_fitting(gib, 1), 23170u);
    EXPECT_EQ(tropic::rna::detail::nussinov_cpu_longest_fitting(0, 1), 0u);
}

TEST(NussinovCpuMemory, HugeSequenceIsRefusedBeforeAllocating) {
    std::vector<std::uint8_t> seq(20'000'000, 0);  // 1.6e15 bytes of table
    EXPECT_THROW(tropic::rna::detail::fold_nussinov_cpu(seq, NussinovParams{}, nullptr),
                 tropic::ResourceError);
}

// fold_nussinov_many places every record first: one that fits nowhere gets its refusal as its
// outcome (device -1: none, so that a GPU machine answers as a CPU-only one), the others are
// folded; fold_nussinov throws that refusal.
TEST(NussinovMany, ARecordThatDoesNotFitIsRefusedAndTheOthersFolded) {
    std::mt19937_64 rng(tropic::test::test_seed());
    const std::vector<tropic::rna::EncodedSequence> batch = {tropic::test::random_rna(rng, 120),
                                                             tropic::test::random_rna(rng, 3000),
                                                             tropic::test::random_rna(rng, 600)};
    for (auto backend : {tropic::Backend::Cpu, tropic::Backend::Auto}) {
        tropic::RunOptions run;
        run.backend = backend;
        run.device = -1;
        run.max_memory = std::size_t{15} << 20;  // 3,000 nt need 18 MB of int16 scores
        const auto outcomes = tropic::rna::fold_nussinov_many(batch, NussinovParams{}, run);
        ASSERT_EQ(outcomes.size(), 3u);
        EXPECT_EQ(outcomes[1].code, tropic::ExitCode::Resource);
        EXPECT_NE(outcomes[1].error.find("a Nussinov fold of 3000 nt needs"), std::string::npos)
            << outcomes[1].error;
        for (std::size_t r : {0u, 2u}) {
            ASSERT_TRUE(outcomes[r].ok()) << outcomes[r].error;
            const auto alone =
                tropic::rna::detail::fold_nussinov_cpu(batch[r], NussinovParams{}, nullptr);
            EXPECT_EQ(outcomes[r].result.score, alone.score);
            EXPECT_EQ(outcomes[r].result.structure, alone.structure);
        }
        EXPECT_THROW((void)tropic::rna::fold_nussinov(batch[1], NussinovParams{}, run),
                     tropic::ResourceError);
    }
}

}  // namespace
