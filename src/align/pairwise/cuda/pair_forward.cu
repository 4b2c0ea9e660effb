// The forward fill of one long pair on the device (pair_cuda.hpp says the layout). Why this
// shape:
// - A warp's lanes each hold R consecutive rows of H and D in registers, so a cell costs the six
//   DPX instructions of update_cell_dpx and no memory traffic; the substitution scores of the
//   lane's rows come from a per-warp query profile in shared memory, R / 4 128-bit loads a column.
// - Lane t works on column j = step - t + 1: the row above its first row is the last row of lane
//   t - 1 one step earlier, passed by __shfl_up_sync. Lane 0 takes it from the previous strip's
//   bottom row, read 32 columns at a time after that strip's progress counter says they are there.
// - Two rows of global memory hold every strip's bottom row: strip s writes slot s % 2 and strip
//   s + 2 can overwrite a column only after strip s + 1 has read it (it waits on strip s + 1,
//   which has read the column before writing its own), so the fill needs O(n), not O(m n / 32R).
// - Warps are persistent (as many as are resident), taking strips in order, so that the strip a
//   warp waits for is always running or done.
// - End cells: the host scans row m and column n (global, glocal, overlap); local keeps each
//   lane's best cell, by the tie rule, and the host takes the best of the warps'.
#include <algorithm>
#include <cmath>
#include <cuda/atomic>
#include <string>
#include <utility>

#include "align/pairwise/cuda/pair_cuda.hpp"
#include "align/pairwise/cuda/pair_directions.cuh"
#include "align/pairwise/cuda/strip_rows.cuh"
#include "align/pairwise/pair_fill.hpp"
#include "align/pairwise/tile_kernels.hpp"
#include "align/pairwise/traceback.hpp"
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
// The substitution score of the rows below row m in the last strip: low enough that those rows
// never reach the score of a real cell (they only lose points from row m on), high enough that
// H + it stays far from wrapping (H >= kMinusInfinity).
constexpr std::int32_t kPadScore = -(1 << 29);

struct ForwardArgs {
    const std::uint8_t* query;
    const std::uint8_t* target;
    int m, n;
    const std::int32_t* matrix;  // size x size, row = query code
    int alphabet;
    GapPenalties gaps;
    AlignMode mode;
    std::int32_t floor;
    int strips;
    std::int32_t* ring_h;  // 2 slots of n + 1
    std::int32_t* ring_i;
    int* progress;  // per strip: columns of its bottom row written
    // Rows min(m, b * row_every), b >= 1, columns 1..n (stride n + 1).
    std::int32_t* rows_h;
    std::int32_t* rows_i;
    int row_every;
    // Columns min(n, c * column_every), c >= 1, rows 1..m (stride m + 1).
    std::int32_t* columns_h;
    std::int32_t* columns_d;
    int column_every;
    EndCell* worker_best;  // local: one per warp
};

__device__ __forceinline__ std::int32_t row0_h(const ForwardArgs& a, int j) {
    if (j == 0 || a.mode != AlignMode::Global) return 0;
    return -(a.gaps.open_extend - a.gaps.extend) - j * a.gaps.extend;
}
__device__ __forceinline__ std::int32_t column0_h(const ForwardArgs& a, int i) {
    if (i == 0 || a.mode == AlignMode::Local || a.mode == AlignMode::Overlap) return 0;
    return -(a.gaps.open_extend - a.gaps.extend) - i * a.gaps.extend;
}

__device__ __forceinline__ std::int32_t lane_of(const int4& v, int r) {
    return r == 0 ? v.x : r == 1 ? v.y : r == 2 ? v.z : v.w;
}

