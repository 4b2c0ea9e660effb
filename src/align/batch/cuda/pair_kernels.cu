// The kernels of align_pairs_cuda (pair_launch.hpp; the host's stages: pair_batch.cu). Why this
// shape:
// - A warp takes a pair (the scan kernels' strip layout: 32 lanes of R query rows, the target
//   streaming past, several passes for a longer query, the pass's bottom row in the warp's scratch
//   row), with 32-bit lanes so that every value is the CPU's.
// - Every cell leaves its direction byte (trace_rule.hpp, the CPU's rule) in a lane-major layout:
//   at each step a lane stores its R bytes side by side, so a warp's stores are one contiguous
//   run of 32 R bytes (row-major bytes would scatter every store over R rows).
// - Each lane keeps its best end cell with a strict comparison (its cells come in the tie rule's
//   order: columns ascending, then rows), the warp then merges the lanes' by the full tie rule.
// - One thread per pair then walks its directions from the end cell with the CPU's walk
//   (trace_step) and writes the operations; the host only merges them into runs.
#include <algorithm>

#include "align/batch/cuda/pair_launch.hpp"
#include "align/pairwise/cell.hpp"
#include "align/pairwise/tile.hpp"
#include "align/pairwise/trace_rule.hpp"
#include "align/search/cuda/strip_lane.cuh"
#include "core/cuda/cuda_check.cuh"
#include "core/cuda/device_buffer.cuh"
#include "tropic/core/error.hpp"

namespace tropic::align::detail::cuda {

namespace {

using tropic::detail::cuda::DeviceBuffer;

constexpr int kPairWarps = 4;
// The substitution score of padding rows: H + it stays far from wrapping (H >= -2^30).
constexpr std::int32_t kPairPadScore = -(1 << 29);
constexpr unsigned kFull = kFullWarp;

// The byte of cell (i, j) (DP indices, i, j >= 1) in a pair's lane-major directions.
TROPIC_HOST_DEVICE inline std::uint64_t direction_index(std::int64_t i, std::int64_t j,
                                                        std::int64_t n, int rows_per_lane) {
    const std::int64_t row = i - 1, strip = 32 * rows_per_lane;
    const std::int64_t pass = row / strip, lane = (row % strip) / rows_per_lane,
                       r = row % rows_per_lane;
    const std::int64_t step = (j - 1) + lane;
    return static_cast<std::uint64_t>(((pass * (n + 31) + step) * 32 + lane) * rows_per_lane + r);
}

__device__ __forceinline__ void merge_end(EndCell& best, const EndCell& other) {
    if (other.score != INT64_MIN) offer_end(best, other.score, other.i, other.j);
}

// Stores a lane's R direction bytes of one step (R / 4 words) as one vector where R allows.
template <int R>
__device__ __forceinline__ void store_directions(std::uint8_t* at,
                                                 const std::uint32_t (&w)[R / 4]) {
    if constexpr (R == 4) {
        *reinterpret_cast<std::uint32_t*>(at) = w[0];
    } else if constexpr (R == 8) {
        *reinterpret_cast<uint2*>(at) = make_uint2(w[0], w[1]);
    } else if constexpr (R == 16) {
        *reinterpret_cast<uint4*>(at) = make_uint4(w[0], w[1], w[2], w[3]);
    } else {
#pragma unroll
        for (int k = 0; k < R / 4; ++k) reinterpret_cast<std::uint32_t*>(at)[k] = w[k];
    }
}

// What a lane carries between steps (as the scan kernels' PackedLane) and the pair it works on.
struct PairLane {
    std::int32_t top_diag, out_h, out_i;
    EndCell best;  // of this pass, strict improvements only: the lane's cells come in order
};

template <int R, AlignMode Mode, bool Directions>
struct PairStep {
    const std::int32_t* shared_matrix;
    const std::uint8_t* target;
    std::uint8_t* dirs;
    std::int32_t* scratch;
    GapPenalties gaps;
    int n, lane, pass, base, row_m;
    bool first, last;

