// align_pairs_cuda: many short pairs aligned in full on the device (batch_cuda.hpp). Why this
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
#include <string>
#include <vector>

#include "align/batch/batch_cuda.hpp"
#include "align/pairwise/cell.hpp"
#include "align/pairwise/pair_checks.hpp"
#include "align/pairwise/tile.hpp"
#include "align/pairwise/trace_rule.hpp"
#include "align/pairwise/traceback.hpp"
#include "align/search/cuda/strip_lane.cuh"
#include "core/cuda/cuda_check.cuh"
#include "core/cuda/device_buffer.cuh"
#include "core/cuda/device_memory.cuh"
#include "core/internal/memory_fit.hpp"
#include "core/internal/messages.hpp"
#include "core/internal/profile.hpp"
#include "tropic/core/error.hpp"
#include "tropic/core/thread_pool.hpp"

namespace tropic::align::detail::cuda {

namespace {

using tropic::detail::cuda::DeviceBuffer;

constexpr int kPairWarps = 4;
// The substitution score of padding rows: H + it stays far from wrapping (H >= -2^30).
constexpr std::int32_t kPairPadScore = -(1 << 29);
constexpr unsigned kFull = kFullWarp;

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

int rows_per_lane_for(std::int64_t m) {
    return m <= 128 ? 4 : m <= 256 ? 8 : m <= 384 ? 12 : 16;
}

std::uint64_t direction_bytes(std::int64_t m, std::int64_t n) {
    const std::int64_t strip = 32 * rows_per_lane_for(m);
    return static_cast<std::uint64_t>((m + strip - 1) / strip * strip * (n + 31));
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

std::vector<PairAlignment> align_pairs_cuda(std::span<const AlignPairInput> pairs,
                                            const AlignParams& params, int device,
                                            ThreadPool* pool) {
    // The host's share runs on the pool's threads when there is one.
    const auto for_each = [pool](std::size_t count, const std::function<void(std::size_t)>& body) {
        parallel_for(pool, 0, count, body, 1024);
    };
    validate(params);
    std::vector<PairAlignment> results(pairs.size());
    const bool directions = !params.score_only;
    const SubstitutionMatrix& matrix = params.scoring.matrix;
    const GapPenalties gaps{params.scoring.gaps.open + params.scoring.gaps.extend,
                            params.scoring.gaps.extend};
    // Pairs with an empty side, or longer than the batch takes, go to align_pair.
    std::vector<std::size_t> batched;
    for (std::size_t k = 0; k < pairs.size(); ++k) {
        const auto m = static_cast<std::int64_t>(pairs[k].query.size());
        const auto n = static_cast<std::int64_t>(pairs[k].target.size());
        // align_pair's own checks: codes beyond the matrix, scores that could leave 32 bits.
        check_codes(pairs[k].query, matrix, "query");
        check_codes(pairs[k].target, matrix, "target");
        check_score_range(m, n, params.scoring);
        if (m == 0 || n == 0 || m > kBatchPairMaxLength || n > kBatchPairMaxLength) {
            RunOptions single;
            single.backend = Backend::Cpu;
            results[k] = align_pair(pairs[k].query, pairs[k].target, params, single);
        } else {
            batched.push_back(k);
        }
    }
    if (batched.empty()) return results;

    TROPIC_CUDA_CHECK(cudaSetDevice(device));
    const MemoryBudget device_memory = tropic::detail::cuda::device_budget(device);
    // A group's bytes: residues, directions, operations, bookkeeping; at most a third of the
    // usable device memory (the scratch rows and the next group's buffers share the rest) and
    // 4 GiB.
    const std::uint64_t budget =
        std::min<std::uint64_t>(device_memory.bytes / 3, std::uint64_t{4} << 30);
    const auto pair_bytes = [&](std::size_t k) {
        const auto m = static_cast<std::int64_t>(pairs[k].query.size());
        const auto n = static_cast<std::int64_t>(pairs[k].target.size());
        return (directions ? direction_bytes(m, n) : 0) + 2 * static_cast<std::uint64_t>(m + n) +
               96;
    };
    for (const std::size_t k : batched)
        if (pair_bytes(k) > budget)
            throw ResourceError(does_not_fit_message(pairs[k].what, pair_bytes(k) * 3,
                                                     device_memory, kUseCpuBackend));

    struct {
        double setup = 0, upload = 0, fill = 0, fill_walk = 0, copy_back = 0, results = 0;
    } phases;
    profile::PhaseTimer timer;
    DeviceBuffer<std::int32_t> d_matrix;
    d_matrix.assign(matrix.scores);
    DeviceBuffer<std::uint8_t> d_residues, d_dirs;
    DeviceBuffer<std::uint32_t> d_ops, d_compact;
    DeviceBuffer<std::uint64_t> d_compact_at;
    DeviceBuffer<std::uint64_t> d_query_at, d_target_at, d_dirs_at, d_ops_at;
    DeviceBuffer<std::int32_t> d_m, d_n, d_rows, d_scratch;
    DeviceBuffer<EndCell> d_ends;
    DeviceBuffer<std::int64_t> d_walk;
    cudaStream_t stream = cudaStreamPerThread;

    timer.lap(phases.setup);
    std::size_t next = 0;
    while (next < batched.size()) {
        // The group: pairs in input order while they fit the budget.
        std::vector<std::size_t> group;
        std::uint64_t bytes = 0;
        while (next < batched.size() &&
               (group.empty() || bytes + pair_bytes(batched[next]) <= budget)) {
            bytes += pair_bytes(batched[next]);
            group.push_back(batched[next++]);
        }
        const std::size_t count = group.size();
        std::vector<std::uint8_t> residues;
        std::vector<std::uint64_t> query_at(count), target_at(count), dirs_at(count), ops_at(count);
        std::vector<std::int32_t> m(count), n(count), rows(count);
        std::uint64_t dirs_total = 0, ops_total = 0;
        std::int32_t longest = 0;
        std::vector<std::int32_t> by_rows[4];
        std::uint64_t residue_total = 0;
        for (std::size_t g = 0; g < count; ++g) {
            const AlignPairInput& pair = pairs[group[g]];
            query_at[g] = residue_total;
            target_at[g] = residue_total + pair.query.size();
            residue_total += pair.query.size() + pair.target.size();
            m[g] = static_cast<std::int32_t>(pair.query.size());
            n[g] = static_cast<std::int32_t>(pair.target.size());
            rows[g] = rows_per_lane_for(m[g]);
            by_rows[rows[g] / 4 - 1].push_back(static_cast<std::int32_t>(g));
            dirs_at[g] = dirs_total;
            if (directions) dirs_total += (direction_bytes(m[g], n[g]) + 15) / 16 * 16;
            ops_at[g] = ops_total;
            ops_total += static_cast<std::uint64_t>(m[g] + n[g]);
            longest = std::max(longest, n[g]);
        }
        residues.resize(residue_total);
        for_each(count, [&](std::size_t g) {
            const AlignPairInput& pair = pairs[group[g]];
            std::copy(pair.query.begin(), pair.query.end(), residues.begin() + query_at[g]);
            std::copy(pair.target.begin(), pair.target.end(), residues.begin() + target_at[g]);
        });
        d_residues.assign(residues);
        d_query_at.assign(query_at);
        d_target_at.assign(target_at);
        d_m.assign(m);
        d_n.assign(n);
        d_dirs_at.assign(dirs_at);
        if (directions) d_dirs.resize(std::max<std::uint64_t>(dirs_total, 1));
        d_ends.resize(count);
        timer.lap(phases.upload, [&] { TROPIC_CUDA_CHECK(cudaStreamSynchronize(stream)); });

        PairBatchArgs args;
        const PairSet set{d_residues.data(), d_query_at.data(), d_target_at.data(),
                          d_m.data(),        d_n.data(),        d_dirs_at.data()};
        args.set = set;
        args.dirs = directions ? d_dirs.data() : nullptr;
        args.matrix = d_matrix.data();
        args.alphabet = matrix.size;
        args.gaps = gaps;
        args.longest = longest;
        args.ends = d_ends.data();
        for (int c = 0; c < 4; ++c) {
            if (by_rows[c].empty()) continue;
            DeviceBuffer<std::int32_t> list;
            list.assign(by_rows[c]);
            args.pairs = list.data();
            args.pair_count = static_cast<std::int32_t>(by_rows[c].size());
            switch (c) {
                case 0:
                    launch_fill_mode<4>(args, params.mode, directions, stream, device, d_scratch);
                    break;
                case 1:
                    launch_fill_mode<8>(args, params.mode, directions, stream, device, d_scratch);
                    break;
                case 2:
                    launch_fill_mode<12>(args, params.mode, directions, stream, device, d_scratch);
                    break;
                default:
                    launch_fill_mode<16>(args, params.mode, directions, stream, device, d_scratch);
                    break;
            }
            TROPIC_CUDA_CHECK(cudaStreamSynchronize(stream));  // before `list` is freed
        }

        timer.lap(phases.fill, [&] { TROPIC_CUDA_CHECK(cudaStreamSynchronize(stream)); });
        std::vector<EndCell> ends(count);
        std::vector<std::int64_t> walk(3 * count);
        std::vector<std::uint32_t> ops;
        std::vector<std::uint64_t> compact_at(count);
        std::uint64_t compact_total = 0;
        if (directions) {
            d_rows.assign(rows);
            d_ops_at.assign(ops_at);
            d_ops.resize(std::max<std::uint64_t>(ops_total, 1));
            d_walk.resize(3 * count);
            WalkArgs w;
            w.set = set;
            w.rows_per_lane = d_rows.data();
            w.dirs = d_dirs.data();
            w.ends = d_ends.data();
            w.ops_at = d_ops_at.data();
            w.ops = d_ops.data();
            w.walk = d_walk.data();
            w.pair_count = static_cast<std::int32_t>(count);
            w.mode = params.mode;
            w.dna = matrix.alphabet == Alphabet::Dna;
            walk_kernel<<<static_cast<unsigned>((count + 127) / 128), 128, 0, stream>>>(w);
            TROPIC_CUDA_CHECK_LAUNCH("align walk_kernel");
            timer.lap(phases.fill_walk, [&] { TROPIC_CUDA_CHECK(cudaStreamSynchronize(stream)); });
            TROPIC_CUDA_CHECK(cudaMemcpyAsync(walk.data(), d_walk.data(),
                                              walk.size() * sizeof(std::int64_t),
                                              cudaMemcpyDeviceToHost, stream));
            TROPIC_CUDA_CHECK(cudaStreamSynchronize(stream));
            for (std::size_t g = 0; g < count; ++g) {
                compact_at[g] = compact_total;
                compact_total += static_cast<std::uint64_t>(walk[3 * g + 2]);
            }
            d_compact_at.assign(compact_at);
            d_compact.resize(std::max<std::uint64_t>(compact_total, 1));
            gather_runs_kernel<<<static_cast<unsigned>((count + 127) / 128), 128, 0, stream>>>(
                d_ops.data(), d_ops_at.data(), d_walk.data(), d_compact_at.data(), d_compact.data(),
                static_cast<int>(count));
            TROPIC_CUDA_CHECK_LAUNCH("align gather_runs_kernel");
            ops.resize(compact_total);
            TROPIC_CUDA_CHECK(cudaMemcpyAsync(ops.data(), d_compact.data(),
                                              compact_total * sizeof(std::uint32_t),
                                              cudaMemcpyDeviceToHost, stream));
        }
        TROPIC_CUDA_CHECK(cudaMemcpyAsync(ends.data(), d_ends.data(), count * sizeof(EndCell),
                                          cudaMemcpyDeviceToHost, stream));
        timer.lap(phases.copy_back, [&] { TROPIC_CUDA_CHECK(cudaStreamSynchronize(stream)); });

        for_each(count, [&](std::size_t g) {
            PairAlignment& result = results[group[g]];
            if (!directions) {
                result = score_only_alignment(params.mode, ends[g]);
            } else {
                result.score = ends[g].score;
                result.query_end = ends[g].i;
                result.target_end = ends[g].j;
                result.query_begin = walk[3 * g];
                result.target_begin = walk[3 * g + 1];
                const std::uint32_t* runs = ops.data() + compact_at[g];
                for (std::int64_t r = walk[3 * g + 2] - 1; r >= 0; --r)
                    result.cigar.push_back({static_cast<CigarOp>(runs[r] & 15u), runs[r] >> 4});
                summarize_cigar(result);
            }
            result.score_bits = 32;
        });
        timer.lap(phases.results);
    }
    if (timer.enabled()) {
        profile::print(
            "align_pairs_cuda %zu pairs: setup %.2f ms, upload %.2f, fill %.2f, walk %.2f, "
            "copy back %.2f, results %.2f",
            batched.size(), phases.setup * 1e3, phases.upload * 1e3, phases.fill * 1e3,
            phases.fill_walk * 1e3, phases.copy_back * 1e3, phases.results * 1e3);
        profile::record("pairs fill", phases.fill);
        profile::record("pairs walk", phases.fill_walk);
    }
    return results;
}

}  // namespace tropic::align::detail::cuda
