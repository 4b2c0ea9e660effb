#pragma once
// The records a batch sends to the device, spread over RunOptions::devices: each device folds a
// contiguous share of them, balanced by the cube of their lengths (a fold's work), and a share
// whose device call fails gives its own records that error.
#include <cstddef>
#include <cstdint>
#include <span>
#include <vector>

#include "core/internal/device_shares.hpp"
#include "rna/placement/record_outcomes.hpp"
#include "tropic/core/outcome.hpp"
#include "tropic/core/run_options.hpp"

namespace tropic::rna::detail {

// Calls compute(share_run, share) for each device's share of `records` (indices into
// `sequences`), share_run naming the share's device; with one device once, with `run` and every
// record, on the calling thread.
template <class Result, class Compute>
void capture_on_devices(std::span<const std::size_t> records,
                        const std::vector<std::vector<std::uint8_t>>& sequences,
                        const RunOptions& run, std::vector<Outcome<Result>>& outcomes,
                        Compute&& compute) {
    std::vector<double> costs;
    costs.reserve(records.size());
    for (std::size_t r : records) {
        const double n = static_cast<double>(sequences[r].size());
        costs.push_back(n * n * n);
    }
    ::tropic::detail::for_each_device_share(
        run, costs, [&](const RunOptions& share_run, std::size_t begin, std::size_t end) {
            const std::span<const std::size_t> share = records.subspan(begin, end - begin);
            capture_for(share, outcomes, [&] { compute(share_run, share); });
        });
}

}  // namespace tropic::rna::detail
