#pragma once
// The kernels of align_pairs_cuda (pair_kernels.cu) as the host launches them: a group's pairs on
// the device, the arguments of the fill and of the walk, and the launches.
#include <cuda_runtime.h>

#include <cstdint>

#include "align/pairwise/cell.hpp"
#include "core/cuda/device_buffer.cuh"
#include "tropic/align/pairwise.hpp"

namespace tropic::align::detail::cuda {

// A group of pairs on the device.
struct PairSet {
    const std::uint8_t* residues = nullptr;   // queries and targets back to back
    const std::uint64_t* query_at = nullptr;  // per pair
    const std::uint64_t* target_at = nullptr;
    const std::int32_t* m = nullptr;
    const std::int32_t* n = nullptr;
    const std::uint64_t* dirs_at = nullptr;  // where each pair's direction bytes start
};

struct PairBatchArgs {
    PairSet set;
    const std::int32_t* pairs = nullptr;  // the group's pairs this launch takes
    std::int32_t pair_count = 0;
    std::uint8_t* dirs = nullptr;
    const std::int32_t* matrix = nullptr;
    std::int32_t alphabet = 0;
    GapPenalties gaps{};
    std::int32_t* scratch = nullptr;  // per warp: 2 (longest + 1)
    std::int32_t longest = 0;
    EndCell* ends = nullptr;
};

struct WalkArgs {
    PairSet set;
    const std::int32_t* rows_per_lane = nullptr;
    const std::uint8_t* dirs = nullptr;
    const EndCell* ends = nullptr;
    const std::uint64_t* ops_at = nullptr;
    std::uint32_t* ops = nullptr;  // runs: length << 4 | CigarOp, from the end backwards
    std::int64_t* walk = nullptr;  // per pair: begin i, begin j, operations
    std::int32_t pair_count = 0;
    AlignMode mode = AlignMode::Local;
    bool dna = true;
};

// Rows per lane for a pair of m query rows (4, 8, 12 or 16), and the bytes of its directions in
// the lane-major layout.
int rows_per_lane_for(std::int64_t m);
std::uint64_t direction_bytes(std::int64_t m, std::int64_t n);

// The fill of args.pairs, which all take rows_per_lane rows per lane, on `stream`, with direction
// bytes or (score only) without; `scratch` grows to the warps' scratch rows.
void launch_pair_fill(const PairBatchArgs& args, int rows_per_lane, AlignMode mode, bool directions,
                      cudaStream_t stream, int device,
                      tropic::detail::cuda::DeviceBuffer<std::int32_t>& scratch);
// The walk of every pair of args, a thread each.
void launch_walk(const WalkArgs& args, cudaStream_t stream);
// Each pair's runs (walk[3 p + 2] of them at runs_at[p]) moved to compact_at[p] in `compact`.
void launch_gather_runs(const std::uint32_t* runs, const std::uint64_t* runs_at,
                        const std::int64_t* walk, const std::uint64_t* compact_at,
                        std::uint32_t* compact, int pair_count, cudaStream_t stream);

}  // namespace tropic::align::detail::cuda