// One strip: rows [1 + s * 32R, 1 + (s + 1) * 32R). Last: the strip holding row m, which writes
// row m (H and I) instead of passing its bottom row on.
template <int R, bool Local, bool Last>
__device__ void fill_strip(const ForwardArgs& a, int s, int4* profile, EndCell& best) {
    const int lane = static_cast<int>(threadIdx.x & 31);
    const int base = 1 + s * 32 * R + lane * R;  // the lane's first row
    const int m = a.m, n = a.n;
    const GapPenalties gaps = a.gaps;

    // The lane's query profile: profile[(c * R/4 + q) * 32 + lane] holds s(q_i, c) of its rows
    // 4q..4q+3 (lane-minor, so that a warp's loads hit distinct banks).
    __syncwarp();
    for (int c = 0; c < a.alphabet; ++c)
        for (int q = 0; q < R / 4; ++q) {
            int v[4];
#pragma unroll
            for (int r = 0; r < 4; ++r) {
                const int row = base + 4 * q + r;
                v[r] = row <= m ? a.matrix[a.query[row - 1] * a.alphabet + c] : kPadScore;
            }
            profile[(c * (R / 4) + q) * 32 + lane] = make_int4(v[0], v[1], v[2], v[3]);
        }
    __syncwarp();

    std::int32_t hl[R], dl[R];  // H and D of the lane's rows at the last column done
#pragma unroll
    for (int k = 0; k < R; ++k) {
        hl[k] = column0_h(a, base + k);
        dl[k] = kMinusInfinity;
    }
    std::int32_t diag = column0_h(a, base - 1);  // H(base - 1, j - 1)
    std::int32_t out_h = 0, out_i = 0;           // H and I of the lane's last row, last step
    std::int32_t chunk_h = 0, chunk_i = 0;       // the row above the strip, 32 columns
    const int slot_in = (s + 1) & 1, slot_out = s & 1;
    const std::int32_t* in_h = a.ring_h + static_cast<std::int64_t>(slot_in) * (n + 1);
    const std::int32_t* in_i = a.ring_i + static_cast<std::int64_t>(slot_in) * (n + 1);
    std::int32_t* ring_h = a.ring_h + static_cast<std::int64_t>(slot_out) * (n + 1);
    std::int32_t* ring_i = a.ring_i + static_cast<std::int64_t>(slot_out) * (n + 1);
    // The checkpoint row this strip's bottom row is, if any.
    const int bottom = (s + 1) * 32 * R;
    std::int32_t* check_h = nullptr;
    std::int32_t* check_i = nullptr;
    int row_index = -1;
    if (Last)
        row_index = (m + a.row_every - 1) / a.row_every;
    else if (a.rows_h != nullptr && bottom % a.row_every == 0)
        row_index = bottom / a.row_every;
    if (row_index >= 0) {
        check_h = a.rows_h + static_cast<std::int64_t>(row_index) * (n + 1);
        check_i = a.rows_i + static_cast<std::int64_t>(row_index) * (n + 1);
    }
    // Last: the lane and register holding row m.
    const int km = m - base;
    const bool holds_m = Last && km >= 0 && km < R;
    ::cuda::atomic_ref<int, ::cuda::thread_scope_device> published(a.progress[s]);

    // Local: the strip's best cell of this lane (only scores above 0 can beat H(0, 0) = 0).
    std::int32_t best_score = 0;
    EndCell strip_best;
    // The next column whose H and D are kept (a counter rather than a division a step).
    int next_column = min(n, a.column_every);
    // The target code of the lane's next column, loaded a step ahead so that its latency is off
    // the step's critical path.
    int next_code = a.target[0];
    const int steps = n + 31;
    for (int step = 0; step < steps; ++step) {
        if ((step & 31) == 0) {
            const int jl = step + 1 + lane;
            if (s == 0) {
                chunk_h = row0_h(a, jl);
                chunk_i = kMinusInfinity;
            } else {
                load_strip_above(&a.progress[s - 1], min(n, step + 32), in_h, in_i, jl, jl <= n,
                                 chunk_h, chunk_i);
            }
            __syncwarp();
        }
        std::int32_t up_h, up_i;
        row_above(step, lane, chunk_h, chunk_i, out_h, out_i, up_h, up_i);
        const int j = step - lane + 1;
        if (j < 1 || j > n) continue;
        const int code = next_code;
        if (j < n) next_code = a.target[j];
        const int4* scores = profile + code * (R / 4) * 32 + lane;
        std::int32_t h_diag = diag;
        diag = up_h;
        std::int32_t m_h = 0, m_i = 0;
#pragma unroll
        for (int q = 0; q < R / 4; ++q) {
            const int4 sub4 = scores[q * 32];
#pragma unroll
            for (int r = 0; r < 4; ++r) {
                const int k = 4 * q + r;
                const CellValues cell = update_cell_dpx(h_diag, up_h, up_i, hl[k], dl[k],
                                                        lane_of(sub4, r), gaps, a.floor);
                h_diag = hl[k];
                hl[k] = cell.h;
                dl[k] = cell.d;
                up_h = cell.h;
                up_i = cell.i;
                if (Last && k == km) {
                    m_h = cell.h;
                    m_i = cell.i;
                }
            }
        }
        out_h = up_h;
        out_i = up_i;
        if constexpr (Local) {
            // Columns in order, rows in order within one: the first cell above the best so far
            // is the best by the tie rule (rows below m lose to a real cell, see kPadScore).
            std::int32_t column_max = hl[0];
#pragma unroll
            for (int k = 1; k + 1 < R; k += 2)
                column_max = __vimax3_s32(column_max, hl[k], hl[k + 1]);
            if (R % 2 == 0) column_max = max(column_max, hl[R - 1]);
            if (column_max > best_score) {
                best_score = column_max;
                int row = base;
#pragma unroll
                for (int k = R - 1; k >= 0; --k)
                    if (hl[k] == column_max) row = base + k;
                strip_best = {column_max, row, j};
            }
        }
        if constexpr (Last) {
            if (holds_m) {
                check_h[j] = m_h;
                check_i[j] = m_i;
            }
        } else if (lane == 31) {
            ring_h[j] = out_h;
            ring_i[j] = out_i;
            if (check_h != nullptr) {
                check_h[j] = out_h;
                check_i[j] = out_i;
            }
            // Release: the row's columns up to j are visible before the count says so.
            if ((j & 31) == 0 || j == n) published.store(j, ::cuda::memory_order_release);
        }
        if (j == next_column) {
            next_column = min(n, next_column + a.column_every);
            const int c = (j + a.column_every - 1) / a.column_every;
            std::int32_t* col_h = a.columns_h + static_cast<std::int64_t>(c) * (m + 1);
            std::int32_t* col_d = a.columns_d + static_cast<std::int64_t>(c) * (m + 1);
#pragma unroll
            for (int k = 0; k < R; ++k)
                if (base + k <= m) {
                    col_h[base + k] = hl[k];
                    col_d[base + k] = dl[k];
                }
        }
    }
    // Strips of one warp go down the rows, each from column 1: the tie rule decides between them.
    if (Local && strip_best.score != INT64_MIN)
        offer_end(best, strip_best.score, strip_best.i, strip_best.j);
}

