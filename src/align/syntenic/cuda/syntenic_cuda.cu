// The forward fill of a syntenic pair on the device, and its traceback from the checkpoints it
// keeps. Why this shape (the layout of the long-pair kernel of pairwise alignment, Li's strip
// layout, with the four matrices of syntenic_cell.hpp):
// - A warp's lanes each hold R consecutive rows of S, I and H in registers and sweep the target
//   column by column, lane t on column j = step - t + 1; S, D and H of the row above a lane's
//   first row come from the lane above through __shfl_up_sync, and for lane 0 from the previous
//   strip's bottom row in global memory (a ring of two rows, read after that strip's progress
//   counter says the columns are there). Warps are persistent and take strips in order.
// - The cell is syntenic_cell, the CPU's function, so the values are the CPU's.
// - A traceback keeps checkpoint rows (S, D, H) at strip bottoms every `side` rows and checkpoint
//   columns (S, I, H) every `side` columns; they come back to the host, where trace_syntenic fills
//   the tiles the path crosses again (syntenic_traceback.hpp) and follows the same tie rule.
#include <algorithm>
#include <cmath>
#include <cuda/atomic>
#include <string>
#include <vector>

#include "align/pairwise/cuda/strip_rows.cuh"
#include "align/syntenic/cuda/syntenic_cuda.hpp"
#include "align/syntenic/syntenic_cell.hpp"
#include "align/syntenic/syntenic_fill.hpp"
#include "align/syntenic/syntenic_tile.hpp"
#include "align/syntenic/syntenic_traceback.hpp"
#include "core/cuda/cuda_check.cuh"
#include "core/cuda/device_buffer.cuh"
#include "core/cuda/device_memory.cuh"
#include "core/internal/memory_fit.hpp"
#include "core/internal/messages.hpp"
#include "tropic/core/error.hpp"

