// CUDA long mode: one sequence, tiled as in Li et al. 2014.
//
// Storage is one np x np square (np = n rounded up to the tile size T): the upper triangle holds
// U[i][k] = N(i,k), the strictly lower triangle holds the shifted transposed column
// L[j][k] = N(k+1,j). The split max_{i<=k<j} N(i,k) + N(k+1,j) is then max_k U[i][k] + L[j][k],
// contiguous in k for both operands: a max-plus product A * Bt.
//
// Tiles are finished one tile-diagonal at a time. For tile (I,J) the k in the tiles strictly
// between I and J are final before the diagonal starts: that part is a dense max-plus product,
// done by the tropical engine (semiring/cuda/tropical_block_tile.cuh), split along k over several
// blocks when the diagonal has few tiles. A finishing kernel then adds the k inside tiles I and J
// and the pair term, cell wavefront by cell wavefront in shared memory.
#include <algorithm>
#include <cmath>
#include <sstream>
#include <string>
#include <vector>

#include "core/cuda/cuda_check.cuh"
#include "core/cuda/device_buffer.cuh"
#include "core/cuda/device_memory.cuh"
#include "core/internal/memory_fit.hpp"
#include "core/internal/profile.hpp"
#include "rna/nussinov/cuda/nussinov_cuda.hpp"
#include "rna/nussinov/cuda/nussinov_kernels_common.cuh"
#include "rna/nussinov/nussinov_table.hpp"
#include "semiring/device/tropical_block_tile.cuh"
#include "tropic/core/error.hpp"