// Best of two end cells by the tie rule, across a warp.
__device__ EndCell warp_best(EndCell mine) {
    for (int offset = 16; offset > 0; offset >>= 1) {
        EndCell other;
        other.score = __shfl_down_sync(kStripFullMask, mine.score, offset);
        other.i = __shfl_down_sync(kStripFullMask, mine.i, offset);
        other.j = __shfl_down_sync(kStripFullMask, mine.j, offset);
        if (ends_better(other.score, other.i, other.j, mine)) mine = other;
    }
    return mine;
}

// The entries of the kept rows and columns that the forward kernel does not write: the boundary
// row and column themselves, and column 0 of every kept row and row 0 of every kept column, so
// that the checkpoints on the device are whole (the traceback reads them there).
__global__ void edges_kernel(ForwardArgs a, int row_count, int column_count) {
    const std::int64_t n1 = a.n + 1, m1 = a.m + 1;
    const std::int64_t total = n1 + m1 + row_count + column_count;
    for (std::int64_t k = blockIdx.x * static_cast<std::int64_t>(blockDim.x) + threadIdx.x;
         k < total; k += static_cast<std::int64_t>(gridDim.x) * blockDim.x) {
        std::int64_t x = k;
        if (x < n1) {
            a.rows_h[x] = row0_h(a, static_cast<int>(x));
            a.rows_i[x] = kMinusInfinity;
            continue;
        }
        x -= n1;
        if (x < m1) {
            a.columns_h[x] = column0_h(a, static_cast<int>(x));
            a.columns_d[x] = kMinusInfinity;
            continue;
        }
        x -= m1;
        if (x < row_count) {
            const int i = static_cast<int>(min(static_cast<std::int64_t>(a.m), x * a.row_every));
            a.rows_h[x * n1] = column0_h(a, i);
            a.rows_i[x * n1] = kMinusInfinity;
            continue;
        }
        x -= row_count;
        const int j = static_cast<int>(min(static_cast<std::int64_t>(a.n), x * a.column_every));
        a.columns_h[x * m1] = row0_h(a, j);
        a.columns_d[x * m1] = kMinusInfinity;
    }
}

