// CUDA MFE fold: the tables of mfe.hpp filled one diagonal j - i = d at a time, all cells of a
// diagonal at once, then the exterior loop F5 and the traceback (mfe_traceback.cu) on the
// device; only energies and structures come back.
//
// Batch mode (mfe_batch.cu): every fold of a chunk, one thread per cell, diagonal-major tables.
//
// Long mode (one fold at a time, see kMfeLongLength; this file), one warp per cell:
//   - the interior loops of (i,j): the warp's lanes share the candidates;
//   - the multiloop splits min_k FML(i+1,k) + FM1(k+1,j-1) and min_k FML(i,k) + FML(k+1,j): the
//     lanes stride along two contiguous rows of the square layout (mfe_device.cuh);
//   - the bulk of both splits comes from the tropical engine: before diagonal (e-1)T, every
//     T x T tile (A, A+e) of
//       Q2(i,j) = min over k in tiles A+2 .. A+e-2 of FML(i,k) + FML(k+1,j)
//       Q1(a,b) = min over k in tiles A+2 .. A+e-2 of FML(a,k) + FM1(k+1,b)
//     is one (min,+) block-tile product of rows that are already final (their diagonals are
//     below (e-1)T), and the warp of cell (i,j) only adds the k in the tiles next to its own
//     (about 3T terms instead of d).
#include <algorithm>
#include <atomic>
#include <cmath>
#include <cstdio>
#include <cstring>
#include <cub/warp/warp_reduce.cuh>
#include <cuda/functional>
#include <numeric>
#include <string>
#include <vector>

#include "core/cuda/device_buffer.cuh"
#include "core/cuda/device_fill.cuh"
#include "core/cuda/device_memory.cuh"
#include "core/internal/memory_fit.hpp"
#include "core/internal/profile.hpp"
#include "rna/mfe/cuda/mfe_cuda.hpp"
#include "rna/mfe/cuda/mfe_kernels.cuh"
#include "semiring/device/tropical_block_tile.cuh"
#include "tropic/core/error.hpp"

