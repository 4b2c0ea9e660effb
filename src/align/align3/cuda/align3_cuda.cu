// The plane sweep of align3 on the device: one cooperative launch a fill with a grid-wide barrier
// a plane, a thread a cell, the CPU's cell functions (align3_plane_cell.hpp); planes, checkpoints
// and directions stay in device memory and the traceback walks there (one thread: a few thousand
// dependent steps), so that only the score and the columns come back.
#include <cooperative_groups.h>
#include <cuda_runtime.h>

#include <algorithm>
#include <memory>
#include <string>
#include <vector>

#include "align/align3/align3_plane_cell.hpp"
#include "align/align3/align3_sweep.hpp"
#include "align/align3/cuda/align3_cuda.hpp"
#include "core/cuda/cuda_check.cuh"
#include "core/cuda/device_buffer.cuh"
#include "core/cuda/device_memory.cuh"
#include "core/internal/memory_fit.hpp"
#include "tropic/core/error.hpp"

namespace tropic::align::detail::cuda {

namespace {

using tropic::detail::cuda::DeviceBuffer;

inline constexpr int kThreadsPerBlock = 128;
inline constexpr int kMaxBlocksPerMultiprocessor = 8;

// Planes first..last in one cooperative launch: every thread of the grid takes cells of the plane
// (row by row, each row padded to the widest), then the grid waits for the plane to be done
// before the next (one grid-wide barrier a plane instead of one launch a plane).
template <bool Linear>
__global__ void __launch_bounds__(kThreadsPerBlock)
    fill_planes_kernel(Align3Problem problem, PlaneArrays planes, std::int64_t first,
                       std::int64_t last, std::uint8_t* directions, std::size_t direction_plane) {
    const Align3Shape& shape = problem.shape;
    cooperative_groups::grid_group grid = cooperative_groups::this_grid();
    const auto width = static_cast<std::uint32_t>((shape.n < shape.p ? shape.n : shape.p) + 1);
    const auto threads = static_cast<std::uint32_t>(grid.size());
    const auto me = static_cast<std::uint32_t>(grid.thread_rank());
    for (std::int64_t q = first; q <= last; ++q) {
        const std::int64_t first_row = shape.first_row(q);
        const auto cells = static_cast<std::uint32_t>(shape.last_row(q) - first_row + 1) * width;
        void* kept = directions ? directions + (q - first) * direction_plane : nullptr;
        for (std::uint32_t t = me; t < cells; t += threads) {
            const std::int64_t i = first_row + t / width;
            const std::int64_t j = shape.first_column(q, i) + t % width;
            if (j > shape.last_column(q, i)) continue;
            if constexpr (Linear)
                fill_linear_cell(problem, planes, q, i, j, static_cast<std::uint8_t*>(kept));
            else
                fill_affine_cell(problem, planes, q, i, j, static_cast<std::uint64_t*>(kept));
        }
        grid.sync();
    }
}

// The pair-score tables (align3_problem.hpp) from the residues, one thread an entry.
__global__ void pair_scores_kernel(Align3Shape shape, const std::uint8_t* a, const std::uint8_t* b,
                                   const std::uint8_t* c, const std::int32_t* matrix, int size,
                                   std::int32_t* ab, std::int32_t* ac, std::int32_t* bc) {
    const std::int64_t ab_count = ab_entries(shape), ac_count = ac_entries(shape);
    const std::int64_t total = ab_count + ac_count + bc_entries(shape);
    for (std::int64_t e = blockIdx.x * static_cast<std::int64_t>(blockDim.x) + threadIdx.x;
         e < total; e += static_cast<std::int64_t>(gridDim.x) * blockDim.x) {
        if (e < ab_count) {
            ab[e] = matrix[a[e / shape.n] * size + b[e % shape.n]];
        } else if (e < ab_count + ac_count) {
            const std::int64_t x = e - ab_count;
            ac[x] = matrix[a[x / shape.p] * size + c[x % shape.p]];
        } else {
            const std::int64_t x = e - ab_count - ac_count;
            const std::int64_t d = x / (shape.n + 1), j = x % (shape.n + 1), k = d - j;
            bc[x] = j >= 1 && k >= 1 && k <= shape.p ? matrix[b[j - 1] * size + c[k - 1]] : 0;
        }
    }
}

__global__ void origin_kernel(Align3Problem problem, PlaneArrays planes) {
    fill_origin(problem, planes);
}

struct WalkState {
    TracePoint at;
    std::int64_t count;
};

// Follows the directions of planes first.. (slot q - first) from `state->at`, appending the
// columns after the `state->count` already there.
__global__ void walk_kernel(Align3Problem problem, const void* directions, std::int64_t first,
                            std::uint8_t* columns, WalkState* state) {
    TracePoint at = state->at;
    std::int64_t count = state->count;
    while (at.plane() >= first && at.plane() > 0) {
        const std::int64_t kept = kept_direction_index(problem.shape, at, first);
        const std::uint64_t word = problem.linear()
                                       ? static_cast<const std::uint8_t*>(directions)[kept]
                                       : static_cast<const std::uint64_t*>(directions)[kept];
        columns[count++] = trace_step(problem, at, word);
    }
    state->at = at;
    state->count = count;
}

class DeviceEngine final : public PlaneEngine {
  public:
    DeviceEngine(const Align3Problem& host, const Align3Sequences& sequences,
                 const SubstitutionMatrix& matrix, const SweepPlan& plan)
        : problem_(host) {
        const Align3Shape& shape = host.shape;
        DeviceBuffer<std::uint8_t> a, b, c;
        DeviceBuffer<std::int32_t> scores;
        a.assign(sequences[0]);
        b.assign(sequences[1]);
        c.assign(sequences[2]);
        scores.assign(matrix.scores);
        ab_.resize(static_cast<std::size_t>(std::max<std::int64_t>(1, ab_entries(shape))));
        ac_.resize(static_cast<std::size_t>(std::max<std::int64_t>(1, ac_entries(shape))));
        bc_.resize(static_cast<std::size_t>(bc_entries(shape)));
        pair_scores_kernel<<<1024, 256>>>(shape, a.data(), b.data(), c.data(), scores.data(),
                                          matrix.size, ab_.data(), ac_.data(), bc_.data());
        TROPIC_CUDA_CHECK_LAUNCH("pair_scores_kernel");
        TROPIC_CUDA_CHECK(cudaStreamSynchronize(cudaStreamPerThread));
        problem_.ab = ab_.data();
        problem_.ac = ac_.data();
        problem_.bc = bc_.data();
        plane_values_ = plane_bytes(shape, host.states()) / sizeof(std::int32_t);
        planes_.resize(4 * plane_values_);
        for (int s = 0; s < 4; ++s) arrays_.plane[s] = planes_.data() + s * plane_values_;
        if (plan.checkpoints > 0)
            checkpoints_.resize(static_cast<std::size_t>(plan.checkpoints) * 3 * plane_values_);
        if (plan.traceback) {
            directions_.resize(direction_plane_bytes(shape, host.states()) *
                               static_cast<std::size_t>(plan.segment_planes));
            columns_.resize(static_cast<std::size_t>(shape.last_plane()) + 1);
            walk_.resize(1);
        }
    }