template <int R, bool Local>
__global__ void __launch_bounds__(kWarpsPerBlock * 32) forward_kernel(ForwardArgs a) {
    extern __shared__ int4 shared_profile[];
    const int warp = static_cast<int>(threadIdx.x >> 5);
    int4* profile = shared_profile + warp * a.alphabet * (R / 4) * 32;
    const int workers = static_cast<int>(gridDim.x) * kWarpsPerBlock;
    const int worker = static_cast<int>(blockIdx.x) * kWarpsPerBlock + warp;
    EndCell best;  // score INT64_MIN: nothing yet
    for (int s = worker; s < a.strips; s += workers) {
        if (s == a.strips - 1)
            fill_strip<R, Local, true>(a, s, profile, best);
        else
            fill_strip<R, Local, false>(a, s, profile, best);
    }
    if constexpr (Local) {
        best = warp_best(best);
        if ((threadIdx.x & 31) == 0) a.worker_best[worker] = best;
    }
}

template <int R>
void launch(const ForwardArgs& args, bool local, int device, DeviceBuffer<EndCell>& best,
            ForwardArgs& out_args) {
    const std::size_t shared =
        static_cast<std::size_t>(kWarpsPerBlock) * args.alphabet * (R / 4) * 32 * sizeof(int4);
    auto kernel = local ? forward_kernel<R, true> : forward_kernel<R, false>;
    TROPIC_CUDA_CHECK(cudaFuncSetAttribute(kernel, cudaFuncAttributeMaxDynamicSharedMemorySize,
                                           static_cast<int>(shared)));
    int per_sm = 0, sms = 0;
    TROPIC_CUDA_CHECK(cudaOccupancyMaxActiveBlocksPerMultiprocessor(&per_sm, kernel,
                                                                    kWarpsPerBlock * 32, shared));
    TROPIC_CUDA_CHECK(cudaDeviceGetAttribute(&sms, cudaDevAttrMultiProcessorCount, device));
    if (per_sm == 0)
        throw ResourceError("the alignment kernel does not fit a multiprocessor of this device");
    // Every warp resident at once (a strip waits on the one before it), none without a strip.
    const int blocks =
        std::max(1, std::min(per_sm * sms, (args.strips + kWarpsPerBlock - 1) / kWarpsPerBlock));
    best.resize(static_cast<std::size_t>(blocks) * kWarpsPerBlock);
    out_args = args;
    out_args.worker_best = best.data();
    kernel<<<blocks, kWarpsPerBlock * 32, shared, cudaStreamPerThread>>>(out_args);
    TROPIC_CUDA_CHECK_LAUNCH("align forward_kernel");
}

std::int64_t ceil_div(std::int64_t a, std::int64_t b) {
    return (a + b - 1) / b;
}

}  // namespace

std::int64_t strip_rows(std::int64_t m) {
    // About 2,000 warps are resident on an H100 (132 multiprocessors): taller strips (fewer
    // shuffles a cell) once there are that many strips, shorter ones so that a shorter pair
    // still keeps most warps busy.
    // Measured on an H100 (bench_align_gpu score_local_strip): 1 Mbp x 1 Mbp in 662 ms with
    // 512-row strips (1,953 warps), 899 ms with 256 (3,907 warps): per-step costs shared by more
    // cells outweigh the fuller occupancy.
    if (m >= 1024 * 512) return 512;
    if (m >= 1024 * 256) return 256;
    return 128;
}

std::uint64_t forward_device_bytes(std::int64_t m, std::int64_t n, std::int64_t block_rows,
                                   std::int64_t block_columns) {
    const std::int64_t rows = block_rows > 0 ? ceil_div(m, block_rows) + 1 : 2;
    const std::int64_t columns = block_rows > 0 ? ceil_div(n, block_columns) + 1 : 2;
    const std::int64_t strips = ceil_div(std::max<std::int64_t>(m, 1), strip_rows(m));
    return static_cast<std::uint64_t>(8 * (rows * (n + 1) + columns * (m + 1) + 2 * (n + 1)) +
                                      4 * strips + m + n + (64 << 10) + (1 << 20));
}