namespace tropic::rna::detail::cuda {

namespace {

using tropic::detail::cuda::DeviceBuffer;
constexpr int kInf = kInfEnergy;
constexpr int kCellWarps = 8;  // cells (one warp each) per block of the diagonal kernel
constexpr int kSplitTile = 128;
using Split = semiring::MinPlus<std::int32_t>;  // the splits' semiring
using SplitTile =
    semiring::cuda::TropicalBlockTile<Split, semiring::cuda::BLayout::Transposed, kSplitTile>;

// The minimum over a cell's warp, valid in lane 0 (the lane that writes the cell's tables). A
// whole warp reduces through shuffles (redux on sm_80+): its TempStorage holds nothing, so
// successive reductions need no __syncwarp between them.
using WarpMin = cub::WarpReduce<int>;

// This lane's part of min over k in [lo, hi] of x[k] + y[k]. The (min,+) dot product of the
// engine's device interface (tropical_dot) is one thread's, on 16-byte vectors; here a warp
// shares one dot product, lane l taking k = l (mod 32), so that each step reads 32 consecutive
// k of both rows at once. The step is the engine's (DPX add-min).
__device__ inline int lane_split(const int* x, const int* y, int lo, int hi, int lane, int v) {
    for (int k = lo + lane; k <= hi; k += 32) v = Split::multiply_add(x[k], y[k], v);
    return v;
}

// This lane's part of a split over [lo, hi] whose output cell, in product coordinates (a,b),
// has a tile product `q_cell` covering k in [(A+2)T, (B-1)T) once its tiles are 4 or more
// apart: then only the ends remain.
__device__ inline int split_part(const int* x, const int* y, int lo, int hi, int a, int b,
                                 const int* q_cell, int lane) {
    int v = kInf;  // as the CPU's min_split: nothing below kInf means "no split"
    const int ta = a / kSplitTile, tb = b / kSplitTile;
    if (tb - ta >= 4) {
        if (lane == 0) v = *q_cell;
        v = lane_split(x, y, lo, (ta + 2) * kSplitTile - 1, lane, v);
        return lane_split(x, y, (tb - 1) * kSplitTile, hi, lane, v);
    }
    return lane_split(x, y, lo, hi, lane, v);
}

// Long mode: cells (i, i+d) of fold 0, one warp each; the recurrences of mfe.hpp.
__global__ void __launch_bounds__(kCellWarps * 32, 5) diagonal_kernel(MfeDeviceArgs args, int d) {
    __shared__ WarpMin::TempStorage warp_min_storage[kCellWarps];
    const int lane = threadIdx.x % 32;
    const int i = blockIdx.x * kCellWarps + threadIdx.x / 32;
    auto warp_min = [&](int v) {
        return WarpMin(warp_min_storage[threadIdx.x / 32]).Reduce(v, ::cuda::minimum<>{});
    };
    const MfeDeviceFold fold = args.folds[0];
    const int j = i + d;
    if (j >= fold.n) return;
    const MfeModel m = fold_model(args, fold);
    const MfeSquares s = fold_squares(args, fold);
    const std::size_t ld = s.ld;
    const int t = m.allowed_type(i, j);
    int cij = kInf;
    if (t != 0) {
        const EnergyParams& P = *m.params;
        const int si1 = m.base[i + 1], sj1 = m.base[j - 1];
        // Each group's minimum over its candidates, then the terms of (i,j) it shares.
        int generic = kInf, bulge = kInf, one_n = kInf, best = kInf;
        auto each = [&](int begin, int end, auto&& score) {
            for (int index = begin + lane; index < end; index += 32) {
                const int2 candidate = args.candidates[index];
                const int n1 = candidate.x & 255, n2 = candidate.x >> 8;
                const int p = i + 1 + n1, q = j - 1 - n2;
                if (q - p - 1 >= kMfeMinHairpin) score(p, q, n1, n2, candidate.y);
            }
        };
        each(0, args.generic_end, [&](int p, int q, int, int, int cost) {
            const int inner = s.ci[p * ld + q];  // C + the inner mismatch
            if (inner < kInf) generic = min(generic, inner + cost);
        });
        each(args.generic_end, args.bulge_end, [&](int p, int q, int, int, int cost) {
            const int inner = s.c[p * ld + q];
            if (inner < kInf)
                bulge =
                    min(bulge, inner + cost + (pays_terminal_au(m.type(q, p)) ? P.terminal_au : 0));
        });
        each(args.bulge_end, args.one_n_end, [&](int p, int q, int, int, int cost) {
            const int inner = s.c[p * ld + q];
            if (inner < kInf)
                one_n = min(one_n,
                            inner + cost +
                                P.mismatch_interior_1n[m.type(q, p)][m.base[q + 1]][m.base[p - 1]]);
        });
        each(args.one_n_end, args.small_end, [&](int p, int q, int n1, int n2, int) {
            const int inner = n1 == 0 && n2 == 0 ? s.cc_cell(p, q) : s.c[p * ld + q];
            if (inner < kInf) best = min(best, inner + m.interior(i, j, t, p, q));
        });
        if (generic < kInf) best = min(best, generic + P.mismatch_interior[t][si1][sj1]);
        if (bulge < kInf) best = min(best, bulge + (pays_terminal_au(t) ? P.terminal_au : 0));
        if (one_n < kInf) best = min(best, one_n + P.mismatch_interior_1n[t][si1][sj1]);
        if (lane == 0) best = min(best, m.hairpin(i, j, t));
        int split =
            split_part(s.fml + (i + 1) * ld, s.c + (j - 1) * ld, i + kMfeMinHairpin + 2,
                       j - kMfeMinHairpin - 3, i + 1, j - 1, s.q + (j - 1) * ld + i + 1, lane);
        best = warp_min(best);
        split = warp_min(split);
        if (split < kInf) best = min(best, split + m.multi_closing(i, j, t));
        cij = best;
    }
    if (args.no_lonely_pairs) {
        if (lane == 0) s.cc_cell(i, j) = cij;
        cij = kInf;
        if (t != 0) {
            const int inner = s.cc_cell(i + 1, j - 1);
            if (inner < kInf) cij = inner + m.interior(i, j, t, i + 1, j - 1);
        }
    }
    int fml_split = split_part(s.fml + i * ld, s.fml + j * ld, i + kMfeMinHairpin + 1,
                               j - kMfeMinHairpin - 2, i, j, s.q + i * ld + j, lane);
    fml_split = warp_min(fml_split);
    if (lane != 0) return;
    const int ml_base = m.params->ml_base;
    const int stem = m.multi_helix(i, j, t, cij);
    int fml = min(min(stem, s.fml[(i + 1) * ld + j] + ml_base),
                  min(s.fml[i * ld + j - 1] + ml_base, fml_split));
    fml = min(fml, kInf);
    s.c[i * ld + j] = cij;
    s.ci[i * ld + j] =
        cij < kInf && i > 0 && j + 1 < fold.n
            ? cij + m.params->mismatch_interior[m.type(j, i)][m.base[j + 1]][m.base[i - 1]]
            : kInf;
    s.fml[i * ld + j] = fml;
    if (i > 0) {
        s.fml[j * ld + i - 1] = fml;
        s.c[j * ld + i - 1] = min(min(stem, s.c[(j - 1) * ld + i - 1] + ml_base), kInf);
    }
}

// Tiles (A, A+e) of Q2 (blockIdx.z 0) and Q1 (1), split along k over gridDim.y blocks that
// meet through atomicMin (the squares start at kInf).
__global__ void __launch_bounds__(SplitTile::kThreads)
    split_product_kernel(const int* fml, const int* c, int* q, int ld, int e) {
    __shared__ SplitTile::SharedStorage smem;
    const int ta = blockIdx.x, tb = ta + e;
    const bool multi = blockIdx.z == 1;
    const int tiles = e - 3, splits = gridDim.y;
    const int k_begin = ta + 2 + (tiles * int(blockIdx.y)) / splits;
    const int k_end = ta + 2 + (tiles * (int(blockIdx.y) + 1)) / splits;
    if (k_begin >= k_end) return;
    SplitTile tile;
    tile.clear(kInf);
    const std::size_t row0 = std::size_t(ta) * kSplitTile, col0 = std::size_t(tb) * kSplitTile;
    const int* a = fml + row0 * ld + std::size_t(k_begin) * kSplitTile;
    const int* bt = (multi ? c : fml) + col0 * ld + std::size_t(k_begin) * kSplitTile;
    tile.accumulate(a, ld, bt, ld, (k_end - k_begin) * kSplitTile, smem);
    tile.for_each([&](int r, int col, std::int32_t v) {
        if (v >= kInf) return;
        const std::size_t row = row0 + r, column = col0 + col;
        atomicMin(multi ? q + column * ld + row : q + row * ld + column, v);
    });
}

// F5 of fold blockIdx.x, pushed forward: once F5(k) is final, every helix (k,j) offers
// F5(k) + C(k,j) + its exterior term to best[j] (row k of C is contiguous), and then
// F5(k+1) = min(F5(k), best[k]) is final. The same minima as the CPU's F5 recurrence.
template <bool kLongMode>
// `scratch`: n ints of global memory for best[] when they do not fit in shared memory (long
// records), else nullptr.
__global__ void exterior_kernel(MfeDeviceArgs args, int* scratch) {
    extern __shared__ int shared_best[];  // n entries
    int* best = scratch != nullptr ? scratch : shared_best;
    const MfeDeviceFold fold = args.folds[blockIdx.x];
    const MfeModel m = fold_model(args, fold);
    // C(k,j): long mode's squares or batch mode's diagonal-major tables.
    auto c_at = [&](int k, int j) {
        if constexpr (kLongMode) {
            const MfeSquares s = fold_squares(args, fold);
            return s.c[std::size_t(k) * s.ld + j];
        } else {
            const MfeDiagonalTables x = fold_diagonal_tables(args, fold);
            return x.c[x.at(k, j)];
        }
    };
    int* f5 = args.f5 + fold.f5;
    const int n = fold.n;
    for (int j = threadIdx.x; j < n; j += blockDim.x) best[j] = kInf;
    __syncthreads();
    int f5_k = 0;
    for (int k = 0; k < n; ++k) {
        if (k > 0) f5_k = min(f5_k, best[k - 1]);
        if (threadIdx.x == 0) f5[k] = f5_k;
        for (int j = k + kMfeMinHairpin + 1 + threadIdx.x; j < n; j += blockDim.x) {
            const int ckj = c_at(k, j);
            if (ckj < kInf)
                best[j] = min(best[j], f5_k + ckj + m.exterior_stem(k, j, m.type(k, j)));
        }
        __syncthreads();
    }
    if (threadIdx.x == 0) f5[n] = n > 0 ? min(f5_k, best[n - 1]) : 0;
}

std::size_t round_up(std::size_t value, std::size_t step) {
    return (value + step - 1) / step * step;
}

int fold_ld(std::size_t n, bool long_mode) {
    return static_cast<int>(long_mode ? round_up(std::max<std::size_t>(n, 1), kSplitTile)
                                      : std::max<std::size_t>(n, 1));
}

// Tables (each ld x ld ints) of one fold.
int tables_per_fold(bool long_mode, bool no_lonely_pairs) {
    return long_mode ? kMfeLongSquares : mfe_batch_tables_per_fold(no_lonely_pairs);
}

std::uint64_t fold_bytes(std::size_t n, bool long_mode, bool no_lonely_pairs, bool with_mask) {
    const std::uint64_t ld = static_cast<std::uint64_t>(fold_ld(n, long_mode));
    const std::uint64_t squares = tables_per_fold(long_mode, no_lonely_pairs);
    return squares * ld * ld * sizeof(int) + (n + 1) * sizeof(int) + (n + 2) * sizeof(MfeInterval) +
           3 * n + (with_mask ? std::uint64_t(n) * n : 0) + sizeof(MfeDeviceFold) + sizeof(int);
}

// Device memory reused from chunk to chunk (buffers only grow).
struct Workspace {
    DeviceBuffer<EnergyParams> params;
    DeviceBuffer<int> hairpin_initiation;
    DeviceBuffer<int2> candidates;
    std::vector<int> group_ends;
    DeviceBuffer<int> tables, f5, failed, exterior_scratch;
    DeviceBuffer<std::uint8_t> sequence, masks;
    DeviceBuffer<std::int8_t> base;
    DeviceBuffer<char> structures;
    DeviceBuffer<MfeInterval> stacks;
    DeviceBuffer<MfeDeviceFold> folds;
};

// TROPIC_PROFILE=1: every chunk prints how its time splits between the tile products of the
// multiloop splits (long mode), the diagonal kernels and the rest (exterior loop, traceback),
// timed with events on the chunk's stream, and the products' (min,+) steps per second.
class ChunkProfile {
  public:
    ChunkProfile() : enabled_(profile::enabled()) {
        if (enabled_) start_ = record();
    }
    ~ChunkProfile() {
        for (cudaEvent_t e : events_) cudaEventDestroy(e);
    }
    void before_products() {
        if (enabled_) product_events_.push_back(record());
    }
    void after_products(double steps) {
        if (!enabled_) return;
        product_events_.push_back(record());
        steps_ += steps;
    }
    void diagonals_done() {
        if (enabled_) diagonals_ = record();
    }
    void report(std::size_t folds, int longest) {
        if (!enabled_) return;
        cudaEvent_t end = record();
        TROPIC_CUDA_CHECK(cudaEventSynchronize(end));
        float products = 0, fill = 0, rest = 0, ms = 0;
        for (std::size_t k = 0; k + 1 < product_events_.size(); k += 2) {
            TROPIC_CUDA_CHECK(
                cudaEventElapsedTime(&ms, product_events_[k], product_events_[k + 1]));
            products += ms;
        }
        TROPIC_CUDA_CHECK(cudaEventElapsedTime(&fill, start_, diagonals_));
        TROPIC_CUDA_CHECK(cudaEventElapsedTime(&rest, diagonals_, end));
        profile::print(
            "mfe %zu fold(s), longest %d nt: fill %.4f s (split products %.4f s, %.3g steps, "
            "%.2f T steps/s; diagonal kernels %.4f s), exterior + traceback %.4f s",
            folds, longest, fill / 1e3, products / 1e3, steps_,
            products > 0 ? steps_ / (products / 1e3) / 1e12 : 0.0, (fill - products) / 1e3,
            rest / 1e3);
        profile::record("mfe: split products", products / 1e3, steps_);
        profile::record("mfe: diagonal kernels", (fill - products) / 1e3);
        profile::record("mfe: exterior + traceback", rest / 1e3);
    }