    void fill(std::int64_t first, std::int64_t last, bool directions) override {
        const Align3Shape& shape = problem_.shape;
        if (first == 1) {
            origin_kernel<<<1, 1, 0, cudaStreamPerThread>>>(problem_, arrays_);
            TROPIC_CUDA_CHECK_LAUNCH("origin_kernel");
        }
        const std::size_t direction_plane = direction_plane_bytes(shape, problem_.states());
        std::uint8_t* kept = directions ? directions_.data() : nullptr;
        void* args[] = {&problem_, &arrays_, &first,
                        &last,     &kept,    const_cast<std::size_t*>(&direction_plane)};
        const void* kernel = problem_.linear()
                                 ? reinterpret_cast<const void*>(fill_planes_kernel<true>)
                                 : reinterpret_cast<const void*>(fill_planes_kernel<false>);
        TROPIC_CUDA_CHECK(cudaLaunchCooperativeKernel(kernel, grid_blocks(kernel), kThreadsPerBlock,
                                                      args, 0, cudaStreamPerThread));
    }

    void save_checkpoint(std::int64_t slot, std::int64_t q) override {
        for (std::int64_t back = 0; back < 3 && q - back >= 0; ++back)
            TROPIC_CUDA_CHECK(cudaMemcpyAsync(checkpoint(slot, back), arrays_.plane[(q - back) & 3],
                                              plane_values_ * sizeof(std::int32_t),
                                              cudaMemcpyDeviceToDevice));
    }

    void load_checkpoint(std::int64_t slot, std::int64_t q) override {
        for (std::int64_t back = 0; back < 3 && q - back >= 0; ++back)
            TROPIC_CUDA_CHECK(cudaMemcpyAsync(arrays_.plane[(q - back) & 3], checkpoint(slot, back),
                                              plane_values_ * sizeof(std::int32_t),
                                              cudaMemcpyDeviceToDevice));
    }

    std::vector<std::int32_t> end_values() override {
        const Align3Shape& shape = problem_.shape;
        const std::int64_t cells = shape.cells_per_plane();
        const std::int32_t* plane = arrays_.plane[shape.last_plane() & 3];
        std::vector<std::int32_t> values(static_cast<std::size_t>(problem_.states()));
        // The states of one cell lie a plane's cells apart: one strided copy.
        TROPIC_CUDA_CHECK(
            cudaMemcpy2D(values.data(), sizeof(std::int32_t), plane + shape.index(shape.m, shape.n),
                         static_cast<std::size_t>(cells) * sizeof(std::int32_t),
                         sizeof(std::int32_t), values.size(), cudaMemcpyDeviceToHost));
        return values;
    }