    __device__ __forceinline__ void run(int k, const std::int32_t (&codes)[R],
                                        const std::int32_t (&prev)[R], std::int32_t (&cur)[R],
                                        std::int32_t (&dl)[R], PairLane& state) const {
        constexpr std::int32_t floor = Mode == AlignMode::Local ? 0 : kMinusInfinity;
        const int j = k - lane;  // column j + 1
        std::int32_t in_h, in_i;
        row_above<std::int32_t>(lane, j, n, first, scratch, state.out_h, state.out_i,
                                boundary_row_h(Mode, gaps, j + 1), kMinusInfinity, in_h, in_i);
        if (j >= 0 && j < n) {
            const std::int32_t* column = shared_matrix + target[j];
            std::int32_t up_h = in_h, up_i = in_i, step_max = kMinusInfinity;
            std::uint32_t words[R / 4] = {};
#pragma unroll
            for (int r = 0; r < R; ++r) {
                const std::int32_t diag = r == 0 ? state.top_diag : prev[r - 1];
                const std::int32_t s = column[codes[r]];
                const CellValues cell =
                    update_cell_dpx(diag, up_h, up_i, prev[r], dl[r], s, gaps, floor);
                if constexpr (Directions)
                    words[r / 4] |=
                        static_cast<std::uint32_t>(direction_of(
                            cell, diag + s, dl[r], up_i, gaps.extend, Mode == AlignMode::Local))
                        << (8 * (r & 3));
                cur[r] = cell.h;
                dl[r] = cell.d;
                up_h = cell.h;
                up_i = cell.i;
                if constexpr (Mode == AlignMode::Local) step_max = max2(step_max, cell.h);
            }
            if constexpr (Directions)
                store_directions<R>(
                    dirs + ((static_cast<std::int64_t>(pass) * (n + 31) + k) * 32 + lane) * R,
                    words);
            // End cells (pairwise.hpp). Local: the step's best, placed at its first row (the tie
            // rule's smallest i); padding rows below m never reach a real cell's score.
            if constexpr (Mode == AlignMode::Local) {
                if (state.best.score == INT64_MIN || step_max > state.best.score) {
                    int row = 0;
#pragma unroll
                    for (int r = R - 1; r >= 0; --r)
                        if (cur[r] == step_max) row = r;
                    state.best = {step_max, base + row + 1, j + 1};
                }
            } else {
                // Candidates in the tie rule's order within a step (rows ascending): overlap's
                // column n takes row m with the rows above it, below.
                const bool column_n = Mode == AlignMode::Overlap && j == n - 1;
                if (row_m >= 0 && row_m < R && !column_n) {  // row m (global: at column n)
                    std::int32_t h_m = 0;
#pragma unroll
                    for (int r = 0; r < R; ++r)
                        if (r == row_m) h_m = cur[r];
                    const bool counts = Mode != AlignMode::Global || j == n - 1;
                    if (counts && (state.best.score == INT64_MIN || h_m > state.best.score))
                        state.best = {h_m, base + row_m + 1, j + 1};
                }
                if (column_n) {  // column n, rows up to m
#pragma unroll
                    for (int r = 0; r < R; ++r)
                        if (r <= row_m &&
                            (state.best.score == INT64_MIN || cur[r] > state.best.score))
                            state.best = {cur[r], base + r + 1, j + 1};
                }
            }
            state.out_h = up_h;
            state.out_i = up_i;
            keep_bottom_row(lane, j, last, scratch, up_h, up_i);
        }
        // An idle lane writes nothing: before its first column both arrays hold the boundary,
        // after its last nothing reads them.
        if (j >= 0) state.top_diag = in_h;
    }
};

template <int R, AlignMode Mode, bool Directions>
__global__ void __launch_bounds__(kPairWarps * 32) pair_fill_kernel(PairBatchArgs a) {
    extern __shared__ std::int32_t shared_matrix[];
    const int lane = static_cast<int>(threadIdx.x & 31), warp = static_cast<int>(threadIdx.x >> 5);
    // The matrix, then one more row for the padding rows below row m: a score so low that they
    // never reach a real cell's (local alignment takes the best of every row of a step).
    for (int x = static_cast<int>(threadIdx.x); x < a.alphabet * (a.alphabet + 1);
         x += static_cast<int>(blockDim.x))
        shared_matrix[x] = x < a.alphabet * a.alphabet ? a.matrix[x] : kPairPadScore;
    __syncthreads();
    const GapPenalties gaps = a.gaps;
    std::int32_t* scratch =
        a.scratch +
        (static_cast<std::int64_t>(blockIdx.x) * kPairWarps + warp) * 2 * (a.longest + 1);
    const int warps = static_cast<int>(gridDim.x) * kPairWarps;

    for (int slot = static_cast<int>(blockIdx.x) * kPairWarps + warp; slot < a.pair_count;
         slot += warps) {
        const int p = a.pairs[slot];
        const std::uint8_t* query = a.set.residues + a.set.query_at[p];
        const int m = a.set.m[p], n = a.set.n[p];
        const int passes = (m + 32 * R - 1) / (32 * R);
        EndCell best;  // the warp's, from the lanes' of every pass
        if (Mode == AlignMode::Local) best = {0, 0, 0};
        if (Mode == AlignMode::Glocal) best = {boundary_column_h(Mode, gaps, m), m, 0};
        if (Mode == AlignMode::Overlap) best = {0, m, 0};

        for (int pass = 0; pass < passes; ++pass) {
            PairStep<R, Mode, Directions> step;
            step.shared_matrix = shared_matrix;
            step.target = a.set.residues + a.set.target_at[p];
            step.dirs = Directions ? a.dirs + a.set.dirs_at[p] : nullptr;
            step.scratch = scratch;
            step.gaps = gaps;
            step.n = n;
            step.lane = lane;
            step.pass = pass;
            step.base = pass * 32 * R + lane * R;  // rows base + 1 .. base + R
            step.row_m = m - 1 - step.base;
            step.first = pass == 0;
            step.last = pass == passes - 1;
            std::int32_t codes[R], h_even[R], h_odd[R], dl[R];
#pragma unroll
            for (int r = 0; r < R; ++r) {
                codes[r] = (step.base + r < m ? query[step.base + r] : a.alphabet) * a.alphabet;
                h_even[r] = h_odd[r] = boundary_column_h(Mode, gaps, step.base + r + 1);
                dl[r] = kMinusInfinity;
            }
            PairLane state{boundary_column_h(Mode, gaps, step.base), 0, kMinusInfinity, {}};
            for (int k = 0; k < n + 31; k += 2) {
                step.run(k, codes, h_even, h_odd, dl, state);
                step.run(k + 1, codes, h_odd, h_even, dl, state);
            }
            merge_end(best, state.best);
            __syncwarp();
        }
#pragma unroll
        for (int shift = 16; shift > 0; shift >>= 1) {
            EndCell other;
            other.score = __shfl_xor_sync(kFull, best.score, shift);
            other.i = __shfl_xor_sync(kFull, best.i, shift);
            other.j = __shfl_xor_sync(kFull, best.j, shift);
            merge_end(best, other);
        }
        if (lane == 0) a.ends[p] = best;
    }
}

__global__ void walk_kernel(WalkArgs a) {
    const int p = static_cast<int>(blockIdx.x * blockDim.x + threadIdx.x);
    if (p >= a.pair_count) return;
    const std::uint8_t* query = a.set.residues + a.set.query_at[p];
    const std::uint8_t* target = a.set.residues + a.set.target_at[p];
    const std::uint8_t* dirs = a.dirs + a.set.dirs_at[p];
    const std::int64_t n = a.set.n[p];
    const int rows = a.rows_per_lane[p];
    std::uint32_t* runs = a.ops + a.ops_at[p];
    const EndCell end = a.ends[p];
    std::int64_t i = end.i, j = end.j, count = 0;
    std::uint32_t run_op = 0, run_length = 0;
    const auto emit = [&](CigarOp op, std::uint32_t length) {
        const auto code = static_cast<std::uint32_t>(op);
        if (run_length > 0 && code == run_op) {
            run_length += length;
            return;
        }
        if (run_length > 0) runs[count++] = run_length << 4 | run_op;
        run_op = code;
        run_length = length;
    };
    TraceState state = TraceState::H;
    const auto dir_at = [&](std::int64_t ii, std::int64_t jj) {
        return dirs[direction_index(ii, jj, n, rows)];
    };
    const bool local_empty = a.mode == AlignMode::Local && end.score == 0;
    if (!local_empty && !walk_directions(dir_at, query, target, a.dna, 1, 1, i, j, state, emit))
        walk_boundary(a.mode, i, j, emit);
    if (run_length > 0) runs[count++] = run_length << 4 | run_op;
    a.walk[3 * p] = i;
    a.walk[3 * p + 1] = j;
    a.walk[3 * p + 2] = count;
}

// The runs of each pair moved side by side (compact_at: where each pair's go), so that only
// they cross to the host, not the m + n slots each pair was given.
__global__ void gather_runs_kernel(const std::uint32_t* runs, const std::uint64_t* runs_at,
                                   const std::int64_t* walk, const std::uint64_t* compact_at,
                                   std::uint32_t* compact, int pair_count) {
    const int p = static_cast<int>(blockIdx.x * blockDim.x + threadIdx.x);
    if (p >= pair_count) return;
    const std::int64_t count = walk[3 * p + 2];
    for (std::int64_t k = 0; k < count; ++k) compact[compact_at[p] + k] = runs[runs_at[p] + k];
}

// Multi-pass pairs need a scratch row per warp: the grid is cut so that those stay within
// kScratchBytes.
constexpr std::uint64_t kScratchBytes = std::uint64_t{512} << 20;

template <int R, AlignMode Mode>
void launch_fill(const PairBatchArgs& args, bool directions, cudaStream_t stream, int device,
                 DeviceBuffer<std::int32_t>& scratch) {
    auto kernel = directions ? pair_fill_kernel<R, Mode, true> : pair_fill_kernel<R, Mode, false>;
    const std::size_t shared = static_cast<std::size_t>(args.alphabet) * (args.alphabet + 1) * 4;
    int per_sm = 0, sms = 0;
    TROPIC_CUDA_CHECK(
        cudaOccupancyMaxActiveBlocksPerMultiprocessor(&per_sm, kernel, kPairWarps * 32, shared));
    TROPIC_CUDA_CHECK(cudaDeviceGetAttribute(&sms, cudaDevAttrMultiProcessorCount, device));
    if (per_sm == 0) throw ResourceError("the alignment kernel does not fit this device");
    const std::uint64_t block_scratch = std::uint64_t{8} * kPairWarps * (args.longest + 1);
    const int blocks = std::max(
        1, std::min({per_sm * sms, (args.pair_count + kPairWarps - 1) / kPairWarps,
                     static_cast<int>(std::max<std::uint64_t>(1, kScratchBytes / block_scratch))}));
    scratch.resize(static_cast<std::size_t>(blocks) * kPairWarps * 2 * (args.longest + 1));
    PairBatchArgs launched = args;
    launched.scratch = scratch.data();
    kernel<<<blocks, kPairWarps * 32, shared, stream>>>(launched);
    TROPIC_CUDA_CHECK_LAUNCH("align pair_fill_kernel");
}

template <int R>
void launch_fill_mode(const PairBatchArgs& args, AlignMode mode, bool directions,
                      cudaStream_t stream, int device, DeviceBuffer<std::int32_t>& scratch) {
    switch (mode) {
        case AlignMode::Local:
            return launch_fill<R, AlignMode::Local>(args, directions, stream, device, scratch);
        case AlignMode::Global:
            return launch_fill<R, AlignMode::Global>(args, directions, stream, device, scratch);
        case AlignMode::Glocal:
            return launch_fill<R, AlignMode::Glocal>(args, directions, stream, device, scratch);
        case AlignMode::Overlap:
            return launch_fill<R, AlignMode::Overlap>(args, directions, stream, device, scratch);
    }
}

}  // namespace

int rows_per_lane_for(std::int64_t m) {
    return m <= 128 ? 4 : m <= 256 ? 8 : m <= 384 ? 12 : 16;
}

std::uint64_t direction_bytes(std::int64_t m, std::int64_t n) {
    const std::int64_t strip = 32 * rows_per_lane_for(m);
    return static_cast<std::uint64_t>((m + strip - 1) / strip * strip * (n + 31));
}

void launch_pair_fill(const PairBatchArgs& args, int rows_per_lane, AlignMode mode, bool directions,
                      cudaStream_t stream, int device, DeviceBuffer<std::int32_t>& scratch) {
    switch (rows_per_lane) {
        case 4:
            return launch_fill_mode<4>(args, mode, directions, stream, device, scratch);
        case 8:
            return launch_fill_mode<8>(args, mode, directions, stream, device, scratch);
        case 12:
            return launch_fill_mode<12>(args, mode, directions, stream, device, scratch);
        case 16:
            return launch_fill_mode<16>(args, mode, directions, stream, device, scratch);
        default:
            throw InternalError("align: pair lanes take 4 to 16 rows, in fours");
    }
}

void launch_walk(const WalkArgs& args, cudaStream_t stream) {
    walk_kernel<<<static_cast<unsigned>((args.pair_count + 127) / 128), 128, 0, stream>>>(args);
    TROPIC_CUDA_CHECK_LAUNCH("align walk_kernel");
}

void launch_gather_runs(const std::uint32_t* runs, const std::uint64_t* runs_at,
                        const std::int64_t* walk, const std::uint64_t* compact_at,
                        std::uint32_t* compact, int pair_count, cudaStream_t stream) {
    gather_runs_kernel<<<static_cast<unsigned>((pair_count + 127) / 128), 128, 0, stream>>>(
        runs, runs_at, walk, compact_at, compact, pair_count);
    TROPIC_CUDA_CHECK_LAUNCH("align gather_runs_kernel");
}

}  // namespace tropic::align::detail::cuda