  private:
    cudaEvent_t record() {
        cudaEvent_t e;
        TROPIC_CUDA_CHECK(cudaEventCreate(&e));
        events_.push_back(e);
        TROPIC_CUDA_CHECK(cudaEventRecord(e, cudaStreamPerThread));
        return e;
    }
    bool enabled_;
    std::vector<cudaEvent_t> events_, product_events_;
    cudaEvent_t start_{}, diagonals_{};
    double steps_ = 0;
};

// The test hook of mfe_cuda.hpp: F5's scratch in global memory whatever the length, and how many
// long-mode folds kept it there.
std::atomic<bool> f5_in_global_for_tests{false};
std::atomic<std::size_t> f5_global_folds{0};

// The share of a fold's work done once diagonals below d are: cells of diagonal x cost ~x.
double fill_fraction(int d, int n) {
    const double x = static_cast<double>(d) / n;
    return 3 * x * x - 2 * x * x * x;
}

// Where each fold of a chunk lies in the shared device buffers, and their sizes.
struct ChunkLayout {
    std::vector<MfeDeviceFold> folds;
    std::size_t table_ints = 0, bases = 0, masks = 0, f5 = 0, stack = 0;
};

// Plan: the offsets of the folds of `chunk` (indices into jobs, longest first).
ChunkLayout plan_chunk(std::span<const MfeJob> jobs, const std::vector<std::size_t>& chunk,
                       bool long_mode, const MfeParams& mfe_params) {
    ChunkLayout layout;
    layout.folds.resize(chunk.size());
    for (std::size_t f = 0; f < chunk.size(); ++f) {
        const MfeJob& job = jobs[chunk[f]];
        MfeDeviceFold& fold = layout.folds[f];
        fold.n = static_cast<int>(job.sequence.size());
        fold.ld = fold_ld(job.sequence.size(), long_mode);
        fold.tables = layout.table_ints;
        layout.table_ints +=
            std::size_t(tables_per_fold(long_mode, mfe_params.no_lonely_pairs)) * fold.ld * fold.ld;
        fold.bases = layout.bases;
        layout.bases += job.sequence.size();
        if (job.constraint != nullptr) {
            fold.mask = layout.masks;
            layout.masks += job.sequence.size() * job.sequence.size();
        }
        fold.f5 = layout.f5;
        layout.f5 += job.sequence.size() + 1;
        fold.stack = layout.stack;
        layout.stack += job.sequence.size() + 2;
    }
    return layout;
}

// Upload: the sequences, parameter codes and constraint masks of the chunk, and tables set to
// infinity.
void upload_chunk(std::span<const MfeJob> jobs, const std::vector<std::size_t>& chunk,
                  const ChunkLayout& layout, Workspace& w) {
    std::vector<std::uint8_t> sequence(layout.bases), mask_bytes(layout.masks);
    std::vector<std::int8_t> base(layout.bases);
    for (std::size_t f = 0; f < chunk.size(); ++f) {
        const MfeJob& job = jobs[chunk[f]];
        const MfeDeviceFold& fold = layout.folds[f];
        std::copy(job.sequence.begin(), job.sequence.end(), sequence.begin() + fold.bases);
        for (std::size_t k = 0; k < job.sequence.size(); ++k)
            base[fold.bases + k] = static_cast<std::int8_t>(param_base(job.sequence[k]));
        if (job.constraint != nullptr) {
            const auto allowed = job.constraint->allowed_mask();
            std::copy(allowed.begin(), allowed.end(), mask_bytes.begin() + fold.mask);
        }
    }
    w.sequence.assign(std::span<const std::uint8_t>(sequence));
    w.base.assign(std::span<const std::int8_t>(base));
    w.masks.assign(std::span<const std::uint8_t>(mask_bytes));
    w.folds.assign(std::span<const MfeDeviceFold>(layout.folds));
    w.tables.resize(std::max<std::size_t>(layout.table_ints, 1));
    w.f5.resize(layout.f5);
    w.stacks.resize(layout.stack);
    w.structures.resize(std::max<std::size_t>(layout.bases, 1));
    w.failed.resize(chunk.size());
    TROPIC_CUDA_CHECK(
        cudaMemsetAsync(w.failed.data(), 0, chunk.size() * sizeof(int), cudaStreamPerThread));
    tropic::detail::cuda::fill_async(w.tables.data(), layout.table_ints, kInf);
}

// The kernels' view of the workspace.
MfeDeviceArgs device_args(Workspace& w, const MfeParams& mfe_params) {
    MfeDeviceArgs args{};
    args.params = w.params.data();
    args.hairpin_initiation = w.hairpin_initiation.data();
    args.sequence = w.sequence.data();
    args.base = w.base.data();
    args.masks = w.masks.data();
    args.candidates = w.candidates.data();
    args.generic_end = w.group_ends[0];
    args.bulge_end = w.group_ends[1];
    args.one_n_end = w.group_ends[2];
    args.small_end = w.group_ends[3];
    args.tables = w.tables.data();
    args.f5 = w.f5.data();
    args.folds = w.folds.data();
    args.dangles = mfe_params.dangles;
    args.no_lonely_pairs = mfe_params.no_lonely_pairs;
    args.max_span = mfe_params.max_bp_span;
    return args;
}

// Long mode: the tile products of tile-diagonal e (see the top of this file).
void launch_split_products(const MfeDeviceArgs& args, int ld, int e, ChunkProfile& profile) {
    const int tiles_across = ld / kSplitTile;
    if (e < 4 || tiles_across <= e) return;
    const int tiles = tiles_across - e;
    // Few tiles: split k over more blocks to fill the device (two products per tile).
    const int splits = std::max(1, std::min(e - 3, (264 + 2 * tiles - 1) / (2 * tiles)));
    const std::size_t square = std::size_t(ld) * ld;
    int* fml = args.tables;
    int* c = fml + square;
    int* q = fml + std::size_t(kMfeLongSquares - 1) * square;
    profile.before_products();
    split_product_kernel<<<dim3(tiles, splits, 2), SplitTile::kThreads>>>(fml, c, q, ld, e);
    TROPIC_CUDA_CHECK_LAUNCH("split_product_kernel");
    profile.after_products(2.0 * tiles * (e - 3) * std::pow(double(kSplitTile), 3));
}

// Launch: the cells diagonal by diagonal (with long mode's products); `report(d)` hears every
// 256th diagonal.
template <class Report>
void launch_diagonals(const MfeDeviceArgs& args, const ChunkLayout& layout, bool long_mode,
                      ChunkProfile& profile, Report report) {
    const std::vector<MfeDeviceFold>& folds = layout.folds;
    const int longest = folds.front().n;
    std::size_t active = folds.size();  // folds longer than d: a prefix, lengths descend
    for (int d = kMfeMinHairpin + 1; d < longest; ++d) {
        while (active > 0 && folds[active - 1].n <= d) --active;
        if (long_mode && d % kSplitTile == 0)
            launch_split_products(args, folds.front().ld, d / kSplitTile + 1, profile);
        const int cells = longest - d;
        if (long_mode) {
            diagonal_kernel<<<(cells + kCellWarps - 1) / kCellWarps, kCellWarps * 32>>>(args, d);
            TROPIC_CUDA_CHECK_LAUNCH("diagonal_kernel");
        } else {
            launch_mfe_batch_diagonal(args, d, cells, int(active));
        }
        if (d % 256 == 0) report(d);
    }
    profile.diagonals_done();
}

// Launch: the exterior loop F5 of every fold, then the traceback.
void launch_exterior_and_traceback(const MfeDeviceArgs& args, const ChunkLayout& layout,
                                   bool long_mode, Workspace& w) {
    const int longest = layout.folds.front().n;
    const auto folds = unsigned(layout.folds.size());
    // F5's best[] in shared memory where it fits (up to ~57,000 nt on Hopper), else global
    // memory (set_mfe_f5_in_global_for_tests forces that for long mode).
    std::size_t exterior_shared = std::size_t(longest) * sizeof(int);
    int device = 0, shared_limit = 0;
    TROPIC_CUDA_CHECK(cudaGetDevice(&device));
    TROPIC_CUDA_CHECK(
        cudaDeviceGetAttribute(&shared_limit, cudaDevAttrMaxSharedMemoryPerBlockOptin, device));
    int* exterior_scratch = nullptr;
    if (long_mode && (exterior_shared > std::size_t(shared_limit) || f5_in_global_for_tests)) {
        ++f5_global_folds;
        w.exterior_scratch.resize(std::size_t(longest));
        exterior_scratch = w.exterior_scratch.data();
        exterior_shared = 0;
    }
    auto exterior = long_mode ? exterior_kernel<true> : exterior_kernel<false>;
    TROPIC_CUDA_CHECK(cudaFuncSetAttribute(exterior, cudaFuncAttributeMaxDynamicSharedMemorySize,
                                           int(std::max<std::size_t>(exterior_shared, 1))));
    exterior<<<folds, long_mode ? 1024 : 32, exterior_shared>>>(args, exterior_scratch);
    TROPIC_CUDA_CHECK_LAUNCH("exterior_kernel");
    launch_mfe_traceback(args, int(folds), long_mode, w.stacks.data(), w.structures.data(),
                         w.failed.data());
}

// Collect: every fold's energy F5(n) and structure.
void collect_chunk(const std::vector<std::size_t>& chunk, const ChunkLayout& layout, Workspace& w,
                   std::vector<MfeResult>& results) {
    std::vector<char> structures(layout.bases);
    std::vector<int> f5_values(layout.f5), failed(chunk.size());
    TROPIC_CUDA_CHECK(
        cudaMemcpy(structures.data(), w.structures.data(), layout.bases, cudaMemcpyDeviceToHost));
    TROPIC_CUDA_CHECK(
        cudaMemcpy(f5_values.data(), w.f5.data(), layout.f5 * sizeof(int), cudaMemcpyDeviceToHost));
    TROPIC_CUDA_CHECK(cudaMemcpy(failed.data(), w.failed.data(), chunk.size() * sizeof(int),
                                 cudaMemcpyDeviceToHost));
    for (std::size_t f = 0; f < chunk.size(); ++f) {
        if (failed[f] != 0)
            throw InternalError("MFE traceback on the GPU: the tables do not explain the minimum");
        const MfeDeviceFold& fold = layout.folds[f];
        MfeResult& result = results[chunk[f]];
        result.energy = f5_values[fold.f5 + fold.n];
        result.structure.assign(structures.data() + fold.bases, std::size_t(fold.n));
    }
}

// Folds `chunk` (indices into jobs, longest first) together; long_mode: one fold with products.
void fold_chunk(std::span<const MfeJob> jobs, const std::vector<std::size_t>& chunk, bool long_mode,
                const MfeParams& mfe_params, Workspace& w, std::vector<MfeResult>& results,
                const Progress& on_progress) {
    const ChunkLayout layout = plan_chunk(jobs, chunk, long_mode, mfe_params);
    upload_chunk(jobs, chunk, layout, w);
    const MfeDeviceArgs args = device_args(w, mfe_params);
    const int longest = layout.folds.front().n;
    const std::size_t record = jobs[chunk.front()].record;
    const bool report = long_mode && on_progress && longest >= int(kMfeProgressMinLength);
    ChunkProfile profile;
    launch_diagonals(args, layout, long_mode, profile, [&](int d) {
        if (!report) return;
        TROPIC_CUDA_CHECK(cudaStreamSynchronize(cudaStreamPerThread));
        on_progress(record, 0.98 * fill_fraction(d, longest));
    });
    launch_exterior_and_traceback(args, layout, long_mode, w);
    profile.report(layout.folds.size(), longest);
    collect_chunk(chunk, layout, w, results);
    if (report) on_progress(record, 1.0);
}

// Which jobs fold alone in long mode and which together in batch mode.
struct JobPlan {
    std::vector<std::size_t> long_jobs, short_jobs;
    std::size_t longest = 0;
};

JobPlan plan_jobs(std::span<const MfeJob> jobs) {
    JobPlan plan;
    for (std::size_t r = 0; r < jobs.size(); ++r) {
        const std::size_t n = jobs[r].sequence.size();
        plan.longest = std::max(plan.longest, n);
        if (n == 0) continue;  // energy 0, empty structure
        (n >= kMfeLoneLength ? plan.long_jobs : plan.short_jobs).push_back(r);
    }
    // Records of kMfeLoneLength..kMfeLongLength-1 nt go back to the batch when they are many.
    if (plan.long_jobs.size() >= kMfeLoneCount) {
        std::vector<std::size_t> longest_only;
        for (std::size_t r : plan.long_jobs)
            (jobs[r].sequence.size() >= kMfeLongLength ? longest_only : plan.short_jobs)
                .push_back(r);
        plan.long_jobs.swap(longest_only);
    }
    return plan;
}

// Refuses, before anything is allocated, a long-mode fold that does not fit the device's budget;
// returns the budget's bytes.
std::uint64_t check_long_jobs_fit(std::span<const MfeJob> jobs,
                                  const std::vector<std::size_t>& long_jobs,
                                  const MfeParams& mfe_params, int device) {
    const MemoryBudget device_memory = tropic::detail::cuda::device_budget(device);
    const std::uint64_t usable = device_memory.bytes;
    for (std::size_t r : long_jobs) {
        const std::size_t n = jobs[r].sequence.size();
        const std::uint64_t bytes =
            fold_bytes(n, true, mfe_params.no_lonely_pairs, jobs[r].constraint != nullptr);
        if (bytes <= usable) continue;
        std::size_t fits = n;
        while (fits > 0 && fold_bytes(fits, true, mfe_params.no_lonely_pairs, true) > usable)
            fits = fits * 9 / 10;
        throw ResourceError(does_not_fit_message(
            "an MFE fold of " + std::to_string(n) + " nt", bytes, device_memory,
            "folds of up to about " + std::to_string(fits) + " nt fit (or use the cpu backend)"));
    }
    return usable;
}

// Device buffers stay with the calling thread between calls (tropic fold calls once per chunk of
// records), so chunks after the first allocate nothing.
Workspace& workspace_of(int device) {
    static thread_local Workspace w;
    static thread_local int workspace_device = -1;
    if (workspace_device != device) {
        w = Workspace{};
        workspace_device = device;
    }
    return w;
}

// The interior-loop candidates by rule (see MfeDeviceArgs::candidates), group after group;
// `group_ends` receives where each group ends.
std::vector<int2> interior_candidates(const EnergyParams& params, std::vector<int>& group_ends) {
    std::vector<int2> groups[4];
    for (int index = 0; index < kMfeInteriorCandidates; ++index) {
        int n1 = 0, n2 = 0;
        interior_candidate(index, n1, n2);
        const int small = std::min(n1, n2), large = std::max(n1, n2), size = n1 + n2;
        const int asymmetry = std::min(params.max_ninio, params.ninio * (large - small));
        const int key = n1 | n2 << 8;
        if (small >= 2 && !(small == 2 && large <= 3))  // interior_energy's generic rule
            groups[0].push_back(make_int2(key, params.interior[size] + asymmetry));
        else if (small == 0 && large >= 2)
            groups[1].push_back(make_int2(key, params.bulge[size]));
        else if (small == 1 && large >= 3)
            groups[2].push_back(make_int2(key, params.interior[size] + asymmetry));
        else
            groups[3].push_back(make_int2(key, 0));
    }
    std::vector<int2> candidates;
    group_ends.clear();
    for (const auto& group : groups) {
        candidates.insert(candidates.end(), group.begin(), group.end());
        group_ends.push_back(int(candidates.size()));
    }
    return candidates;
}

// Upload: what every fold reads, the parameters, the hairpin initiations up to the longest
// record and the interior-loop candidates.
void upload_model(Workspace& w, const EnergyParams& params, std::size_t longest) {
    w.params.assign(std::span<const EnergyParams>(&params, 1));
    std::vector<int> initiation(longest + 1);
    for (std::size_t size = 0; size <= longest; ++size)
        initiation[size] = hairpin_initiation(params, static_cast<int>(size));
    w.hairpin_initiation.assign(std::span<const int>(initiation));
    w.candidates.assign(std::span<const int2>(interior_candidates(params, w.group_ends)));
}

// Plan: the short records longest first, in chunks that fit a share of the free memory.
std::vector<std::vector<std::size_t>> short_chunks(std::span<const MfeJob> jobs,
                                                   std::vector<std::size_t> short_jobs,
                                                   const MfeParams& mfe_params,
                                                   std::uint64_t usable) {
    std::stable_sort(short_jobs.begin(), short_jobs.end(), [&](std::size_t a, std::size_t b) {
        return jobs[a].sequence.size() > jobs[b].sequence.size();
    });
    auto bytes_of = [&](std::size_t r) {
        return fold_bytes(jobs[r].sequence.size(), false, mfe_params.no_lonely_pairs,
                          jobs[r].constraint != nullptr);
    };
    // The kernel needs many cells in flight to hide its memory latency: chunks as large as the
    // budget allows (measured on 20,000 x 200 nt, H200: 16 GB chunks 63.6k seq/s, 2 GB 52.5k,
    // 512 MB 31.9k), and of even sizes, so that no small last chunk runs half empty.
    constexpr std::size_t kMaxChunkFolds = 65535;  // the grid's y dimension
    const std::uint64_t budget = std::min<std::uint64_t>(usable / 2, 16ull << 30);
    std::uint64_t batch_bytes = 0;
    for (std::size_t r : short_jobs) batch_bytes += bytes_of(r);
    const std::size_t count =
        std::max<std::size_t>({1, (batch_bytes + budget - 1) / budget,
                               (short_jobs.size() + kMaxChunkFolds - 1) / kMaxChunkFolds});
    const std::size_t chunk_folds = (short_jobs.size() + count - 1) / count;
    std::vector<std::vector<std::size_t>> chunks;
    std::uint64_t chunk_bytes = 0;
    for (std::size_t r : short_jobs) {
        // Each launch covers the chunk's longest fold's cells for every fold, so a fold of less
        // than half that length starts a new chunk rather than idle most of its threads.
        const std::size_t n = jobs[r].sequence.size();
        const std::uint64_t bytes = bytes_of(r);
        if (chunks.empty() ||
            (chunks.back().size() == chunk_folds || chunk_bytes + bytes > budget ||
             2 * n < jobs[chunks.back().front()].sequence.size())) {
            chunks.emplace_back();
            chunk_bytes = 0;
        }
        chunks.back().push_back(r);
        chunk_bytes += bytes;
    }
    return chunks;
}

}  // namespace

void set_mfe_f5_in_global_for_tests(bool on) {
    f5_in_global_for_tests = on;
}

std::size_t mfe_f5_global_folds() {
    return f5_global_folds;
}

std::uint64_t mfe_device_bytes(std::size_t length, const MfeParams& mfe_params, bool constrained) {
    return fold_bytes(length, length >= kMfeLoneLength, mfe_params.no_lonely_pairs, constrained);
}

std::uint64_t mfe_long_device_bytes(std::size_t length, const MfeParams& mfe_params,
                                    bool constrained) {
    return fold_bytes(length, true, mfe_params.no_lonely_pairs, constrained);
}

void fill_mfe_long_tables(std::span<const std::uint8_t> sequence, const EnergyParams& params,
                          const MfeParams& mfe_params, const StructureConstraint* constraint,
                          int device, const MfeLongTablesUse& use) {
    TROPIC_CUDA_CHECK(cudaSetDevice(device));
    const MfeJob job{sequence, constraint, 0};
    const std::span<const MfeJob> jobs(&job, 1);
    const std::vector<std::size_t> chunk{0};
    check_long_jobs_fit(jobs, chunk, mfe_params, device);
    Workspace& w = workspace_of(device);
    upload_model(w, params, sequence.size());
    const ChunkLayout layout = plan_chunk(jobs, chunk, true, mfe_params);
    upload_chunk(jobs, chunk, layout, w);
    const MfeDeviceArgs args = device_args(w, mfe_params);
    ChunkProfile profile;
    launch_diagonals(args, layout, true, profile, [](int) {});
    launch_exterior_and_traceback(args, layout, true, w);
    profile.report(1, layout.folds.front().n);
    use(args, layout.folds.front());
}

std::vector<MfeResult> fold_mfe_cuda(std::span<const MfeJob> jobs, const EnergyParams& params,
                                     const MfeParams& mfe_params, int device,
                                     const Progress& on_progress) {
    std::vector<MfeResult> results(jobs.size());
    const JobPlan plan = plan_jobs(jobs);
    if (plan.long_jobs.empty() && plan.short_jobs.empty()) return results;
    TROPIC_CUDA_CHECK(cudaSetDevice(device));
    const std::uint64_t usable = check_long_jobs_fit(jobs, plan.long_jobs, mfe_params, device);
    Workspace& w = workspace_of(device);
    upload_model(w, params, plan.longest);
    for (std::size_t r : plan.long_jobs)
        fold_chunk(jobs, {r}, true, mfe_params, w, results, on_progress);
    for (const auto& chunk : short_chunks(jobs, plan.short_jobs, mfe_params, usable))
        fold_chunk(jobs, chunk, false, mfe_params, w, results, on_progress);
    return results;
}

}  // namespace tropic::rna::detail::cuda
