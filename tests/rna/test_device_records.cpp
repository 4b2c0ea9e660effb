// capture_on_devices, how the RNA batches spread their device records over RunOptions::devices:
// contiguous shares in input order balanced by n^3, each computed with its device, and a share
// whose device call fails gives its own records that error while the others keep their results.
#include <gtest/gtest.h>

#include <algorithm>
#include <mutex>
#include <vector>

#include "rna/placement/device_records.hpp"
#include "tropic/core/error.hpp"

namespace tropic::rna::detail {
namespace {

std::vector<std::vector<std::uint8_t>> sequences_of(const std::vector<std::size_t>& lengths) {
    std::vector<std::vector<std::uint8_t>> sequences;
    for (std::size_t n : lengths) sequences.emplace_back(n, 0);
    return sequences;
}

TEST(DeviceRecords, SharesAreContiguousRunsOfTheRecordsInOrder) {
    const auto sequences = sequences_of({10, 10, 10, 10, 10, 10, 10, 10, 10});
    const std::vector<std::size_t> records{0, 2, 3, 5, 6, 8};  // the device's, by index
    RunOptions run;
    run.devices = {4, 7, 4};
    std::vector<Outcome<int>> outcomes(sequences.size());
    std::mutex mutex;
    std::vector<std::pair<int, std::vector<std::size_t>>> seen;
    capture_on_devices(records, sequences, run, outcomes,
                       [&](const RunOptions& share_run, std::span<const std::size_t> share) {
                           const std::lock_guard lock(mutex);
                           seen.emplace_back(share_run.device,
                                             std::vector<std::size_t>(share.begin(), share.end()));
                           for (std::size_t r : share) outcomes[r].result = share_run.device;
                       });
    std::sort(seen.begin(), seen.end(),
              [](const auto& a, const auto& b) { return a.second.front() < b.second.front(); });
    ASSERT_EQ(seen.size(), 3u);
    EXPECT_EQ(seen[0], (std::pair<int, std::vector<std::size_t>>{4, {0, 2}}));
    EXPECT_EQ(seen[1], (std::pair<int, std::vector<std::size_t>>{7, {3, 5}}));
    EXPECT_EQ(seen[2], (std::pair<int, std::vector<std::size_t>>{4, {6, 8}}));
}

TEST(DeviceRecords, BalancedByTheCubeOfTheLength) {
    // One record of 100 nt is worth a thousand of 10: it takes a device alone.
    std::vector<std::size_t> lengths{100};
    for (int k = 0; k < 1000; ++k) lengths.push_back(10);
    const auto sequences = sequences_of(lengths);
    std::vector<std::size_t> records(lengths.size());
    for (std::size_t r = 0; r < records.size(); ++r) records[r] = r;
    RunOptions run;
    run.devices = {0, 1};
    std::vector<Outcome<int>> outcomes(sequences.size());
    capture_on_devices(records, sequences, run, outcomes,
                       [&](const RunOptions& share_run, std::span<const std::size_t> share) {
                           for (std::size_t r : share) outcomes[r].result = share_run.device;
                       });
    EXPECT_EQ(outcomes[0].result, 0);
    for (std::size_t r = 1; r < outcomes.size(); ++r) ASSERT_EQ(outcomes[r].result, 1) << r;
}

TEST(DeviceRecords, AFailedShareFailsItsRecordsOnly) {
    const auto sequences = sequences_of({5, 5, 5, 5, 5, 5});
    const std::vector<std::size_t> records{0, 1, 2, 3, 4, 5};
    RunOptions run;
    run.devices = {0, 1, 2};
    std::vector<Outcome<int>> outcomes(sequences.size());
    capture_on_devices(records, sequences, run, outcomes,
                       [&](const RunOptions& share_run, std::span<const std::size_t> share) {
                           if (share_run.device == 1)
                               throw ResourceError("CUDA device 1 is out of memory");
                           for (std::size_t r : share) outcomes[r].result = 1;
                       });
    for (std::size_t r : {0, 1, 4, 5}) {
        EXPECT_TRUE(outcomes[r].ok()) << r;
        EXPECT_EQ(outcomes[r].result, 1) << r;
    }
    for (std::size_t r : {2, 3}) {
        EXPECT_EQ(outcomes[r].code, ExitCode::Resource) << r;
        EXPECT_EQ(outcomes[r].error, "CUDA device 1 is out of memory") << r;
    }
}

TEST(DeviceRecords, OneDeviceIsOneCallWithTheRunItself) {
    const auto sequences = sequences_of({3, 4});
    const std::vector<std::size_t> records{1};
    RunOptions run;
    run.device = 5;
    std::vector<Outcome<int>> outcomes(sequences.size());
    int calls = 0;
    capture_on_devices(records, sequences, run, outcomes,
                       [&](const RunOptions& share_run, std::span<const std::size_t> share) {
                           ++calls;
                           EXPECT_EQ(&share_run, &run);
                           EXPECT_EQ(share.size(), 1u);
                       });
    EXPECT_EQ(calls, 1);
}

}  // namespace
}  // namespace tropic::rna::detail
