// The device filter's host side: the reference and table uploaded once, then per batch the reads,
// and the candidates in chunks on two streams: each chunk's copy from pinned memory, the tiled
// stage over all of it, CUB's compaction of its survivors, the exact stage over those alone (the
// count stays on the device: no round trip between stages) and the copy of its outcomes back,
// while the host gathers the next chunk and the other stream copies or computes.
#include <thrust/iterator/counting_iterator.h>

#include <cub/device/device_select.cuh>
#include <vector>

#include "core/cuda/cuda_check.cuh"
#include "core/cuda/device_buffer.cuh"
#include "core/cuda/pinned_buffer.cuh"
#include "core/internal/profile.hpp"
#include "map/filter/cuda/filter_kernels.cuh"
#include "map/filter/device_filter.hpp"

namespace tropic::map::detail {

namespace {

using tropic::detail::cuda::DeviceBuffer;
using tropic::detail::cuda::PinnedBuffer;

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

// One of two chunk slots: while one slot's chunk is on the device, the host gathers the next
// chunk into the other's pinned staging buffer, and its copy overlaps the first one's kernels.
struct ChunkSlot {
    cudaStream_t stream = nullptr;
    PinnedBuffer<FlatCandidate> staging;
    PinnedBuffer<std::uint8_t> decided;  // the chunk's outcomes, back on the host
    DeviceBuffer<FlatCandidate> candidates;
    DeviceBuffer<std::uint8_t> passed_tiled, outcomes, scratch;
    DeviceBuffer<std::uint32_t> survivors, survivor_count;
    std::size_t first = 0, count = 0;  // the chunk: chosen[first, first + count)
};

// Candidates a chunk holds: enough to fill the device, few enough for the copy of the next to
// overlap the kernels of this one.
constexpr std::size_t kChunkCandidates = std::size_t{1} << 20;

}  // namespace

struct DeviceCandidateFilter::State {
    int device = 0;
    DeviceBuffer<std::uint64_t> packed;
    DeviceBuffer<std::uint8_t> table;
    DeviceBuffer<std::uint8_t> read_bases;
    DeviceBuffer<std::uint32_t> read_offsets;
    ChunkSlot slots[2];

    ~State() {
        for (ChunkSlot& slot : slots)
            if (slot.stream) cudaStreamDestroy(slot.stream);
    }
};

DeviceCandidateFilter::DeviceCandidateFilter(std::span<const std::uint64_t> packed_bases,
                                             const LmerDistanceTable& table, int device)
    : state_(std::make_unique<State>()) {
    state_->device = device;
    TROPIC_CUDA_CHECK(cudaSetDevice(device));
    state_->packed.assign(packed_bases);
    const std::size_t entries = std::size_t{1} << (4 * table.l());
    state_->table.assign(std::span(table.row(0), entries));
    for (ChunkSlot& slot : state_->slots)
        TROPIC_CUDA_CHECK(cudaStreamCreateWithFlags(&slot.stream, cudaStreamNonBlocking));
}

DeviceCandidateFilter::~DeviceCandidateFilter() = default;

namespace {

// Gathers the slot's chunk into pinned memory and queues its copy, both stages with the
// compaction between them, and the copy of its outcomes back, on the slot's stream.
void launch_chunk(ChunkSlot& slot, const CandidateBatch& batch,
                  std::span<const std::uint32_t> chosen, const BatchView& shared,
                  const std::uint8_t* table) {
    const auto count = static_cast<std::uint32_t>(slot.count);
    slot.staging.resize(count);
    slot.decided.resize(count);
    for (std::size_t k = 0; k < count; ++k)
        slot.staging.data()[k] = batch.candidates[chosen[slot.first + k]];
    slot.candidates.resize(count);
    slot.passed_tiled.resize(count);
    slot.survivors.resize(count);
    slot.survivor_count.resize(1);
    slot.outcomes.resize(count);
    TROPIC_CUDA_CHECK(cudaMemcpyAsync(slot.candidates.data(), slot.staging.data(),
                                      count * sizeof(FlatCandidate), cudaMemcpyHostToDevice,
                                      slot.stream));
    BatchView view = shared;
    view.candidates = slot.candidates.data();
    tiled_stage<<<blocks_for(count), kThreadsPerBlock, 0, slot.stream>>>(
        view, count, table, slot.passed_tiled.data(), slot.outcomes.data());
    TROPIC_CUDA_CHECK_LAUNCH("tiled_stage");
    const thrust::counting_iterator<std::uint32_t> indices(0);
    std::size_t scratch_bytes = 0;
    TROPIC_CUDA_CHECK(cub::DeviceSelect::Flagged(nullptr, scratch_bytes, indices,
                                                 slot.passed_tiled.data(), slot.survivors.data(),
                                                 slot.survivor_count.data(), count, slot.stream));
    slot.scratch.resize(std::max<std::size_t>(scratch_bytes, 1));
    TROPIC_CUDA_CHECK(cub::DeviceSelect::Flagged(slot.scratch.data(), scratch_bytes, indices,
                                                 slot.passed_tiled.data(), slot.survivors.data(),
                                                 slot.survivor_count.data(), count, slot.stream));
    exact_stage<<<blocks_for(count), kThreadsPerBlock, 0, slot.stream>>>(
        view, slot.survivors.data(), slot.survivor_count.data(), slot.outcomes.data());
    TROPIC_CUDA_CHECK_LAUNCH("exact_stage");
    TROPIC_CUDA_CHECK(cudaMemcpyAsync(slot.decided.data(), slot.outcomes.data(), count,
                                      cudaMemcpyDeviceToHost, slot.stream));
}

// Waits for the slot's chunk and moves its outcomes into place.
void collect_chunk(ChunkSlot& slot, std::span<FilterOutcome> outcomes) {
    if (slot.count == 0) return;
    TROPIC_CUDA_CHECK(cudaStreamSynchronize(slot.stream));
    for (std::size_t k = 0; k < slot.count; ++k)
        outcomes[slot.first + k] = static_cast<FilterOutcome>(slot.decided.data()[k]);
    slot.count = 0;
}

}  // namespace

void DeviceCandidateFilter::filter(const CandidateBatch& batch,
                                   std::span<const std::uint32_t> chosen,
                                   std::span<FilterOutcome> outcomes) {
    if (chosen.empty()) return;
    State& s = *state_;
    TROPIC_CUDA_CHECK(cudaSetDevice(s.device));
    profile::PhaseTimer timer;
    double seconds = 0;
    s.read_bases.assign(std::span<const std::uint8_t>(batch.read_bases));
    s.read_offsets.assign(std::span<const std::uint32_t>(batch.read_offsets));
    // A copy from pageable memory may return before it lands, and the chunks' streams do not wait
    // for the default stream.
    TROPIC_CUDA_CHECK(cudaDeviceSynchronize());
    const BatchView shared{nullptr, s.read_bases.data(), s.read_offsets.data(), s.packed.data()};
    std::size_t chunks = 0;
    for (std::size_t first = 0; first < chosen.size(); first += kChunkCandidates, ++chunks) {
        ChunkSlot& slot = s.slots[chunks % 2];
        collect_chunk(slot, outcomes);
        slot.first = first;
        slot.count = std::min(kChunkCandidates, chosen.size() - first);
        launch_chunk(slot, batch, chosen, shared, s.table.data());
    }
    for (ChunkSlot& slot : s.slots) collect_chunk(slot, outcomes);
    timer.lap(seconds);
    if (timer.enabled())
        profile::print("map device filter, %zu candidates in %zu chunks: %.3f s", chosen.size(),
                       chunks, seconds);
}

}  // namespace tropic::map::detail