namespace {

// What the forward fill leaves on the device: the pair, and the kept rows and columns (whole,
// boundaries included), with the end cell.
struct DeviceForward {
    DeviceBuffer<std::uint8_t> query, target;
    DeviceBuffer<std::int32_t> matrix;
    DeviceBuffer<std::int32_t> rows_h, rows_i, columns_h, columns_d;
    std::int64_t row_every = 1, column_every = 1, row_count = 0, column_count = 0;
    EndCell end;
};

void check_device_fit(std::int64_t m, std::int64_t n, std::uint64_t need,
                      const MemoryBudget& budget, bool traceback) {
    if (need > budget.bytes)
        throw ResourceError(does_not_fit_message(
            "a pairwise alignment of " + std::to_string(m) + " x " + std::to_string(n) +
                " residues",
            need, budget,
            traceback ? "use --score-only, or the cpu backend" : std::string(kUseCpuBackend)));
}

// The forward fill of a pair with m, n > 0 on the current device, keeping rows every row_every
// and columns every column_every (row_every = m, column_every = n: row m and column n alone).
void run_forward(const TileProblem& problem, std::int64_t row_every, std::int64_t column_every,
                 std::int64_t strip, int device, DeviceForward& f) {
    const std::int64_t m = problem.m, n = problem.n;
    f.row_every = row_every;
    f.column_every = column_every;
    f.row_count = ceil_div(m, row_every) + 1;
    f.column_count = ceil_div(n, column_every) + 1;
    const auto n1 = static_cast<std::size_t>(n + 1), m1 = static_cast<std::size_t>(m + 1);

    f.query.assign({problem.query, static_cast<std::size_t>(m)});
    f.target.assign({problem.target, static_cast<std::size_t>(n)});
    f.matrix.assign(problem.matrix->scores);
    DeviceBuffer<std::int32_t> ring_h(2 * n1), ring_i(2 * n1);
    const auto strips = static_cast<int>(ceil_div(m, strip));
    DeviceBuffer<int> progress(static_cast<std::size_t>(strips));
    TROPIC_CUDA_CHECK(
        cudaMemsetAsync(progress.data(), 0, sizeof(int) * strips, cudaStreamPerThread));
    f.rows_h.resize(f.row_count * n1);
    f.rows_i.resize(f.row_count * n1);
    f.columns_h.resize(f.column_count * m1);
    f.columns_d.resize(f.column_count * m1);

    ForwardArgs args{};
    args.query = f.query.data();
    args.target = f.target.data();
    args.m = static_cast<int>(m);
    args.n = static_cast<int>(n);
    args.matrix = f.matrix.data();
    args.alphabet = problem.matrix->size;
    args.gaps = problem.gaps;
    args.mode = problem.mode;
    args.floor = h_floor(problem.mode);
    args.strips = strips;
    args.ring_h = ring_h.data();
    args.ring_i = ring_i.data();
    args.progress = progress.data();
    args.rows_h = f.rows_h.data();
    args.rows_i = f.rows_i.data();
    args.row_every = static_cast<int>(row_every);
    args.columns_h = f.columns_h.data();
    args.columns_d = f.columns_d.data();
    args.column_every = static_cast<int>(column_every);

    edges_kernel<<<64, 256, 0, cudaStreamPerThread>>>(args, static_cast<int>(f.row_count),
                                                      static_cast<int>(f.column_count));
    TROPIC_CUDA_CHECK_LAUNCH("align edges_kernel");
    const bool local = problem.mode == AlignMode::Local;
    DeviceBuffer<EndCell> best;
    ForwardArgs launched{};
    if (strip == 512)
        launch<16>(args, local, device, best, launched);
    else if (strip == 256)
        launch<8>(args, local, device, best, launched);
    else
        launch<4>(args, local, device, best, launched);

    // Row m and column n (the last kept ones), for the end cell.
    std::vector<std::int32_t> last_row(n1), last_column(m1);
    TROPIC_CUDA_CHECK(cudaMemcpyAsync(last_row.data(), f.rows_h.data() + (f.row_count - 1) * n1,
                                      n1 * sizeof(std::int32_t), cudaMemcpyDeviceToHost,
                                      cudaStreamPerThread));
    TROPIC_CUDA_CHECK(
        cudaMemcpyAsync(last_column.data(), f.columns_h.data() + (f.column_count - 1) * m1,
                        m1 * sizeof(std::int32_t), cudaMemcpyDeviceToHost, cudaStreamPerThread));
    std::vector<EndCell> bests(best.size());
    TROPIC_CUDA_CHECK(cudaMemcpyAsync(bests.data(), best.data(), bests.size() * sizeof(EndCell),
                                      cudaMemcpyDeviceToHost, cudaStreamPerThread));
    TROPIC_CUDA_CHECK(cudaStreamSynchronize(cudaStreamPerThread));

    // The end cell (pairwise.hpp).
    f.end = EndCell{};
    switch (problem.mode) {
        case AlignMode::Local:
            offer_end(f.end, 0, 0, 0);
            for (const EndCell& cell : bests)
                if (cell.score != INT64_MIN) offer_end(f.end, cell.score, cell.i, cell.j);
            break;
        case AlignMode::Global:
            f.end = {last_row[n], m, n};
            break;
        case AlignMode::Glocal:
            for (std::int64_t j = 0; j <= n; ++j) offer_end(f.end, last_row[j], m, j);
            break;
        case AlignMode::Overlap:
            for (std::int64_t j = 0; j <= n; ++j) offer_end(f.end, last_row[j], m, j);
            for (std::int64_t i = 0; i <= m; ++i) offer_end(f.end, last_column[i], i, n);
            break;
    }
}

std::vector<std::vector<std::int32_t>> copy_back(const DeviceBuffer<std::int32_t>& from,
                                                 std::int64_t count, std::size_t length) {
    std::vector<std::int32_t> all(static_cast<std::size_t>(count) * length);
    TROPIC_CUDA_CHECK(cudaMemcpy(all.data(), from.data(), all.size() * sizeof(std::int32_t),
                                 cudaMemcpyDeviceToHost));
    std::vector<std::vector<std::int32_t>> out;
    for (std::int64_t k = 0; k < count; ++k)
        out.emplace_back(all.begin() + k * length, all.begin() + (k + 1) * length);
    return out;
}

DevicePair device_pair(const TileProblem& problem, const DeviceForward& f) {
    DevicePair pair;
    pair.query = f.query.data();
    pair.target = f.target.data();
    pair.matrix = f.matrix.data();
    pair.alphabet = problem.matrix->size;
    pair.gaps = problem.gaps;
    pair.mode = problem.mode;
    return pair;
}

}  // namespace

