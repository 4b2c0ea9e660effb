// interact_bpmax_many: every pair's result equals interact_bpmax's, in input order, however the
// pairs are scheduled (side by side, one at a time on all threads); a pair that does not fit is
// reported in its outcome and the others are still computed; only pairs computed one at a time
// report progress, from the calling thread.
#include <gtest/gtest.h>

#include <random>
#include <string>
#include <thread>
#include <vector>

#include "rna/bpmax/bpmax_engine.hpp"
#include "rna/bpmax/bpmax_plan.hpp"
#include "support/random_rna.hpp"
#include "tropic/core/error.hpp"
#include "tropic/core/thread_pool.hpp"
#include "tropic/rna/bpmax.hpp"

namespace tropic {
namespace {

using rna::BpmaxPairInput;
using rna::BpmaxParams;
using Seq = std::vector<std::uint8_t>;

RunOptions on_cpu(ThreadPool* pool) {
    RunOptions run;
    run.backend = Backend::Cpu;
    run.pool = pool;
    return run;
}

void expect_same(const rna::BpmaxResult& got, const rna::BpmaxResult& want) {
    ASSERT_EQ(got.sites.size(), want.sites.size());
    for (std::size_t k = 0; k < want.sites.size(); ++k) {
        EXPECT_EQ(got.sites[k].score, want.sites[k].score);
        EXPECT_EQ(got.sites[k].begin1, want.sites[k].begin1);
        EXPECT_EQ(got.sites[k].end2, want.sites[k].end2);
        EXPECT_EQ(got.sites[k].pairs, want.sites[k].pairs);
    }
}

// Knobs whose small-pair threshold lies between the test's small and large pairs, so that both
// schedules run on pairs of a few seconds' work in all.
rna::detail::Knobs small_below(std::size_t length1, std::size_t length2,
                               const BpmaxParams& params) {
    rna::detail::Knobs knobs;
    knobs.small_pair_steps = rna::detail::bpmax_steps(length1, length2, params);
    return knobs;
}

TEST(BpmaxMany, EveryPairAsInteractBpmaxInInputOrder) {
    std::mt19937_64 rng(test::test_seed());
    std::vector<Seq> queries, targets;
    // Small pairs (side by side: 9 x 60 nt or less) and large ones (one at a time: 20 x 70 nt or
    // more).
    for (std::size_t n2 : {30, 45, 90, 12, 60, 70, 25}) {
        queries.push_back(test::random_rna(rng, n2 >= 70 ? 20 : 9));
        targets.push_back(test::random_rna(rng, n2));
    }
    BpmaxParams params;
    params.top = 2;
    const rna::detail::Knobs knobs = small_below(20, 70, params);
    ASSERT_LT(rna::detail::bpmax_steps(9, 60, params), knobs.small_pair_steps);
    std::vector<BpmaxPairInput> pairs;
    for (std::size_t k = 0; k < queries.size(); ++k) pairs.push_back({queries[k], targets[k], ""});
    for (unsigned threads : {1u, 3u}) {
        SCOPED_TRACE(::testing::Message() << threads << " threads");
        ThreadPool pool(threads);
        const auto outcomes = rna::detail::interact_many(pairs, params, on_cpu(&pool), knobs);
        ASSERT_EQ(outcomes.size(), pairs.size());
        for (std::size_t k = 0; k < pairs.size(); ++k) {
            SCOPED_TRACE(::testing::Message() << "pair " << k);
            EXPECT_TRUE(outcomes[k].ok()) << outcomes[k].error;
            expect_same(outcomes[k].result,
                        rna::interact_bpmax(queries[k], targets[k], params, on_cpu(nullptr)));
        }
    }
    // The public entry point, with its own threshold, gives the same.
    ThreadPool pool(2);
    const auto outcomes = rna::interact_bpmax_many(pairs, params, on_cpu(&pool));
    for (std::size_t k = 0; k < pairs.size(); ++k) {
        EXPECT_TRUE(outcomes[k].ok()) << outcomes[k].error;
        expect_same(outcomes[k].result,
                    rna::interact_bpmax(queries[k], targets[k], params, on_cpu(nullptr)));
    }
}

TEST(BpmaxMany, APairThatDoesNotFitIsReportedAndTheOthersComputed) {
    std::mt19937_64 rng(test::test_seed());
    const Seq query = test::random_rna(rng, 10);
    const Seq small1 = test::random_rna(rng, 30), huge = test::random_rna(rng, 1000),
              small2 = test::random_rna(rng, 25);
    const std::vector<BpmaxPairInput> pairs = {
        {query, small1, "q&small1"}, {query, huge, "q&huge"}, {query, small2, ""}};
    ThreadPool pool(2);
    RunOptions run = on_cpu(&pool);
    run.max_memory = std::size_t{4} << 20;
    const auto outcomes = rna::interact_bpmax_many(pairs, BpmaxParams{}, run);
    ASSERT_EQ(outcomes.size(), 3u);
    EXPECT_TRUE(outcomes[0].ok()) << outcomes[0].error;
    EXPECT_TRUE(outcomes[2].ok()) << outcomes[2].error;
    EXPECT_EQ(outcomes[1].code, ExitCode::Resource);
    EXPECT_FALSE(outcomes[0].result.sites.empty());
    EXPECT_FALSE(outcomes[2].result.sites.empty());
    EXPECT_TRUE(outcomes[1].result.sites.empty());
    EXPECT_NE(outcomes[1].error.find("q&huge (10 x 1000 nt) needs"), std::string::npos)
        << outcomes[1].error;
    EXPECT_NE(outcomes[1].error.find("the memory limit is 4.0 MiB; try a window2 of"),
              std::string::npos)
        << outcomes[1].error;
}

// A pair whose scores could pass the integer range is an input error of its own: the other pairs
// are computed all the same.
TEST(BpmaxMany, APairWhoseScoresCouldOverflowHasAnInputErrorAndTheOthersAreComputed) {
    std::mt19937_64 rng(test::test_seed());
    const Seq query = test::random_rna(rng, 10), small = test::random_rna(rng, 12),
              longer = test::random_rna(rng, 300);
    BpmaxParams params;
    params.weights = {10'000'000, 10'000'000, 10'000'000, 1};  // 310 nt may score 1.55e9
    const std::vector<BpmaxPairInput> pairs = {{query, longer, "q&longer"}, {query, small, ""}};
    const auto outcomes = rna::interact_bpmax_many(pairs, params, on_cpu(nullptr));
    ASSERT_EQ(outcomes.size(), 2u);
    EXPECT_EQ(outcomes[0].code, ExitCode::Input);
    EXPECT_NE(outcomes[0].error.find("could exceed the integer range"), std::string::npos)
        << outcomes[0].error;
    ASSERT_TRUE(outcomes[1].ok()) << outcomes[1].error;
    expect_same(outcomes[1].result, rna::interact_bpmax(query, small, params, on_cpu(nullptr)));
}

TEST(BpmaxMany, PairsComputedOneAtATimeReportProgressFromTheCallingThread) {
    std::mt19937_64 rng(test::test_seed());
    const Seq q = test::random_rna(rng, 30), small = test::random_rna(rng, 20),
              large = test::random_rna(rng, 60);
    const std::vector<BpmaxPairInput> pairs = {{q, small, ""}, {q, large, ""}, {q, small, ""}};
    ThreadPool pool(2);
    RunOptions run = on_cpu(&pool);
    std::vector<std::vector<double>> seen(pairs.size());
    const auto caller = std::this_thread::get_id();
    bool other_thread = false;
    run.on_progress = [&](std::size_t pair, double fraction) {
        if (std::this_thread::get_id() != caller) other_thread = true;
        seen.at(pair).push_back(fraction);
    };
    rna::detail::interact_many(pairs, BpmaxParams{}, run, small_below(30, 60, BpmaxParams{}));
    EXPECT_FALSE(other_thread);
    EXPECT_TRUE(seen[0].empty());
    EXPECT_TRUE(seen[2].empty());
    ASSERT_EQ(seen[1].size(), 30u) << "one call per diagonal of the 30-nt query";
    for (std::size_t c = 1; c < seen[1].size(); ++c) EXPECT_GE(seen[1][c], seen[1][c - 1]);
    EXPECT_EQ(seen[1].back(), 1.0);
}

}  // namespace
}  // namespace tropic
