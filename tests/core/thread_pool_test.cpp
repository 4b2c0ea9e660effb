#include "tropic/core/thread_pool.hpp"

#include <gtest/gtest.h>

#include <atomic>
#include <stdexcept>
#include <vector>

namespace tropic {
namespace {

class ThreadPoolSizes : public ::testing::TestWithParam<unsigned> {};

TEST_P(ThreadPoolSizes, CoversEveryIndexExactlyOnce) {
    ThreadPool pool(GetParam());
    for (std::size_t grain : {std::size_t{1}, std::size_t{3}, std::size_t{64}, std::size_t{5000}}) {
        constexpr std::size_t kBegin = 7, kEnd = 4007;
        std::vector<std::atomic<int>> hits(kEnd);
        pool.parallel_for(
            kBegin, kEnd, [&](std::size_t i) { hits[i].fetch_add(1); }, grain);
        for (std::size_t i = 0; i < kEnd; ++i)
            ASSERT_EQ(hits[i].load(), i >= kBegin ? 1 : 0) << "index " << i << " grain " << grain;
    }
}

TEST_P(ThreadPoolSizes, RunsManyRoundsAndEmptyRanges) {
    ThreadPool pool(GetParam());
    std::atomic<long> sum{0};
    for (int round = 0; round < 200; ++round)
        pool.parallel_for(0, 100, [&](std::size_t i) { sum += static_cast<long>(i); });
    EXPECT_EQ(sum.load(), 200L * 4950);
    pool.parallel_for(5, 5, [&](std::size_t) { FAIL() << "called on an empty range"; });
    pool.parallel_for(9, 3, [&](std::size_t) { FAIL() << "called on an inverted range"; });
}

TEST_P(ThreadPoolSizes, PropagatesTheFirstException) {
    ThreadPool pool(GetParam());
    std::atomic<int> calls{0};
    EXPECT_THROW(pool.parallel_for(0, 1000,
                                   [&](std::size_t i) {
                                       ++calls;
                                       if (i == 500) throw std::runtime_error("boom");
                                   }),
                 std::runtime_error);
    EXPECT_GE(calls.load(), 1);
    // The pool still works after a failed round.
    std::atomic<int> after{0};
    pool.parallel_for(0, 50, [&](std::size_t) { ++after; });
    EXPECT_EQ(after.load(), 50);
}

INSTANTIATE_TEST_SUITE_P(Threads, ThreadPoolSizes, ::testing::Values(1u, 2u, 3u, 8u));

TEST(ThreadPool, ZeroMeansHardwareConcurrency) {
    ThreadPool pool(0);
    EXPECT_GE(pool.size(), 1u);
    unsigned hw = std::thread::hardware_concurrency();
    if (hw > 0) {
        EXPECT_EQ(pool.size(), hw);
    }
}

}  // namespace
}  // namespace tropic