DeviceFill fill_pair_cuda(const TileProblem& problem, std::int64_t block_rows,
                          std::int64_t block_columns, int device, std::int64_t strip) {
    const std::int64_t m = problem.m, n = problem.n;
    const bool keep = block_rows > 0;
    DeviceFill out;
    if (m == 0 || n == 0) {
        // Nothing to fill: the boundaries alone (the CPU's fill gives them in O(m + n)).
        const FillPlan plan{keep ? block_rows : std::max<std::int64_t>(1, m),
                            keep ? block_columns : std::max<std::int64_t>(1, n)};
        FillOutcome filled =
            fill_pair(problem, plan, kernel_ladder(problem).back().kernel, keep, nullptr, {}, 0);
        out.end = filled.end;
        if (keep) out.checkpoints = std::move(filled.checkpoints);
        return out;
    }
    if (strip == 0) strip = strip_rows(m);
    if (strip != 128 && strip != 256 && strip != 512)
        throw InternalError("align: device strips are 128, 256 or 512 rows");
    if (keep && block_rows % strip != 0)
        throw InternalError("align: device checkpoint rows must be a multiple of the strip height");

    TROPIC_CUDA_CHECK(cudaSetDevice(device));
    check_device_fit(m, n, forward_device_bytes(m, n, block_rows, block_columns),
                     tropic::detail::cuda::device_budget(device), keep);
    DeviceForward f;
    run_forward(problem, keep ? block_rows : m, keep ? block_columns : n, strip, device, f);
    out.end = f.end;
    if (keep) {
        Checkpoints& c = out.checkpoints;
        c.block_rows = block_rows;
        c.block_columns = block_columns;
        c.row_h = copy_back(f.rows_h, f.row_count, static_cast<std::size_t>(n + 1));
        c.row_i = copy_back(f.rows_i, f.row_count, static_cast<std::size_t>(n + 1));
        c.column_h = copy_back(f.columns_h, f.column_count, static_cast<std::size_t>(m + 1));
        c.column_d = copy_back(f.columns_d, f.column_count, static_cast<std::size_t>(m + 1));
    }
    return out;
}

std::int64_t device_trace_side(std::int64_t m, std::int64_t n, std::uint64_t usable_bytes) {
    // Checkpoints every s rows and columns take 16 m n / s bytes: half the usable device memory
    // at most (the direction tiles and the forward pass's buffers take from the other half).
    const double cells16 = 16.0 * static_cast<double>(m) * static_cast<double>(n);
    const double budget = static_cast<double>(std::max<std::uint64_t>(usable_bytes / 2, 1));
    const auto fitting = static_cast<std::int64_t>(std::ceil(cells16 / budget));
    const std::int64_t strip = strip_rows(m);
    return ceil_div(std::max(kDeviceTraceSide, fitting), strip) * strip;
}