namespace tropic::rna::detail::cuda {

namespace {

using tropic::detail::cuda::DeviceBuffer;
constexpr int kTile = 128;
constexpr int kSharedStride = kTile + 1;  // padding: rows and columns of a tile on distinct banks

template <typename Score>
using ProductTile = semiring::cuda::TropicalBlockTile<semiring::MaxPlus<Score>,
                                                      semiring::cuda::BLayout::Transposed, kTile>;

// Diagonal tiles (I,I): everything they need lies inside the tile. Its splits are max-plus
// reductions over cells of the same tile that are computed in the same wavefront (shared memory),
// not a product of final operands, so the engine's block tile does not apply; likewise the
// finishing kernel's.
template <typename Score>
__global__ void __launch_bounds__(kTile)
    diagonal_tile_kernel(Score* table, int np, const std::uint8_t* seq, WeightTable weights,
                         int min_loop) {
    extern __shared__ unsigned char shared_bytes[];
    Score* cur = reinterpret_cast<Score*>(shared_bytes);
    const int I = blockIdx.x;
    const int base = I * kTile;
    const int a = threadIdx.x;
    for (int b = 0; b < kTile; ++b) cur[a * kSharedStride + b] = 0;
    __syncthreads();
    for (int s = min_loop + 1; s < kTile; ++s) {
        int b = a + s;
        if (b < kTile) {
            std::int32_t v = 0;
            for (int k = a; k < b; ++k)
                v = max(
                    v, std::int32_t(cur[a * kSharedStride + k]) + cur[(k + 1) * kSharedStride + b]);
            std::int32_t w = weights.w[seq[base + a] * kBaseCount + seq[base + b]];
            if (w > 0) {
                std::int32_t inner =
                    (b - 1) - (a + 1) > min_loop ? cur[(a + 1) * kSharedStride + b - 1] : 0;
                v = max(v, inner + w);
            }
            cur[a * kSharedStride + b] = Score(v);
        }
        __syncthreads();
    }
    // Upper part row by row, then the shifted transpose L[j][i-1] = N(i,j).
    for (int r = 0; r < kTile; ++r)
        if (a >= r) table[std::size_t(base + r) * np + base + a] = cur[r * kSharedStride + a];
    for (int b = 0; b < kTile; ++b)
        if (a <= b && base + a >= 1)
            table[std::size_t(base + b) * np + base + a - 1] = cur[a * kSharedStride + b];
}

// The k in tiles strictly between I and J, for every tile (I, I+d) of diagonal d, split along k
// over gridDim.y blocks; partial maxima meet in `partial` through atomicMax.
template <typename Score>
__global__ void __launch_bounds__(ProductTile<Score>::kThreads)
    product_kernel(const Score* table, int np, int d, std::int32_t* partial) {
    using Tile = ProductTile<Score>;
    __shared__ typename Tile::SharedStorage smem;
    const int I = blockIdx.x;
    const int J = I + d;
    const int middle = d - 1;  // tiles I+1 .. J-1
    const int splits = gridDim.y;
    const int k_begin = I + 1 + (middle * blockIdx.y) / splits;
    const int k_end = I + 1 + (middle * (blockIdx.y + 1)) / splits;
    if (k_begin >= k_end) return;
    Tile tile;
    tile.clear(0);
    const Score* a = table + std::size_t(I) * kTile * np + std::size_t(k_begin) * kTile;
    const Score* bt = table + std::size_t(J) * kTile * np + std::size_t(k_begin) * kTile;
    tile.accumulate(a, np, bt, np, (k_end - k_begin) * kTile, smem);
    std::int32_t* out = partial + std::size_t(I) * kTile * kTile;
    tile.for_each([&](int r, int c, std::int32_t v) {
        if (v > 0) atomicMax(out + r * kTile + c, v);
    });
}

// Finishes the tiles (I, I+d), d >= 1: the k inside tiles I and J and the pair term, in cell
// wavefronts b - a = const. kFinishLanes threads share each row a of the tile, each taking every
// kFinishLanes-th k, so that a wavefront step is that much shorter. Resets `partial` to zero for
// the next diagonal.
constexpr int kFinishLanes = 4;
constexpr int kFinishThreads = kTile * kFinishLanes;

template <typename Score>
__global__ void __launch_bounds__(kFinishThreads)
    finish_kernel(Score* table, int np, int d, const std::uint8_t* seq, WeightTable weights,
                  int min_loop, std::int32_t* partial) {
    extern __shared__ unsigned char shared_bytes[];
    Score* cur = reinterpret_cast<Score*>(shared_bytes);  // tile (I,J)
    Score* di = cur + kTile * kSharedStride;              // tile (I,I), upper part
    Score* dj = di + kTile * kSharedStride;               // tile (J,J), upper part
    Score* below = dj + kTile * kSharedStride;            // N((I+1)T, JT + b)
    Score* left = below + kTile;                          // N(IT + a, JT - 1), a = 0..T
    __shared__ std::int32_t parts[kFinishLanes * kTile];  // partial maxima of each row's parts
    const int I = blockIdx.x;
    const int J = I + d;
    const int ib = I * kTile, jb = J * kTile;
    const int t = threadIdx.x;
    std::int32_t* part = partial + std::size_t(I) * kTile * kTile;
    for (int index = t; index < kTile * kTile; index += kFinishThreads) {
        int r = index / kTile, c = index % kTile;
        di[r * kSharedStride + c] = table[std::size_t(ib + r) * np + ib + c];
        dj[r * kSharedStride + c] = table[std::size_t(jb + r) * np + jb + c];
        cur[r * kSharedStride + c] = Score(part[index]);
        part[index] = 0;
    }
    auto cell_or_zero = [&](int i, int j) -> Score {
        return j - i > min_loop ? table[std::size_t(i) * np + j] : Score(0);
    };
    if (t < kTile) {
        below[t] = table[std::size_t(ib + kTile) * np + jb + t];
        left[t] = cell_or_zero(ib + t, jb - 1);
    }
    if (t == 0) left[kTile] = cell_or_zero(ib + kTile, jb - 1);
    __syncthreads();

    // Warp w takes rows 32*(w / kFinishLanes) + lane and every kFinishLanes-th k starting at
    // w % kFinishLanes: the lanes of a warp read 32 consecutive rows, so shared-memory reads
    // fall on distinct banks. The parts of a row meet in `parts` at the end of each step.
    const int lane_part = (t / 32) % kFinishLanes;
    const int a = (t / (32 * kFinishLanes)) * 32 + t % 32;
    const std::uint8_t base_i = seq[ib + a];
    for (int s = -(kTile - 1); s < kTile; ++s) {
        const int b = a + s;
        const int span = d * kTile + s;  // j - i
        const bool in_tile = b >= 0 && b < kTile;
        const bool active = in_tile && span > min_loop;
        if (active) {
            std::int32_t v = 0, v2 = 0;
            for (int a2 = a + lane_part; a2 < kTile - 1; a2 += kFinishLanes)
                v = max(v, std::int32_t(di[a * kSharedStride + a2]) +
                               cur[(a2 + 1) * kSharedStride + b]);
            for (int b2 = lane_part; b2 < b; b2 += kFinishLanes)
                v2 = max(v2, std::int32_t(cur[a * kSharedStride + b2]) +
                                 dj[(b2 + 1) * kSharedStride + b]);
            parts[lane_part * kTile + a] = max(v, v2);
        }
        __syncthreads();
        if (in_tile && lane_part == 0) {
            std::int32_t v = 0;
            if (active) {
                v = cur[a * kSharedStride + b];  // the product over the middle tiles
#pragma unroll
                for (int p = 0; p < kFinishLanes; ++p) v = max(v, parts[p * kTile + a]);
                v = max(v, std::int32_t(di[a * kSharedStride + kTile - 1]) + below[b]);
                std::int32_t w = weights.w[base_i * kBaseCount + seq[jb + b]];
                if (w > 0) {
                    std::int32_t inner = 0;
                    if (span - 2 > min_loop) {
                        if (b == 0)
                            inner = left[a + 1];
                        else if (a == kTile - 1)
                            inner = below[b - 1];
                        else
                            inner = cur[(a + 1) * kSharedStride + b - 1];
                    }
                    v = max(v, inner + w);
                }
            }
            cur[a * kSharedStride + b] = Score(v);
        }
        __syncthreads();
    }
    for (int index = t; index < kTile * kTile; index += kFinishThreads) {
        int r = index / kTile, c = index % kTile;
        table[std::size_t(ib + r) * np + jb + c] = cur[r * kSharedStride + c];
        // L[j][i-1] = N(i,j): row jb + r, columns ib - 1 + c.
        if (ib + c >= 1) table[std::size_t(jb + r) * np + ib + c - 1] = cur[c * kSharedStride + r];
    }
}

// The traceback rule of nussinov.hpp, each scan searched by a whole block: the run of unpaired
// bases (N(x,j) == N(x+1,j), read along row j of L) and the partner k of the first paired base
// (row i+1 of U and row j of L) are tested kTraceThreads * kTracePerThread candidates at a time.
// All threads hold the same (i, j) and stack, so control flow is uniform.
constexpr int kTraceThreads = 512;
constexpr int kTracePerThread = 8;

template <typename Score>
__global__ void __launch_bounds__(kTraceThreads)
    traceback_kernel(const Score* table, int np, int n, const std::uint8_t* seq,
                     WeightTable weights, int min_loop, char* structure, int* stack, int* failed) {
    constexpr int kNone = 0x7fffffff;
    __shared__ int best[3];  // rotating slots: one read, one being filled, one being reset
    const int t = threadIdx.x;
    if (t < 3) best[t] = kNone;
    int round = 0;
    // N(x,y) from U: row x, contiguous in y.
    auto upper = [&](int x, int y) -> std::int32_t {
        return y - x > min_loop ? std::int32_t(table[std::size_t(x) * np + y]) : 0;
    };
    // N(x,y) from L (L[y][x-1] = N(x,y)): row y, contiguous in x.
    auto lower = [&](int x, int y) -> std::int32_t {
        if (y - x <= min_loop) return 0;
        return x >= 1 ? std::int32_t(table[std::size_t(y) * np + x - 1]) : std::int32_t(table[y]);
    };
    // Smallest x in [begin, end) with hit(x), or -1; one __syncthreads per round.
    auto first_hit = [&](int begin, int end, auto hit) -> int {
        for (int x0 = begin; x0 < end; x0 += kTraceThreads * kTracePerThread) {
            int found = kNone;
#pragma unroll
            for (int q = kTracePerThread - 1; q >= 0; --q) {
                int x = x0 + q * kTraceThreads + t;
                if (x < end && hit(x)) found = x;
            }
            int slot = round % 3;
            if (t == 0) best[(round + 1) % 3] = kNone;
            if (found != kNone) atomicMin(&best[slot], found);
            __syncthreads();
            int winner = best[slot];
            ++round;
            if (winner != kNone) return winner;
        }
        return -1;
    };
    for (int p = t; p < n; p += kTraceThreads) structure[p] = '.';
    __syncthreads();
    int top = 0;
    if (n > 0) {
        stack[0] = 0;  // every thread writes the same stack values: each reads its own writes
        stack[1] = n - 1;
        top = 2;
    }
    while (top > 0) {
        int j = stack[top - 1];
        int i = stack[top - 2];
        top -= 2;
        while (j - i > min_loop) {
            // The first base from i on that does not stay unpaired (the rule's first test).
            i = first_hit(i, j - min_loop, [&](int x) { return lower(x, j) != lower(x + 1, j); });
            if (i < 0) break;  // every base of the interval is unpaired
            const std::int32_t v = lower(i, j);
            const std::int32_t* row = weights.w + seq[i] * kBaseCount;
            int partner = first_hit(i + min_loop + 1, j + 1, [&](int k) {
                std::int32_t w = row[seq[k]];
                return w > 0 && upper(i + 1, k - 1) + w + lower(k + 1, j) == v;
            });
            if (partner < 0) {
                if (t == 0) *failed = 1;
                return;
            }
            if (t == 0) {
                structure[i] = '(';
                structure[partner] = ')';
            }
            if (j - (partner + 1) > min_loop) {
                stack[top] = partner + 1;
                stack[top + 1] = j;
                top += 2;
            }
            ++i;
            j = partner - 1;
        }
    }
}

std::size_t padded_length(std::size_t n) {
    return (n + kTile - 1) / kTile * kTile;
}

template <typename Score>
std::size_t long_bytes(std::size_t n) {
    std::size_t np = std::max<std::size_t>(kTile, padded_length(n));
    return np * np * sizeof(Score) + (np / kTile) * kTile * kTile * sizeof(std::int32_t) + np * 2 +
           (n + 2) * sizeof(int) + (1 << 20);
}

int multiprocessors(int device) {
    int count = 0;
    TROPIC_CUDA_CHECK(cudaDeviceGetAttribute(&count, cudaDevAttrMultiProcessorCount, device));
    return count;
}

// Refuses, before anything is allocated, a fold whose square does not fit the device's budget.
template <typename Score>
void check_fits(std::size_t n, int device) {
    const MemoryBudget budget = tropic::detail::cuda::device_budget(device);
    const std::size_t need = long_bytes<Score>(n);
    if (need <= budget.bytes) return;
    const std::size_t fit =
        std::size_t(std::sqrt(double(budget.bytes) / sizeof(Score))) / kTile * kTile;
    throw ResourceError(does_not_fit_message(detail::nussinov_fold_name(n), need, budget,
                                             "sequences of up to about " +
                                                 std::to_string(fit > kTile ? fit - kTile : 0) +
                                                 " nt fit (or use the cpu backend)"));
}

// One fold's device buffers: the square (padded to np x np), the products' partial sums, the
// padded sequence and the traceback's output.
template <typename Score>
struct LongFold {
    int n = 0, np = 0, tiles = 0;
    WeightTable weights{};
    DeviceBuffer<Score> table;
    DeviceBuffer<std::int32_t> partial;
    DeviceBuffer<std::uint8_t> seq;
    DeviceBuffer<char> structure;
    DeviceBuffer<int> stack, failed;
};

// Seconds per phase, with TROPIC_PROFILE set (each phase synchronised and timed).
struct LongPhases {
    profile::PhaseTimer clock;
    double setup = 0, diagonal = 0, product = 0, finish = 0, traceback = 0;
    void lap(double& phase) {
        clock.lap(phase, [] { TROPIC_CUDA_CHECK(cudaDeviceSynchronize()); });
    }
};

template <typename Score>
LongFold<Score> upload(std::span<const std::uint8_t> sequence, const NussinovParams& params) {
    LongFold<Score> f;
    f.n = static_cast<int>(sequence.size());
    f.np = static_cast<int>(std::max<std::size_t>(kTile, padded_length(f.n)));
    f.tiles = f.np / kTile;
    std::vector<std::uint8_t> padded(f.np, static_cast<std::uint8_t>(Base::N));
    std::copy(sequence.begin(), sequence.end(), padded.begin());
    auto table_values = params.weights.table();
    std::copy(table_values.begin(), table_values.end(), f.weights.w);
    f.table = DeviceBuffer<Score>(std::size_t(f.np) * f.np);
    f.partial = DeviceBuffer<std::int32_t>(std::size_t(f.tiles) * kTile * kTile);
    f.seq = DeviceBuffer<std::uint8_t>(f.np);
    f.structure = DeviceBuffer<char>(std::max(f.n, 1));
    f.stack = DeviceBuffer<int>(2 * (f.n / 2 + 2));
    f.failed = DeviceBuffer<int>(1);
    TROPIC_CUDA_CHECK(cudaMemset(f.table.data(), 0, f.table.size() * sizeof(Score)));
    TROPIC_CUDA_CHECK(cudaMemset(f.partial.data(), 0, f.partial.size() * sizeof(std::int32_t)));
    TROPIC_CUDA_CHECK(cudaMemset(f.failed.data(), 0, sizeof(int)));
    TROPIC_CUDA_CHECK(cudaMemcpy(f.seq.data(), padded.data(), f.np, cudaMemcpyHostToDevice));
    return f;
}

// The diagonal tiles, then tile-diagonal by tile-diagonal the products and the finishing kernel,
// then the traceback.
template <typename Score>
void launch(LongFold<Score>& f, const NussinovParams& params, int device, LongPhases& phases) {
    const int diag_smem = kTile * kSharedStride * sizeof(Score);
    const int finish_smem = (3 * kTile * kSharedStride + 2 * kTile + 1) * sizeof(Score);
    TROPIC_CUDA_CHECK(cudaFuncSetAttribute(diagonal_tile_kernel<Score>,
                                           cudaFuncAttributeMaxDynamicSharedMemorySize, diag_smem));
    TROPIC_CUDA_CHECK(cudaFuncSetAttribute(
        finish_kernel<Score>, cudaFuncAttributeMaxDynamicSharedMemorySize, finish_smem));
    phases.lap(phases.setup);
    diagonal_tile_kernel<Score><<<f.tiles, kTile, diag_smem>>>(f.table.data(), f.np, f.seq.data(),
                                                               f.weights, params.min_loop);
    TROPIC_CUDA_CHECK_LAUNCH("diagonal_tile_kernel");
    phases.lap(phases.diagonal);
    // Enough blocks to fill every SM a few times over; split k when the diagonal is short.
    const int target_blocks = multiprocessors(device) * 4;
    for (int d = 1; d < f.tiles; ++d) {
        int on_diagonal = f.tiles - d;
        if (d >= 2) {
            int splits = std::clamp((target_blocks + on_diagonal - 1) / on_diagonal, 1, d - 1);
            product_kernel<Score><<<dim3(on_diagonal, splits), ProductTile<Score>::kThreads>>>(
                f.table.data(), f.np, d, f.partial.data());
            TROPIC_CUDA_CHECK_LAUNCH("product_kernel");
            phases.lap(phases.product);
        }
        finish_kernel<Score><<<on_diagonal, kFinishThreads, finish_smem>>>(
            f.table.data(), f.np, d, f.seq.data(), f.weights, params.min_loop, f.partial.data());
        TROPIC_CUDA_CHECK_LAUNCH("finish_kernel");
        phases.lap(phases.finish);
    }
    traceback_kernel<Score><<<1, kTraceThreads>>>(f.table.data(), f.np, f.n, f.seq.data(),
                                                  f.weights, params.min_loop, f.structure.data(),
                                                  f.stack.data(), f.failed.data());
    TROPIC_CUDA_CHECK_LAUNCH("traceback_kernel");
    phases.lap(phases.traceback);
}

template <typename Score>
void report(const LongFold<Score>& f, const LongPhases& phases) {
    if (!phases.clock.enabled()) return;
    double middle_steps = 0;  // product work: k strictly inside the tiles between I and J
    for (int d = 2; d < f.tiles; ++d) middle_steps += double(f.tiles - d) * (d - 1);
    middle_steps *= double(kTile) * kTile * kTile;
    profile::print(
        "long n=%d (%d-bit) setup %.4f s, diagonal tiles %.4f s, product %.4f s (%.2f T "
        "steps/s), finish %.4f s, traceback %.4f s",
        f.n, int(sizeof(Score) * 8), phases.setup, phases.diagonal, phases.product,
        phases.product > 0 ? middle_steps / phases.product / 1e12 : 0.0, phases.finish,
        phases.traceback);
    profile::record("nussinov long: diagonal tiles", phases.diagonal);
    profile::record("nussinov long: product", phases.product, middle_steps);
    profile::record("nussinov long: finish", phases.finish);
    profile::record("nussinov long: traceback", phases.traceback);
}

// The score N(0, n-1) and the traced structure.
template <typename Score>
NussinovResult collect(const LongFold<Score>& f, const NussinovParams& params) {
    NussinovResult result;
    Score score = 0;
    if (f.n - 1 > params.min_loop)
        TROPIC_CUDA_CHECK(
            cudaMemcpy(&score, f.table.data() + (f.n - 1), sizeof(Score), cudaMemcpyDeviceToHost));
    result.score = score;
    result.structure.resize(f.n);
    int failed_host = 0;
    TROPIC_CUDA_CHECK(
        cudaMemcpy(&failed_host, f.failed.data(), sizeof(int), cudaMemcpyDeviceToHost));
    if (f.n > 0)
        TROPIC_CUDA_CHECK(
            cudaMemcpy(result.structure.data(), f.structure.data(), f.n, cudaMemcpyDeviceToHost));
    if (failed_host) throw InternalError("GPU Nussinov traceback found no consistent partner");
    return result;
}

template <typename Score>
NussinovResult fold_long(std::span<const std::uint8_t> sequence, const NussinovParams& params,
                         int device) {
    check_fits<Score>(sequence.size(), device);
    LongPhases phases;
    LongFold<Score> f = upload<Score>(sequence, params);
    launch(f, params, device, phases);
    report(f, phases);
    return collect(f, params);
}

}  // namespace

std::uint64_t nussinov_long_device_bytes(std::size_t length, const NussinovParams& params) {
    return detail::nussinov_fits_int16(length, params.weights.max_weight())
               ? long_bytes<std::int16_t>(length)
               : long_bytes<std::int32_t>(length);
}

NussinovResult fold_nussinov_long(std::span<const std::uint8_t> sequence,
                                  const NussinovParams& params, int device) {
    TROPIC_CUDA_CHECK(cudaSetDevice(device));
    if (sequence.size() > 200'000)
        throw ResourceError(std::to_string(sequence.size()) +
                            " nt is beyond GPU long mode (at most 200000 nt)");
    if (detail::nussinov_fits_int16(sequence.size(), params.weights.max_weight()))
        return fold_long<std::int16_t>(sequence, params, device);
    return fold_long<std::int32_t>(sequence, params, device);
}

}  // namespace tropic::rna::detail::cuda
