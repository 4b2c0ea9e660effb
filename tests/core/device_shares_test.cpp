#include "core/internal/device_shares.hpp"

#include <gtest/gtest.h>

#include <atomic>
#include <mutex>
#include <numeric>
#include <set>
#include <stdexcept>
#include <thread>
#include <vector>

#include "tropic/core/error.hpp"
#include "tropic/core/thread_pool.hpp"

namespace tropic::detail {
namespace {

std::vector<double> ones(std::size_t count) {
    return std::vector<double>(count, 1.0);
}

// The shares cover 0..items-1 in order, without gaps or overlaps, none empty.
void expect_contiguous(const std::vector<DeviceShare>& shares, std::size_t items) {
    std::size_t next = 0;
    for (const DeviceShare& share : shares) {
        EXPECT_EQ(share.begin, next);
        EXPECT_LT(share.begin, share.end);
        next = share.end;
    }
    EXPECT_EQ(next, items);
}

TEST(SplitOverDevices, OneDeviceIsOneShareOfEverything) {
    const std::vector<int> one{2};
    for (std::size_t items : {0, 1, 7}) {
        const auto costs = ones(items);
        const auto shares = split_over_devices(costs, one);
        ASSERT_EQ(shares.size(), 1u);
        EXPECT_EQ(shares[0].device, 2);
        EXPECT_EQ(shares[0].begin, 0u);
        EXPECT_EQ(shares[0].end, items);
    }
}

TEST(SplitOverDevices, EqualCostsGiveEqualCountsInDeviceOrder) {
    const std::vector<int> devices{3, 1, 0, 2};
    const auto costs = ones(100);
    const auto shares = split_over_devices(costs, devices);
    ASSERT_EQ(shares.size(), 4u);
    expect_contiguous(shares, 100);
    for (std::size_t s = 0; s < 4; ++s) {
        EXPECT_EQ(shares[s].device, devices[s]);
        EXPECT_EQ(shares[s].end - shares[s].begin, 25u);
    }
}

TEST(SplitOverDevices, BalancesByCostNotCount) {
    // One long item first, then many short ones: the first device takes the long one alone.
    std::vector<double> costs{90.0};
    for (int i = 0; i < 90; ++i) costs.push_back(1.0);
    const std::vector<int> devices{0, 1};
    const auto shares = split_over_devices(costs, devices);
    ASSERT_EQ(shares.size(), 2u);
    expect_contiguous(shares, costs.size());
    EXPECT_EQ(shares[0].end, 1u);
}

TEST(SplitOverDevices, EachShareNearItsPart) {
    std::vector<double> costs;
    for (int i = 0; i < 1000; ++i) costs.push_back(static_cast<double>(1 + (i * 37) % 200));
    const double total = std::accumulate(costs.begin(), costs.end(), 0.0);
    const std::vector<int> devices{0, 0, 0};
    const auto shares = split_over_devices(costs, devices);
    ASSERT_EQ(shares.size(), 3u);
    expect_contiguous(shares, costs.size());
    for (const DeviceShare& share : shares) {
        const double cost =
            std::accumulate(costs.begin() + share.begin, costs.begin() + share.end, 0.0);
        EXPECT_NEAR(cost, total / 3, 200.0);
    }
}

TEST(SplitOverDevices, FewerItemsThanDevicesLeavesDevicesOut) {
    const std::vector<int> devices{0, 1, 2, 3};
    const auto costs = ones(2);
    const auto shares = split_over_devices(costs, devices);
    expect_contiguous(shares, 2);
    EXPECT_EQ(shares.size(), 2u);
    EXPECT_TRUE(split_over_devices(std::span<const double>{}, devices).empty());
}

TEST(SplitOverDevices, ZeroCostsSplitByCount) {
    const std::vector<double> costs(9, 0.0);
    const std::vector<int> devices{0, 1, 2};
    const auto shares = split_over_devices(costs, devices);
    ASSERT_EQ(shares.size(), 3u);
    expect_contiguous(shares, 9);
    for (const DeviceShare& share : shares) EXPECT_EQ(share.end - share.begin, 3u);
}

TEST(ForEachDeviceShare, OneDeviceRunsOnTheCallingThreadWithTheSameOptions) {
    ThreadPool pool(3);
    RunOptions run;
    run.device = 1;
    run.pool = &pool;
    const auto costs = ones(5);
    int calls = 0;
    for_each_device_share(run, costs, [&](const RunOptions& share, std::size_t b, std::size_t e) {
        ++calls;
        EXPECT_EQ(&share, &run);
        EXPECT_EQ(b, 0u);
        EXPECT_EQ(e, 5u);
    });
    EXPECT_EQ(calls, 1);
    run.devices = {1};  // a list of one is the same path
    const std::thread::id caller = std::this_thread::get_id();
    for_each_device_share(run, costs, [&](const RunOptions& share, std::size_t, std::size_t) {
        EXPECT_EQ(std::this_thread::get_id(), caller);
        EXPECT_EQ(&share, &run);
    });
}

TEST(ForEachDeviceShare, EachShareOnItsDeviceAndThreadWithItsOwnPool) {
    ThreadPool pool(4);
    RunOptions run;
    run.devices = {0, 0, 1};
    run.pool = &pool;
    const auto costs = ones(30);
    std::mutex mutex;
    std::vector<int> covered(30, 0);
    std::set<std::thread::id> threads;
    std::set<ThreadPool*> pools;
    std::vector<int> devices_seen;
    for_each_device_share(run, costs, [&](const RunOptions& share, std::size_t b, std::size_t e) {
        std::lock_guard lock(mutex);
        EXPECT_TRUE(share.devices.empty());
        EXPECT_NE(share.pool, nullptr);
        EXPECT_NE(share.pool, &pool);
        EXPECT_EQ(share.pool->size(), 1u);  // 4 threads over 3 shares
        pools.insert(share.pool);
        threads.insert(std::this_thread::get_id());
        devices_seen.push_back(share.device);
        for (std::size_t i = b; i < e; ++i) ++covered[i];
    });
    EXPECT_EQ(covered, std::vector<int>(30, 1));
    EXPECT_EQ(threads.size(), 3u);
    EXPECT_EQ(threads.count(std::this_thread::get_id()), 0u);
    EXPECT_EQ(pools.size(), 3u);
    std::sort(devices_seen.begin(), devices_seen.end());
    EXPECT_EQ(devices_seen, (std::vector<int>{0, 0, 1}));
}

TEST(ForEachDeviceShare, SharesOfOneDeviceTakeTurns) {
    RunOptions run;
    run.devices = {0, 1, 0, 1, 0};
    const auto costs = ones(50);
    std::mutex mutex;
    std::vector<int> inside(2, 0), most_inside(2, 0);
    auto on_device = [&](int device, int step) {
        std::lock_guard lock(mutex);
        inside[device] += step;
        most_inside[device] = std::max(most_inside[device], inside[device]);
    };
    for_each_device_share(run, costs, [&](const RunOptions& share, std::size_t, std::size_t) {
        on_device(share.device, 1);
        std::this_thread::sleep_for(std::chrono::milliseconds(5));
        on_device(share.device, -1);
    });
    EXPECT_EQ(most_inside, (std::vector<int>{1, 1}));
}

TEST(ForEachDeviceShare, ResultsLandInInputOrder) {
    RunOptions run;
    run.devices = {0, 0, 0};
    std::vector<double> costs;
    for (int i = 0; i < 101; ++i) costs.push_back(1.0 + i % 7);
    std::vector<std::size_t> results(costs.size(), 0);
    for_each_device_share(run, costs, [&](const RunOptions&, std::size_t b, std::size_t e) {
        for (std::size_t i = b; i < e; ++i) results[i] = i * i;
    });
    for (std::size_t i = 0; i < results.size(); ++i) EXPECT_EQ(results[i], i * i);
}

TEST(ForEachDeviceShare, TheFirstShareInInputOrderGivesTheError) {
    RunOptions run;
    run.devices = {0, 1, 2};
    const auto costs = ones(9);
    std::atomic<int> finished{0};
    try {
        for_each_device_share(run, costs, [&](const RunOptions& share, std::size_t, std::size_t) {
            if (share.device == 2) throw ResourceError("third");  // thrown first, reported second
            if (share.device == 1) {
                std::this_thread::sleep_for(std::chrono::milliseconds(20));
                throw InputError("second");
            }
            ++finished;
        });
        FAIL() << "no error";
    } catch (const InputError& e) {
        EXPECT_STREQ(e.what(), "second");
    }
    EXPECT_EQ(finished.load(), 1);  // every share ran to its end
}

TEST(ForEachDeviceShare, ProgressAndNoticesArePassedOnOneAtATime) {
    RunOptions run;
    run.devices = {0, 1, 2, 3};
    int inside = 0, most_inside = 0, progress_calls = 0, notices = 0;
    auto enter = [&] {
        most_inside = std::max(most_inside, ++inside);
        std::this_thread::sleep_for(std::chrono::microseconds(200));
        --inside;
    };
    run.on_progress = [&](std::size_t, double) {
        enter();
        ++progress_calls;
    };
    run.on_notice = [&](const Notice&) {
        enter();
        ++notices;
    };
    const auto costs = ones(40);
    for_each_device_share(run, costs, [&](const RunOptions& share, std::size_t b, std::size_t e) {
        for (std::size_t i = b; i < e; ++i) {
            share.on_progress(i, 1.0);
            share.on_notice({Notice::Kind::Note, "n"});
        }
    });
    EXPECT_EQ(progress_calls, 40);
    EXPECT_EQ(notices, 40);
    EXPECT_EQ(most_inside, 1);
}

}  // namespace
}  // namespace tropic::detail