namespace tropic::align::detail::cuda {

namespace {

using tropic::detail::cuda::DeviceBuffer;

constexpr int kWarpsPerBlock = 4;
constexpr int kMaxAlphabet = 24;
// Checkpoints of a traceback take 24 m n / side bytes on the device and again on the host: the
// spacing starts at one strip (narrow tiles keep the host's refill of the tiles the path crosses
// short: about (m + n) side cells) and widens while they would take more than this.
constexpr double kTraceCheckpointBytes = 512.0 * (1 << 20);

struct Line3 {
    std::int32_t* s;
    std::int32_t* gap;
    std::int32_t* h;
};

struct ForwardArgs {
    const std::uint8_t* query;
    const std::uint8_t* target;
    int m, n;
    const std::int32_t* matrix;  // size x size, row = query code
    int alphabet;
    SyntenicCosts costs;
    int strips;
    Line3 ring;     // 2 slots of n + 1: the strips' bottom rows (S, D, H)
    int* progress;  // per strip: columns of its bottom row written
    Line3 rows;     // rows min(m, b * row_every), columns 0..n (stride n + 1): S, D, H
    int row_every;
    Line3 columns;  // columns min(n, c * column_every), rows 0..m (stride m + 1): S, I, H
    int column_every;
};

__device__ __forceinline__ void store3(const Line3& line, std::int64_t at, std::int32_t s,
                                       std::int32_t gap, std::int32_t h) {
    line.s[at] = s;
    line.gap[at] = gap;
    line.h[at] = h;
}

// One strip: rows [1 + s * 32R, 1 + (s + 1) * 32R). Last: the strip holding row m.
template <int R, bool Last>
__device__ void fill_strip(const ForwardArgs& a, int s, const std::int32_t* matrix) {
    const int lane = static_cast<int>(threadIdx.x & 31);
    const int base = 1 + s * 32 * R + lane * R;
    const int m = a.m, n = a.n;
    const SyntenicCosts costs = a.costs;

    int codes[R];  // the lane's query codes (0 below row m: those rows feed no real cell)
    std::int32_t sl[R], il[R], hl[R];
#pragma unroll
    for (int k = 0; k < R; ++k) {
        const int row = base + k;
        codes[k] = row <= m ? a.query[row - 1] * a.alphabet : 0;
        const SyntenicCell edge = syntenic_column0(row, costs);
        sl[k] = edge.s;
        il[k] = edge.i;
        hl[k] = edge.h;
    }
    std::int32_t diag = syntenic_column0(base - 1, costs).s;  // S(base - 1, j - 1)
    std::int32_t out_s = 0, out_d = 0, out_h = 0;             // the lane's last row, last step
    std::int32_t chunk_s = 0, chunk_d = 0, chunk_h = 0;
    const int slot_in = (s + 1) & 1, slot_out = s & 1;
    const std::int64_t in_at = static_cast<std::int64_t>(slot_in) * (n + 1);
    const std::int64_t out_at = static_cast<std::int64_t>(slot_out) * (n + 1);
    const int bottom = (s + 1) * 32 * R;
    std::int64_t kept_row = -1;
    if (Last)
        kept_row = static_cast<std::int64_t>((m + a.row_every - 1) / a.row_every) * (n + 1);
    else if (bottom % a.row_every == 0)
        kept_row = static_cast<std::int64_t>(bottom / a.row_every) * (n + 1);
    const int km = m - base;
    const bool holds_m = Last && km >= 0 && km < R;
    ::cuda::atomic_ref<int, ::cuda::thread_scope_device> published(a.progress[s]);
    int next_column = min(n, a.column_every);
    const int steps = n + 31;
    for (int step = 0; step < steps; ++step) {
        if ((step & 31) == 0) {
            const int jl = step + 1 + lane;
            if (s == 0) {
                const SyntenicCell edge = syntenic_row0(jl, costs);
                chunk_s = edge.s;
                chunk_d = edge.d;
                chunk_h = edge.h;
            } else {
                ::cuda::atomic_ref<int, ::cuda::thread_scope_device> ready(a.progress[s - 1]);
                while (ready.load(::cuda::memory_order_acquire) < min(n, step + 32))
                    __nanosleep(32);
                if (jl <= n) {
                    chunk_s = __ldcg(a.ring.s + in_at + jl);
                    chunk_d = __ldcg(a.ring.gap + in_at + jl);
                    chunk_h = __ldcg(a.ring.h + in_at + jl);
                }
            }
            __syncwarp();
        }
        const std::int32_t top_s = __shfl_sync(kStripFullMask, chunk_s, step & 31);
        const std::int32_t top_d = __shfl_sync(kStripFullMask, chunk_d, step & 31);
        const std::int32_t top_h = __shfl_sync(kStripFullMask, chunk_h, step & 31);
        std::int32_t up_s = __shfl_up_sync(kStripFullMask, out_s, 1);
        std::int32_t up_d = __shfl_up_sync(kStripFullMask, out_d, 1);
        std::int32_t up_h = __shfl_up_sync(kStripFullMask, out_h, 1);
        if (lane == 0) {
            up_s = top_s;
            up_d = top_d;
            up_h = top_h;
        }
        const int j = step - lane + 1;
        if (j < 1 || j > n) continue;
        const int code = a.target[j - 1];
        std::int32_t s_diag = diag;
        diag = up_s;
        std::int32_t m_s = 0, m_d = 0, m_h = 0;
#pragma unroll
        for (int k = 0; k < R; ++k) {
            const SyntenicCell cell = syntenic_cell(s_diag, up_s, up_d, up_h, sl[k], il[k], hl[k],
                                                    matrix[codes[k] + code], costs);
            s_diag = sl[k];
            sl[k] = cell.s;
            il[k] = cell.i;
            hl[k] = cell.h;
            up_s = cell.s;
            up_d = cell.d;
            up_h = cell.h;
            if (Last && k == km) {
                m_s = cell.s;
                m_d = cell.d;
                m_h = cell.h;
            }
        }
        out_s = up_s;
        out_d = up_d;
        out_h = up_h;
        if constexpr (Last) {
            if (holds_m) store3(a.rows, kept_row + j, m_s, m_d, m_h);
        } else if (lane == 31) {
            store3(a.ring, out_at + j, out_s, out_d, out_h);
            if (kept_row >= 0) store3(a.rows, kept_row + j, out_s, out_d, out_h);
            // Release: the row's columns up to j are visible before the count says so.
            if ((j & 31) == 0 || j == n) published.store(j, ::cuda::memory_order_release);
        }
        if (j == next_column) {
            next_column = min(n, next_column + a.column_every);
            const std::int64_t c = (j + a.column_every - 1) / a.column_every;
            const std::int64_t at = c * (m + 1);
#pragma unroll
            for (int k = 0; k < R; ++k)
                if (base + k <= m) store3(a.columns, at + base + k, sl[k], il[k], hl[k]);
        }
    }
}

template <int R>
__global__ void __launch_bounds__(kWarpsPerBlock * 32) forward_kernel(ForwardArgs a) {
    __shared__ std::int32_t matrix[kMaxAlphabet * kMaxAlphabet];
    for (int k = static_cast<int>(threadIdx.x); k < a.alphabet * a.alphabet;
         k += static_cast<int>(blockDim.x))
        matrix[k] = a.matrix[k];
    __syncthreads();
    const int warp = static_cast<int>(threadIdx.x >> 5);
    const int workers = static_cast<int>(gridDim.x) * kWarpsPerBlock;
    const int worker = static_cast<int>(blockIdx.x) * kWarpsPerBlock + warp;
    for (int s = worker; s < a.strips; s += workers) {
        if (s == a.strips - 1)
            fill_strip<R, true>(a, s, matrix);
        else
            fill_strip<R, false>(a, s, matrix);
    }
}

std::int64_t ceil_div(std::int64_t a, std::int64_t b) {
    return (a + b - 1) / b;
}

// Rows a warp's strip covers: taller strips (fewer shuffles a cell) once there are enough strips
// to keep the device's warps busy.
int rows_per_lane(std::int64_t m) {
    if (m >= 32 * 16 * 2048) return 16;
    if (m >= 32 * 8 * 1024) return 8;
    return 4;
}

template <int R>
void launch(const ForwardArgs& args, int device) {
    auto kernel = forward_kernel<R>;
    int per_sm = 0, sms = 0;
    TROPIC_CUDA_CHECK(
        cudaOccupancyMaxActiveBlocksPerMultiprocessor(&per_sm, kernel, kWarpsPerBlock * 32, 0));
    TROPIC_CUDA_CHECK(cudaDeviceGetAttribute(&sms, cudaDevAttrMultiProcessorCount, device));
    if (per_sm == 0)
        throw ResourceError("the syntenic kernel does not fit a multiprocessor of this device");
    // Every warp resident at once (a strip waits on the one before it), none without a strip.
    const int blocks =
        std::max(1, std::min(per_sm * sms, (args.strips + kWarpsPerBlock - 1) / kWarpsPerBlock));
    kernel<<<blocks, kWarpsPerBlock * 32, 0, cudaStreamPerThread>>>(args);
    TROPIC_CUDA_CHECK_LAUNCH("syntenic forward_kernel");
}

struct DeviceLines {
    DeviceBuffer<std::int32_t> s, gap, h;
    void resize(std::size_t count) {
        s.resize(count);
        gap.resize(count);
        h.resize(count);
    }
    Line3 view() { return {s.data(), gap.data(), h.data()}; }
};

// Line k of `count` lines of `length` from the device.
std::vector<SyntenicLine> copy_lines(DeviceLines& from, std::int64_t count, std::size_t length) {
    std::vector<SyntenicLine> lines(static_cast<std::size_t>(count));
    std::vector<std::int32_t> all(static_cast<std::size_t>(count) * length);
    DeviceBuffer<std::int32_t>* parts[3] = {&from.s, &from.gap, &from.h};
    for (int part = 0; part < 3; ++part) {
        TROPIC_CUDA_CHECK(cudaMemcpy(all.data(), parts[part]->data(),
                                     all.size() * sizeof(std::int32_t), cudaMemcpyDeviceToHost));
        for (std::int64_t k = 0; k < count; ++k) {
            std::vector<std::int32_t>& to = part == 0   ? lines[k].s
                                            : part == 1 ? lines[k].gap
                                                        : lines[k].h;
            to.assign(all.begin() + k * length, all.begin() + (k + 1) * length);
        }
    }
    return lines;
}

std::uint64_t device_bytes(std::int64_t m, std::int64_t n, std::int64_t row_every,
                           std::int64_t column_every, std::int64_t strip) {
    const std::int64_t rows = ceil_div(m, row_every) + 1, columns = ceil_div(n, column_every) + 1;
    return static_cast<std::uint64_t>(12 * (rows * (n + 1) + columns * (m + 1) + 2 * (n + 1)) +
                                      4 * ceil_div(m, strip) + m + n + (1 << 20));
}

}  // namespace

std::uint64_t syntenic_device_bytes(std::int64_t m, std::int64_t n, bool traceback) {
    const std::int64_t strip = 32 * rows_per_lane(m);
    std::int64_t side = strip;
    while (24.0 * static_cast<double>(m) * static_cast<double>(n) / static_cast<double>(side) >
               kTraceCheckpointBytes &&
           side < std::max(m, n))
        side *= 2;
    return traceback ? device_bytes(m, n, side, side, strip)
                     : device_bytes(m, n, ceil_div(std::max<std::int64_t>(m, 1), strip) * strip,
                                    std::max<std::int64_t>(n, 1), strip);
}

SyntenicAlignment align_syntenic_cuda(std::span<const std::uint8_t> query,
                                      std::span<const std::uint8_t> target,
                                      const SyntenicParams& params, int device) {
    const SyntenicProblem problem = make_syntenic_problem(query, target, params);
    const bool traceback = !params.score_only;
    const std::int64_t m = problem.m, n = problem.n;
    if (m == 0 || n == 0) {
        // Nothing to fill: the boundaries alone, which the CPU gives in O(m + n).
        const SyntenicPlan plan{std::max<std::int64_t>(1, m), std::max<std::int64_t>(1, n)};
        const SyntenicFill filled = fill_syntenic(problem, plan, traceback, nullptr, {}, 0);
        return traceback ? trace_syntenic(problem, filled.last, filled.checkpoints)
                         : syntenic_score_only(filled.last, problem.costs);
    }
    if (problem.matrix->size > kMaxAlphabet)
        throw InternalError("syntenic: the device kernel takes alphabets of up to 24 codes");
    TROPIC_CUDA_CHECK(cudaSetDevice(device));
    const MemoryBudget budget = tropic::detail::cuda::device_budget(device);
    const int lanes_rows = rows_per_lane(m);
    const std::int64_t strip = 32 * lanes_rows;
    // The checkpoint spacing: a multiple of the strip (kTraceCheckpointBytes), and half of the
    // device's budget at most.
    std::int64_t side = strip;
    const double cap = std::min(kTraceCheckpointBytes, static_cast<double>(budget.bytes) / 2);
    if (traceback)
        while (24.0 * static_cast<double>(m) * static_cast<double>(n) / static_cast<double>(side) >
                   cap &&
               side < std::max(m, n))
            side *= 2;
    const std::int64_t row_every = traceback ? side : ceil_div(m, strip) * strip;
    const std::int64_t column_every = traceback ? side : n;
    const std::uint64_t needed = device_bytes(m, n, row_every, column_every, strip);
    if (needed > budget.bytes)
        throw ResourceError(does_not_fit_message(
            "a syntenic alignment of " + std::to_string(m) + " x " + std::to_string(n) +
                " residues",
            needed, budget,
            traceback ? "use --score-only, or the cpu backend" : std::string(kUseCpuBackend)));

    DeviceBuffer<std::uint8_t> device_query, device_target;
    DeviceBuffer<std::int32_t> matrix;
    device_query.assign(query);
    device_target.assign(target);
    matrix.assign(problem.matrix->scores);
    const std::int64_t row_count = ceil_div(m, row_every) + 1;
    const std::int64_t column_count = ceil_div(n, column_every) + 1;
    const auto n1 = static_cast<std::size_t>(n + 1), m1 = static_cast<std::size_t>(m + 1);
    DeviceLines ring, rows, columns;
    ring.resize(2 * n1);
    rows.resize(static_cast<std::size_t>(row_count) * n1);
    columns.resize(static_cast<std::size_t>(column_count) * m1);
    const auto strips = static_cast<int>(ceil_div(m, strip));
    DeviceBuffer<int> progress(static_cast<std::size_t>(strips));
    TROPIC_CUDA_CHECK(
        cudaMemsetAsync(progress.data(), 0, sizeof(int) * strips, cudaStreamPerThread));

    ForwardArgs args{};
    args.query = device_query.data();
    args.target = device_target.data();
    args.m = static_cast<int>(m);
    args.n = static_cast<int>(n);
    args.matrix = matrix.data();
    args.alphabet = problem.matrix->size;
    args.costs = problem.costs;
    args.strips = strips;
    args.ring = ring.view();
    args.progress = progress.data();
    args.rows = rows.view();
    args.row_every = static_cast<int>(row_every);
    args.columns = columns.view();
    args.column_every = static_cast<int>(column_every);
    if (lanes_rows == 16)
        launch<16>(args, device);
    else if (lanes_rows == 8)
        launch<8>(args, device);
    else
        launch<4>(args, device);
    TROPIC_CUDA_CHECK(cudaStreamSynchronize(cudaStreamPerThread));

    // The device wrote columns 1..n of the kept rows and rows 1..m of the kept columns; the
    // boundary row and column and the kept lines' boundary cells come from the boundary rule.
    SyntenicCheckpoints checkpoints;
    checkpoints.block_rows = row_every;
    checkpoints.block_columns = column_every;
    checkpoints.rows = copy_lines(rows, row_count, n1);
    checkpoints.columns = copy_lines(columns, column_count, m1);
    const auto set = [](SyntenicLine& line, std::int64_t at, std::int32_t s, std::int32_t gap,
                        std::int32_t h) {
        line.s[at] = s;
        line.gap[at] = gap;
        line.h[at] = h;
    };
    for (std::int64_t j = 0; j <= n; ++j) {
        const SyntenicCell edge = syntenic_row0(j, problem.costs);
        set(checkpoints.rows[0], j, edge.s, edge.d, edge.h);
    }
    for (std::int64_t b = 1; b < row_count; ++b) {
        const SyntenicCell edge = syntenic_column0(std::min(m, b * row_every), problem.costs);
        set(checkpoints.rows[b], 0, edge.s, edge.d, edge.h);
    }
    for (std::int64_t i = 0; i <= m; ++i) {
        const SyntenicCell edge = syntenic_column0(i, problem.costs);
        set(checkpoints.columns[0], i, edge.s, edge.i, edge.h);
    }
    for (std::int64_t c = 1; c < column_count; ++c) {
        const SyntenicCell edge = syntenic_row0(std::min(n, c * column_every), problem.costs);
        set(checkpoints.columns[c], 0, edge.s, edge.i, edge.h);
    }
    const SyntenicLine& last_row = checkpoints.rows.back();
    const SyntenicCell last{last_row.s[n], last_row.gap[n], checkpoints.columns.back().gap[m],
                            last_row.h[n]};
    return traceback ? trace_syntenic(problem, last, checkpoints)
                     : syntenic_score_only(last, problem.costs);
}

}  // namespace tropic::align::detail::cuda