PairAlignment trace_pair_cuda(const TileProblem& problem, std::int64_t side, int device) {
    const std::int64_t m = problem.m, n = problem.n;
    if (m == 0 || n == 0) {
        const FillPlan plan{std::max<std::int64_t>(1, m), std::max<std::int64_t>(1, n)};
        const FillOutcome filled =
            fill_pair(problem, plan, kernel_ladder(problem).back().kernel, true, nullptr, {}, 0);
        return trace_alignment(problem, filled.end, filled.checkpoints);
    }
    TROPIC_CUDA_CHECK(cudaSetDevice(device));
    const MemoryBudget budget = tropic::detail::cuda::device_budget(device);
    if (side <= 0) side = device_trace_side(m, n, budget.bytes);
    if (side % strip_rows(m) != 0)
        throw InternalError("align: device checkpoint rows must be a multiple of the strip height");
    // Tiles never reach past the pair: a side beyond it only wastes buffers.
    const std::int64_t tile_rows = std::min(side, m), tile_columns = std::min(side, n);
    check_device_fit(m, n,
                     forward_device_bytes(m, n, side, side) +
                         DirectionFiller::device_bytes(tile_rows, tile_columns),
                     budget, true);
    DeviceForward f;
    run_forward(problem, side, side, strip_rows(m), device, f);
    DirectionFiller filler(tile_rows, tile_columns);
    const DevicePair pair = device_pair(problem, f);
    const auto n1 = n + 1, m1 = m + 1;
    const TileDirections directions = [&](const TileBounds& bounds, std::int64_t b,
                                          std::int64_t c) {
        DirectionTile tile;
        tile.bounds = bounds;
        tile.top_h = f.rows_h.data() + b * n1;
        tile.top_i = f.rows_i.data() + b * n1;
        tile.left_h = f.columns_h.data() + c * m1;
        tile.left_d = f.columns_d.data() + c * m1;
        return filler.fill(pair, tile);
    };
    return trace_alignment(problem, f.end, side, side, directions);
}

void fill_directions_cuda(const TileProblem& problem, const DirectionTile& tile,
                          std::vector<std::uint8_t>& dirs, int device) {
    const auto [r0, r1, c0, c1] = tile.bounds;
    const std::int64_t height = r1 - r0, width = c1 - c0;
    dirs.resize(static_cast<std::size_t>(height * width));
    if (height <= 0 || width <= 0) return;
    TROPIC_CUDA_CHECK(cudaSetDevice(device));
    DeviceBuffer<std::uint8_t> query, target;
    query.assign({problem.query, static_cast<std::size_t>(problem.m)});
    target.assign({problem.target, static_cast<std::size_t>(problem.n)});
    DeviceBuffer<std::int32_t> matrix;
    matrix.assign(problem.matrix->scores);
    // The edges as the tile's DP indices reach them: the top row up to column c1 - 1, the left
    // column up to row r1 - 1 (the kernel reads what fill_directions_cpu reads, no more).
    DeviceBuffer<std::int32_t> d_top_h, d_top_i, d_left_h, d_left_d;
    d_top_h.assign({tile.top_h, static_cast<std::size_t>(c1)});
    d_top_i.assign({tile.top_i, static_cast<std::size_t>(c1)});
    d_left_h.assign({tile.left_h, static_cast<std::size_t>(r1)});
    d_left_d.assign({tile.left_d, static_cast<std::size_t>(r1)});
    DeviceForward f;  // only the pair
    f.query = std::move(query);
    f.target = std::move(target);
    f.matrix = std::move(matrix);
    DirectionTile device_tile;
    device_tile.bounds = tile.bounds;
    device_tile.top_h = d_top_h.data();
    device_tile.top_i = d_top_i.data();
    device_tile.left_h = d_left_h.data();
    device_tile.left_d = d_left_d.data();
    DirectionFiller filler(height, width);
    const std::uint8_t* bytes = filler.fill(device_pair(problem, f), device_tile);
    std::copy(bytes, bytes + height * width, dirs.begin());
}

}  // namespace tropic::align::detail::cuda
