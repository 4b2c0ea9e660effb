#include "core/internal/device_shares.hpp"

#include <algorithm>
#include <exception>
#include <map>
#include <memory>
#include <mutex>
#include <thread>

#include "tropic/core/thread_pool.hpp"

namespace tropic::detail {

namespace {

// prefix[i]: the cost of items 0..i-1 (each item 1 when every cost is 0).
std::vector<double> cost_prefix(std::span<const double> costs) {
    const bool by_count = std::all_of(costs.begin(), costs.end(), [](double c) { return c <= 0; });
    std::vector<double> prefix(costs.size() + 1, 0.0);
    for (std::size_t i = 0; i < costs.size(); ++i)
        prefix[i + 1] = prefix[i] + (by_count ? 1.0 : std::max(costs[i], 0.0));
    return prefix;
}

// The boundary at or after `from` whose prefix cost is nearest `target`.
std::size_t nearest_boundary(const std::vector<double>& prefix, std::size_t from, double target) {
    const auto above =
        std::lower_bound(prefix.begin() + static_cast<std::ptrdiff_t>(from), prefix.end(), target);
    std::size_t at = static_cast<std::size_t>(above - prefix.begin());
    if (at == prefix.size()) return prefix.size() - 1;
    if (at > from && target - prefix[at - 1] < prefix[at] - target) --at;
    return at;
}

// A copy of `run` for one share: its device, no device list, its own pool.
RunOptions share_options(const RunOptions& run, int device, ThreadPool* pool) {
    RunOptions share = run;
    share.device = device;
    share.devices.clear();
    share.pool = pool;
    return share;
}

}  // namespace

std::vector<int> batch_devices(const RunOptions& run) {
    return run.devices.empty() ? std::vector<int>{run.device} : run.devices;
}

std::vector<DeviceShare> split_over_devices(std::span<const double> costs,
                                            std::span<const int> devices) {
    if (devices.size() <= 1) return {{devices.empty() ? 0 : devices.front(), 0, costs.size()}};
    const std::vector<double> prefix = cost_prefix(costs);
    const double total = prefix.back();
    std::vector<DeviceShare> shares;
    std::size_t begin = 0;
    for (std::size_t d = 0; d < devices.size(); ++d) {
        const std::size_t end = d + 1 == devices.size()
                                    ? costs.size()
                                    : nearest_boundary(prefix, begin,
                                                       total * static_cast<double>(d + 1) /
                                                           static_cast<double>(devices.size()));
        if (end > begin) shares.push_back({devices[d], begin, end});
        begin = end;
    }
    return shares;
}

void for_each_device_share(const RunOptions& run, std::span<const double> costs,
                           const ShareBody& body) {
    const std::vector<int> devices = batch_devices(run);
    if (devices.size() <= 1) {
        body(run, 0, costs.size());
        return;
    }
    const std::vector<DeviceShare> shares = split_over_devices(costs, devices);
    std::mutex say_one_at_a_time;
    RunOptions shared = run;
    if (run.on_progress)
        shared.on_progress = [&](std::size_t item, double fraction) {
            std::lock_guard lock(say_one_at_a_time);
            run.on_progress(item, fraction);
        };
    shared.on_notice = [&](const Notice& notice) {
        std::lock_guard lock(say_one_at_a_time);
        say(run.on_notice, notice);
    };
    std::vector<std::unique_ptr<ThreadPool>> pools(shares.size());
    if (run.pool != nullptr)
        for (auto& pool : pools)
            pool = std::make_unique<ThreadPool>(std::max<unsigned>(
                1, thread_count(run.pool) / static_cast<unsigned>(shares.size())));
    // Shares of one device ("0,0") take turns: each sizes its work by the device's free memory.
    std::map<int, std::mutex> device_turns;
    for (const DeviceShare& share : shares) (void)device_turns[share.device];
    std::vector<std::exception_ptr> errors(shares.size());
    std::vector<std::thread> threads;
    threads.reserve(shares.size());
    auto run_share = [&](std::size_t s) {
        try {
            std::lock_guard turn(device_turns.at(shares[s].device));
            body(share_options(shared, shares[s].device, pools[s].get()), shares[s].begin,
                 shares[s].end);
        } catch (...) {
            errors[s] = std::current_exception();
        }
    };
    try {
        for (std::size_t s = 0; s < shares.size(); ++s) threads.emplace_back(run_share, s);
    } catch (...) {
        // No thread for a share: the shares started finish before the failure is reported.
        for (std::thread& thread : threads) thread.join();
        throw;
    }
    for (std::thread& thread : threads) thread.join();
    for (const std::exception_ptr& error : errors)
        if (error) std::rethrow_exception(error);
}

}  // namespace tropic::detail
