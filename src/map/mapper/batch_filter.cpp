#include "map/mapper/batch_filter.hpp"

#include <fmt/format.h>

#include <algorithm>
#include <numeric>

#include "core/internal/backend_choice.hpp"
#include "core/internal/device_shares.hpp"
#include "tropic/core/thread_pool.hpp"

namespace tropic::map::detail {

namespace {

// Below this many candidates a batch stays on the CPU under `auto`: the copies and the launch
// cost more than the device saves (a 150-base pair brings ~20 candidates).
constexpr double kAutoMinCandidates = 20000;

std::vector<std::uint32_t> all_indices(std::size_t count) {
    std::vector<std::uint32_t> indices(count);
    std::iota(indices.begin(), indices.end(), 0u);
    return indices;
}

}  // namespace

BatchFilter::BatchFilter(const ReferenceIndex& index) : index_(index) {}

BatchFilter::~BatchFilter() = default;

bool BatchFilter::device_candidate(const FlatCandidate& c) const {
    if (c.delta_high - c.delta_low + 1 > kDeviceMaxBand) return false;
    const auto runs = index_.ambiguous_runs();
    const std::uint64_t end = std::uint64_t{c.window_begin} + c.window_length;
    // The first run ending after the window's start: the window holds an N iff it starts inside.
    const auto run =
        std::upper_bound(runs.begin(), runs.end(), c.window_begin,
                         [](std::uint32_t p, const AmbiguousRun& r) { return p < r.end; });
    return run == runs.end() || run->begin >= end;
}

bool BatchFilter::use_device(const CandidateBatch& batch, const RunOptions& options) {
    if (options.backend == Backend::Cpu || batch.candidates.empty()) return false;
    const std::uint64_t resident =
        DeviceCandidateFilter::resident_bytes(index_.packed_bases().size());
    WorkEstimate work;
    work.what = fmt::format("filtering {} mapping candidates", batch.candidates.size());
    work.steps = static_cast<double>(batch.candidates.size());
    work.auto_min_steps = kAutoMinCandidates;
    work.device_bytes =
        resident + DeviceCandidateFilter::batch_bytes(
                       batch.read_bases.size(), batch.read_offsets.size(), batch.candidates.size());
    if (devices_.contains(options.device))
        work.device_reusable_bytes = resident + device_batch_bytes_;
    if (choose_backend(options, work) != Backend::Cuda) return false;
    const std::vector<int> devices = tropic::detail::batch_devices(options);
    if (!std::ranges::all_of(devices, [&](int d) { return devices_.contains(d); })) {
        devices_.clear();  // the run's devices changed: their reference copies go first
        device_batch_bytes_ = 0;
        for (int device : devices)
            if (!devices_.contains(device))
                devices_[device] = std::make_unique<DeviceCandidateFilter>(index_.packed_bases(),
                                                                           cpu_.table(), device);
    }
    device_batch_bytes_ =
        std::max<std::uint64_t>(device_batch_bytes_, work.device_bytes - resident);
    return true;
}

void BatchFilter::filter_on_cpu(const CandidateBatch& batch, std::span<const std::uint32_t> chosen,
                                std::vector<FilterOutcome>& outcomes,
                                const RunOptions& options) const {
    constexpr std::size_t kGrain = 64;
    parallel_for(
        options.pool, 0, chosen.size(),
        [&](std::size_t k) {
            thread_local std::vector<std::uint8_t> window;
            const FlatCandidate& c = batch.candidates[chosen[k]];
            index_.extract(c.window_begin, std::int64_t{c.window_begin} + c.window_length, window);
            const BandedWindow candidate{batch.read(c.read), window, c.delta_low, c.delta_high};
            outcomes[chosen[k]] = cpu_.outcome(candidate, c.max_edits);
        },
        kGrain);
}

std::vector<FilterOutcome> BatchFilter::filter(const CandidateBatch& batch,
                                               const RunOptions& options) {
    std::vector<FilterOutcome> outcomes(batch.candidates.size(), FilterOutcome::Passed);
    if (!use_device(batch, options)) {
        filter_on_cpu(batch, all_indices(batch.candidates.size()), outcomes, options);
        return outcomes;
    }
    std::vector<std::uint32_t> on_device, on_cpu;
    for (std::uint32_t k = 0; k < batch.candidates.size(); ++k)
        (device_candidate(batch.candidates[k]) ? on_device : on_cpu).push_back(k);
    filter_on_devices(batch, on_device, outcomes, options);
    filter_on_cpu(batch, on_cpu, outcomes, options);
    return outcomes;
}

// The chosen candidates in contiguous shares over the run's devices, balanced by their windows.
void BatchFilter::filter_on_devices(const CandidateBatch& batch,
                                    std::span<const std::uint32_t> chosen,
                                    std::vector<FilterOutcome>& outcomes,
                                    const RunOptions& options) {
    std::vector<double> costs;
    costs.reserve(chosen.size());
    for (std::uint32_t k : chosen) costs.push_back(batch.candidates[k].window_length + 1.0);
    std::vector<FilterOutcome> device_outcomes(chosen.size());
    tropic::detail::for_each_device_share(
        options, costs, [&](const RunOptions& share_run, std::size_t begin, std::size_t end) {
            devices_.at(share_run.device)
                ->filter(batch, chosen.subspan(begin, end - begin),
                         std::span(device_outcomes).subspan(begin, end - begin));
        });
    for (std::size_t k = 0; k < chosen.size(); ++k) outcomes[chosen[k]] = device_outcomes[k];
}

}  // namespace tropic::map::detail
