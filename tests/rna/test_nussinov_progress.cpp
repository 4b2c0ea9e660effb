// Progress reports of long CPU folds: fractions that only grow and end at 1, reported from the
// calling thread, with results unchanged.
#include <gtest/gtest.h>

#include <cstdint>
#include <random>
#include <thread>
#include <vector>

#include "rna/nussinov/nussinov_cpu.hpp"
#include "rna/nussinov/nussinov_table.hpp"
#include "support/outcome_results.hpp"
#include "support/random_rna.hpp"
#include "tropic/core/run_options.hpp"
#include "tropic/core/thread_pool.hpp"
#include "tropic/rna/nussinov.hpp"

namespace {

using tropic::ThreadPool;
using tropic::rna::NussinovParams;
using tropic::rna::NussinovResult;
using tropic::rna::detail::kNussinovTile;

constexpr std::size_t T = kNussinovTile;

struct Calls {
    std::vector<double> fractions;
    bool other_thread = false;
    bool other_item = false;
};

// Records the fractions reported for `item`.
tropic::Progress recorder(Calls& calls, std::size_t item = 0) {
    const auto caller = std::this_thread::get_id();
    return [&calls, caller, item](std::size_t reported, double fraction) {
        if (std::this_thread::get_id() != caller) calls.other_thread = true;
        if (reported != item) calls.other_item = true;
        calls.fractions.push_back(fraction);
    };
}

void expect_rising_to_one(const Calls& calls, std::size_t tiles) {
    EXPECT_FALSE(calls.other_thread) << "progress must come from the calling thread";
    EXPECT_FALSE(calls.other_item) << "progress must name the fold's item";
    ASSERT_EQ(calls.fractions.size(), tiles) << "one call per tile diagonal";
    for (std::size_t c = 0; c < calls.fractions.size(); ++c) {
        EXPECT_GE(calls.fractions[c], 0.0) << "call " << c;
        EXPECT_LE(calls.fractions[c], 1.0) << "call " << c;
        if (c > 0) {
            EXPECT_GE(calls.fractions[c], calls.fractions[c - 1]) << "call " << c;
        }
    }
    EXPECT_EQ(calls.fractions.back(), 1.0);
}

TEST(NussinovProgress, RisesToOneAndLeavesResultsUnchanged) {
    std::uint64_t seed = tropic::test::test_seed();
    std::mt19937_64 rng(seed);
    SCOPED_TRACE(::testing::Message() << "seed " << seed);
    const std::size_t n = 1000;
    auto seq = tropic::test::random_rna(rng, n, 0.5, 0.02);
    const NussinovParams params;
    ThreadPool pool(3);
    for (ThreadPool* p : {static_cast<ThreadPool*>(nullptr), &pool}) {
        SCOPED_TRACE(p ? "pool" : "calling thread");
        const NussinovResult plain = tropic::rna::detail::fold_nussinov_cpu(seq, params, p);
        Calls calls;
        const NussinovResult watched =
            tropic::rna::detail::fold_nussinov_cpu(seq, params, p, recorder(calls, 5), 5);
        expect_rising_to_one(calls, (n + T - 1) / T);
        // The fill is cubic: the first diagonal is a small share, the middle is not yet done.
        EXPECT_LT(calls.fractions.front(), 0.05);
        EXPECT_LT(calls.fractions[calls.fractions.size() / 4], 0.75);
        EXPECT_EQ(watched.score, plain.score);
        EXPECT_EQ(watched.structure, plain.structure);
    }
}

TEST(NussinovProgress, TinyAndEmptySequencesAreHarmless) {
    std::mt19937_64 rng(7);
    const NussinovParams params;
    for (std::size_t n : {std::size_t{1}, std::size_t{9}, T}) {
        auto seq = tropic::test::random_rna(rng, n);
        Calls calls;
        auto watched =
            tropic::rna::detail::fold_nussinov_cpu(seq, params, nullptr, recorder(calls));
        auto plain = tropic::rna::detail::fold_nussinov_cpu(seq, params, nullptr);
        expect_rising_to_one(calls, 1);
        EXPECT_EQ(watched.structure, plain.structure) << "n " << n;
        EXPECT_EQ(watched.score, plain.score) << "n " << n;
    }
    Calls calls;
    auto empty = tropic::rna::detail::fold_nussinov_cpu({}, params, nullptr, recorder(calls));
    EXPECT_TRUE(calls.fractions.empty());
    EXPECT_EQ(empty.structure, "");
}

TEST(NussinovProgress, DispatcherReportsLongCpuRecordsByIndex) {
    std::mt19937_64 rng(11);
    // Records of 2,000 nt or more are folded one at a time on the CPU and report progress; the
    // short ones are folded together and do not.
    std::vector<tropic::rna::EncodedSequence> batch = {
        tropic::test::random_rna(rng, 50), tropic::test::random_rna(rng, 2100),
        tropic::test::random_rna(rng, 300), tropic::test::random_rna(rng, 2000)};
    ThreadPool pool(2);
    tropic::RunOptions options;
    options.backend = tropic::Backend::Cpu;
    options.pool = &pool;
    const auto plain =
        tropic::test::results_of(tropic::rna::fold_nussinov_many(batch, NussinovParams{}, options));

    std::vector<std::vector<double>> seen(batch.size());
    std::vector<std::size_t> order;
    const auto caller = std::this_thread::get_id();
    bool other_thread = false;
    options.on_progress = [&](std::size_t record, double fraction) {
        if (std::this_thread::get_id() != caller) other_thread = true;
        ASSERT_LT(record, batch.size());
        if (order.empty() || order.back() != record) order.push_back(record);
        seen[record].push_back(fraction);
    };
    const auto watched =
        tropic::test::results_of(tropic::rna::fold_nussinov_many(batch, NussinovParams{}, options));
    EXPECT_FALSE(other_thread);
    EXPECT_EQ(order, (std::vector<std::size_t>{1, 3})) << "each long record reports in one run";
    EXPECT_TRUE(seen[0].empty());
    EXPECT_TRUE(seen[2].empty());
    for (std::size_t r : {std::size_t{1}, std::size_t{3}}) {
        ASSERT_FALSE(seen[r].empty()) << "record " << r;
        for (std::size_t c = 1; c < seen[r].size(); ++c) {
            EXPECT_GE(seen[r][c], seen[r][c - 1]) << "record " << r << " call " << c;
        }
        EXPECT_EQ(seen[r].back(), 1.0) << "record " << r;
    }
    ASSERT_EQ(watched.size(), plain.size());
    for (std::size_t r = 0; r < batch.size(); ++r) {
        EXPECT_EQ(watched[r].score, plain[r].score) << "record " << r;
        EXPECT_EQ(watched[r].structure, plain[r].structure) << "record " << r;
    }

    // fold_nussinov on the CPU reports as record 0.
    seen.assign(1, {});
    order.clear();
    auto single = tropic::rna::fold_nussinov(batch[1], NussinovParams{}, options);
    EXPECT_EQ(order, (std::vector<std::size_t>{0}));
    EXPECT_EQ(seen[0].back(), 1.0);
    EXPECT_EQ(single.structure, plain[1].structure);
}

}  // namespace
