// The device filter's host side: the reference and table uploaded once, then per batch the
// reads and candidates, the tiled stage over all of them, CUB's compaction of its survivors, and
// the exact stage over those alone (the count stays on the device: no round trip between stages).
#include <thrust/iterator/counting_iterator.h>

#include <cub/device/device_select.cuh>
#include <vector>

#include "core/cuda/cuda_check.cuh"
#include "core/cuda/device_buffer.cuh"
#include "core/internal/profile.hpp"
#include "map/filter/cuda/filter_kernels.cuh"
#include "map/filter/device_filter.hpp"

namespace tropic::map::detail {

namespace {

using tropic::detail::cuda::DeviceBuffer;

constexpr int kThreadsPerBlock = 128;

struct BatchView {
    const FlatCandidate* candidates;
    const std::uint8_t* read_bases;
    const std::uint32_t* read_offsets;
    const std::uint64_t* packed;
};

__device__ inline const std::uint8_t* read_of(const BatchView& v, const FlatCandidate& c,
                                              int& length) {
    const std::uint32_t begin = v.read_offsets[c.read];
    length = static_cast<int>(v.read_offsets[c.read + 1] - begin);
    return v.read_bases + begin;
}

__global__ void tiled_stage(BatchView v, std::uint32_t count, const std::uint8_t* table,
                            std::uint8_t* passed_tiled, std::uint8_t* outcomes) {
    const std::uint32_t k = blockIdx.x * blockDim.x + threadIdx.x;
    if (k >= count) return;
    const FlatCandidate c = v.candidates[k];
    int n = 0;
    const std::uint8_t* read = read_of(v, c, n);
    const bool passed = cuda::tiled_prefix_bound(c, read, n, v.packed, table) <= c.max_edits;
    passed_tiled[k] = passed;
    outcomes[k] =
        static_cast<std::uint8_t>(passed ? FilterOutcome::Passed : FilterOutcome::RejectedTiled);
}

__global__ void exact_stage(BatchView v, const std::uint32_t* survivors,
                            const std::uint32_t* survivor_count, std::uint8_t* outcomes) {
    const std::uint32_t t = blockIdx.x * blockDim.x + threadIdx.x;
    if (t >= *survivor_count) return;
    const std::uint32_t k = survivors[t];
    const FlatCandidate c = v.candidates[k];
    int n = 0;
    const std::uint8_t* read = read_of(v, c, n);
    if (cuda::banded_distance(c, read, n, v.packed) > c.max_edits)
        outcomes[k] = static_cast<std::uint8_t>(FilterOutcome::RejectedExact);
}

unsigned blocks_for(std::size_t count) {
    return static_cast<unsigned>((count + kThreadsPerBlock - 1) / kThreadsPerBlock);
}

}  // namespace

struct DeviceCandidateFilter::State {
    int device = 0;
    DeviceBuffer<std::uint64_t> packed;
    DeviceBuffer<std::uint8_t> table;
    DeviceBuffer<std::uint8_t> read_bases;
    DeviceBuffer<std::uint32_t> read_offsets;
    DeviceBuffer<FlatCandidate> candidates;
    DeviceBuffer<std::uint8_t> passed_tiled;
    DeviceBuffer<std::uint32_t> survivors;
    DeviceBuffer<std::uint32_t> survivor_count;
    DeviceBuffer<std::uint8_t> outcomes;
    DeviceBuffer<std::uint8_t> scratch;
    std::vector<FlatCandidate> chosen;  // the batch's device candidates, gathered
};

DeviceCandidateFilter::DeviceCandidateFilter(std::span<const std::uint64_t> packed_bases,
                                             const LmerDistanceTable& table, int device)
    : state_(std::make_unique<State>()) {
    state_->device = device;
    TROPIC_CUDA_CHECK(cudaSetDevice(device));
    state_->packed.assign(packed_bases);
    const std::size_t entries = std::size_t{1} << (4 * table.l());
    state_->table.assign(std::span(table.row(0), entries));
}

DeviceCandidateFilter::~DeviceCandidateFilter() = default;

void DeviceCandidateFilter::filter(const CandidateBatch& batch,
                                   std::span<const std::uint32_t> chosen,
                                   std::span<FilterOutcome> outcomes) {
    if (chosen.empty()) return;
    State& s = *state_;
    TROPIC_CUDA_CHECK(cudaSetDevice(s.device));
    profile::PhaseTimer timer;
    double upload = 0, kernels = 0, download = 0;
    s.chosen.resize(chosen.size());
    for (std::size_t k = 0; k < chosen.size(); ++k) s.chosen[k] = batch.candidates[chosen[k]];
    s.read_bases.assign(std::span<const std::uint8_t>(batch.read_bases));
    s.read_offsets.assign(std::span<const std::uint32_t>(batch.read_offsets));
    s.candidates.assign(std::span<const FlatCandidate>(s.chosen));
    const auto count = static_cast<std::uint32_t>(chosen.size());
    s.passed_tiled.resize(count);
    s.survivors.resize(count);
    s.survivor_count.resize(1);
    s.outcomes.resize(count);
    timer.lap(upload);
    const BatchView view{s.candidates.data(), s.read_bases.data(), s.read_offsets.data(),
                         s.packed.data()};

    tiled_stage<<<blocks_for(count), kThreadsPerBlock>>>(view, count, s.table.data(),
                                                         s.passed_tiled.data(), s.outcomes.data());
    TROPIC_CUDA_CHECK_LAUNCH("tiled_stage");
    const thrust::counting_iterator<std::uint32_t> indices(0);
    std::size_t scratch_bytes = 0;
    TROPIC_CUDA_CHECK(cub::DeviceSelect::Flagged(nullptr, scratch_bytes, indices,
                                                 s.passed_tiled.data(), s.survivors.data(),
                                                 s.survivor_count.data(), count));
    s.scratch.resize(std::max<std::size_t>(scratch_bytes, 1));
    TROPIC_CUDA_CHECK(cub::DeviceSelect::Flagged(s.scratch.data(), scratch_bytes, indices,
                                                 s.passed_tiled.data(), s.survivors.data(),
                                                 s.survivor_count.data(), count));
    exact_stage<<<blocks_for(count), kThreadsPerBlock>>>(
        view, s.survivors.data(), s.survivor_count.data(), s.outcomes.data());
    TROPIC_CUDA_CHECK_LAUNCH("exact_stage");
    timer.lap(kernels, [] { TROPIC_CUDA_CHECK(cudaDeviceSynchronize()); });
    static_assert(sizeof(FilterOutcome) == 1);
    TROPIC_CUDA_CHECK(
        cudaMemcpy(outcomes.data(), s.outcomes.data(), count, cudaMemcpyDeviceToHost));
    timer.lap(download);
    if (timer.enabled())
        profile::print(
            "map device filter, %u candidates: upload %.3f s, kernels %.3f s, "
            "download %.3f s",
            count, upload, kernels, download);
}

}  // namespace tropic::map::detail