    TracePoint walk(TracePoint at, std::int64_t first,
                    std::vector<std::uint8_t>& columns) override {
        WalkState state{at, 0};
        TROPIC_CUDA_CHECK(
            cudaMemcpy(walk_.data(), &state, sizeof(WalkState), cudaMemcpyHostToDevice));
        walk_kernel<<<1, 1>>>(problem_, directions_.data(), first, columns_.data(), walk_.data());
        TROPIC_CUDA_CHECK_LAUNCH("walk_kernel");
        TROPIC_CUDA_CHECK(
            cudaMemcpy(&state, walk_.data(), sizeof(WalkState), cudaMemcpyDeviceToHost));
        const std::size_t before = columns.size();
        columns.resize(before + static_cast<std::size_t>(state.count));
        if (state.count > 0)
            TROPIC_CUDA_CHECK(cudaMemcpy(columns.data() + before, columns_.data(),
                                         static_cast<std::size_t>(state.count),
                                         cudaMemcpyDeviceToHost));
        return state.at;
    }

  private:
    // Blocks of the cooperative launch: all resident at once, as it needs.
    unsigned grid_blocks(const void* kernel) {
        int per_sm = 0, sms = 0, device = 0;
        TROPIC_CUDA_CHECK(cudaGetDevice(&device));
        TROPIC_CUDA_CHECK(
            cudaOccupancyMaxActiveBlocksPerMultiprocessor(&per_sm, kernel, kThreadsPerBlock, 0));
        TROPIC_CUDA_CHECK(cudaDeviceGetAttribute(&sms, cudaDevAttrMultiProcessorCount, device));
        if (per_sm == 0)
            throw ResourceError("the align3 kernel does not fit a multiprocessor of this device");
        // About three cells a thread on an average plane: fewer threads make each grid-wide
        // barrier cheaper, more would idle. Measured on an H200 (bench_align3_gpu, 2026-11-27):
        // 764 x 771 x 773 took 23.2, 14.1, 11.1 and 13.8 ms with 1, 2, 4 and 8 blocks of 128 a
        // multiprocessor; 1500^3 184, 107, 72 and 56 ms (63 ms with all 16).
        const Align3Shape& shape = problem_.shape;
        const double average = static_cast<double>(shape.cells_per_plane()) *
                               static_cast<double>(shape.p + 1) /
                               static_cast<double>(shape.last_plane() + 1);
        const int wanted = static_cast<int>(average / (3.0 * kThreadsPerBlock * sms) + 0.5);
        per_sm = std::clamp(wanted, 1, std::min(per_sm, kMaxBlocksPerMultiprocessor));
        return static_cast<unsigned>(per_sm * sms);
    }

    std::int32_t* checkpoint(std::int64_t slot, std::int64_t back) {
        return checkpoints_.data() + static_cast<std::size_t>(slot * 3 + back) * plane_values_;
    }

    Align3Problem problem_;
    DeviceBuffer<std::uint8_t> directions_, columns_;
    DeviceBuffer<std::int32_t> ab_, ac_, bc_, planes_, checkpoints_;
    DeviceBuffer<WalkState> walk_;
    std::size_t plane_values_ = 0;
    PlaneArrays arrays_{};
};

std::uint64_t fixed_bytes(const Align3Problem& problem, bool traceback) {
    const Align3Shape& shape = problem.shape;
    const auto tables =
        static_cast<std::uint64_t>(ab_entries(shape) + ac_entries(shape) + bc_entries(shape));
    return tables * sizeof(std::int32_t) + static_cast<std::uint64_t>(shape.m + shape.n + shape.p) +
           (std::uint64_t{4} << 10) +
           (traceback ? static_cast<std::uint64_t>(shape.last_plane()) + 1 + sizeof(WalkState) : 0);
}

}  // namespace

std::uint64_t align3_device_bytes(const Align3Problem& problem, bool traceback) {
    const SweepPlan least = plan_sweep(problem.shape, problem.states(), traceback, 0);
    return sweep_bytes(problem.shape, problem.states(), least) + fixed_bytes(problem, traceback);
}

Align3Result align3_cuda(const Align3Problem& problem, const Align3Sequences& sequences,
                         const SubstitutionMatrix& matrix, bool traceback, int device) {
    TROPIC_CUDA_CHECK(cudaSetDevice(device));
    const MemoryBudget budget = tropic::detail::cuda::device_budget(device);
    // Every plane's directions when they take at most half of what the device offers: one fill
    // instead of two.
    const SweepPlan plan = plan_sweep(problem.shape, problem.states(), traceback, budget.bytes / 2);
    const std::uint64_t needed =
        sweep_bytes(problem.shape, problem.states(), plan) + fixed_bytes(problem, traceback);
    if (needed > budget.bytes)
        throw ResourceError(does_not_fit_message(
            "the three-sequence alignment on the device", needed, budget,
            traceback ? "align shorter sequences, or --score-only" : "align shorter sequences"));
    DeviceEngine engine(problem, sequences, matrix, plan);
    Align3Result result = run_sweep(engine, problem.shape, plan);
    TROPIC_CUDA_CHECK(cudaDeviceSynchronize());
    return result;
}

}  // namespace tropic::align::detail::cuda
