#pragma once
// How a batch spreads over the CUDA devices of RunOptions::devices: each device takes a
// contiguous share of the items, balanced by what the items cost, on a host thread of its own
// running the single-device code; the caller puts each share's results where its items were, so
// that the batch's results come back in input order, identical to one device's.
#include <cstddef>
#include <functional>
#include <span>
#include <vector>

#include "tropic/core/run_options.hpp"

namespace tropic::detail {

// The devices a batch spreads over: run.devices, or run.device alone when it is empty.
[[nodiscard]] std::vector<int> batch_devices(const RunOptions& run);

// Items [begin, end) of a batch, computed on `device`.
struct DeviceShare {
    int device = 0;
    std::size_t begin = 0;
    std::size_t end = 0;
};

// The items 0..costs.size()-1 in contiguous shares, one per device of `devices` in its order,
// each share's cost as near a 1/devices part of the total as the items allow (all costs 0: by
// count). A device left without items (fewer items than devices, or one item worth more than a
// part) has no share; one device has one share of every item, even of none.
[[nodiscard]] std::vector<DeviceShare> split_over_devices(std::span<const double> costs,
                                                          std::span<const int> devices);

// What a share computes: items [begin, end) with `share_run`, whose device is the share's.
using ShareBody =
    std::function<void(const RunOptions& share_run, std::size_t begin, std::size_t end)>;

// Runs `body` on each share of split_over_devices(costs, batch_devices(run)). One device: once,
// on the calling thread, with `run` itself (the single-device path, unchanged). Several: one host
// thread per share, each with a copy of `run` whose device is the share's, devices empty, a pool
// of its own (run.pool's threads divided among the shares; none without run.pool) and progress
// and notices passed on one at a time; shares of one device (a list naming it twice) take turns,
// since each sizes its work by the device's free memory. Returns once every share is done,
// rethrowing the exception of the first share (in input order) that threw one.
void for_each_device_share(const RunOptions& run, std::span<const double> costs,
                           const ShareBody& body);

}  // namespace tropic::detail
