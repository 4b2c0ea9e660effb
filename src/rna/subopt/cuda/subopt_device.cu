// The device part of subopt (subopt_device.hpp): long mode's MFE fill, its tables copied back
// into the host's layout, and Zuker's outside table Out(k,l) filled on the device by the cases
// of zuker_outside.cpp, by decreasing l, two launches per l:
//   outside_rows_kernel   up[i] and ml[i] of every i < l, one warp each; ml[i] is the (min,+)
//                         dot product of the contiguous row i of the closing energies
//                         Out(i,j) + closing(i,j) with row l+1 of FML, lanes striding along j;
//   outside_pairs_kernel  Out(k,l) of every k, one warp each: the lanes share the interior-loop
//                         candidates (i,j) around (k,l), then the multiloop's left segments
//                         i = 0..k-1 (column k-1 of FML, contiguous in long mode's lower
//                         triangle); lane 0 adds the exterior loop and writes Out(k,l) and its
//                         closing energy.
// Every minimum is over the same candidates as the CPU's, with the same tests for infinity, so
// the table is the CPU's cell for cell.
#include <algorithm>
#include <string>
#include <utility>
#include <vector>

#include "core/cuda/device_buffer.cuh"
#include "core/cuda/device_fill.cuh"
#include "core/cuda/device_memory.cuh"
#include "core/internal/memory_fit.hpp"
#include "core/internal/profile.hpp"
#include "rna/mfe/cuda/mfe_cuda.hpp"
#include "rna/mfe/cuda/mfe_kernels.cuh"
#include "rna/subopt/subopt_device.hpp"
#include "rna/subopt/zuker_outside.hpp"
#include "tropic/core/error.hpp"
#include "tropic/core/thread_pool.hpp"
#include "tropic/semiring/tropical.hpp"

namespace tropic::rna::detail::cuda {

namespace {

using tropic::detail::cuda::DeviceBuffer;
constexpr int kInf = kInfEnergy;
constexpr int kTurn = kMfeMinHairpin;
constexpr int kWarps = 8;  // cells (one warp each) per block
using Step = semiring::MinPlus<std::int32_t>;

struct OutsideArgs {
    int* out;      // Out(k,l) at [k n + l]
    int* closing;  // Out(k,l) + the multiloop closing of (k,l), kInf where Out is
    int* up;       // up[i] of every l at [l n + i], ml likewise (ZukerOutside's up_table)
    int* ml;
    const int* f3;
    int n;
};

__device__ inline int warp_min(int v) {
    for (int offset = 16; offset > 0; offset /= 2)
        v = min(v, __shfl_xor_sync(0xffffffffu, v, offset));
    return v;
}

__global__ void __launch_bounds__(kWarps * 32)
    outside_rows_kernel(MfeDeviceArgs args, OutsideArgs o, int l) {
    const int lane = threadIdx.x % 32;
    const int i = blockIdx.x * kWarps + threadIdx.x / 32;
    if (i >= l) return;
    const MfeDeviceFold fold = args.folds[0];
    const MfeSquares s = fold_squares(args, fold);
    const int n = o.n;
    const int* closing = o.closing + std::size_t(i) * n;
    const int* fml = s.fml + std::size_t(l + 1) * s.ld;  // FML(l+1, j-1) at [j-1]
    int best = kInf;
    for (int j = l + kTurn + 2 + lane; j < n; j += 32) {
        const int c = closing[j];
        const int segment = j - l - 2 > kTurn ? fml[j - 1] : kInf;
        if (c < kInf && segment < kInf) best = Step::multiply_add(c, segment, best);
    }
    best = warp_min(best);
    if (lane != 0) return;
    const std::size_t row = std::size_t(l) * n;
    int u = kInf;
    if (l + 1 < n) {
        const int before = o.up[row + n + i];  // up[i] of l+1
        u = min(before < kInf ? before + args.params->ml_base : kInf, closing[l + 1]);
    }
    o.up[row + i] = u;
    o.ml[row + i] = best;
}

__global__ void __launch_bounds__(kWarps * 32)
    outside_pairs_kernel(MfeDeviceArgs args, OutsideArgs o, int l) {
    const int lane = threadIdx.x % 32;
    const int k = blockIdx.x * kWarps + threadIdx.x / 32;
    if (k + kTurn >= l) return;
    const MfeDeviceFold fold = args.folds[0];
    const MfeSquares s = fold_squares(args, fold);
    if (s.c[std::size_t(k) * s.ld + l] >= kInf) return;
    const MfeModel m = fold_model(args, fold);
    const int n = o.n, t = m.type(k, l), b = args.params->ml_base;
    // (k,l) the inner pair of an interior loop closed by (k-1-n1, l+1+n2).
    int best = kInf;
    for (int index = lane; index < kMfeInteriorCandidates; index += 32) {
        int n1 = 0, n2 = 0;
        interior_candidate(index, n1, n2);
        const int i = k - 1 - n1, j = l + 1 + n2;
        if (i < 0 || j >= n) continue;
        const int outer = o.out[std::size_t(i) * n + j];
        if (outer < kInf) best = min(best, outer + m.interior(i, j, m.type(i, j), k, l));
    }
    // (k,l) a helix of a multiloop: the left segment i+1..k-1 helices (FML) or unpaired.
    int multi = kInf;
    if (k > 0 && l + 1 < n) {
        const int* left_fml = s.fml + std::size_t(k - 1) * s.ld;  // FML(i+1, k-1) at [i]
        const int* up_row = o.up + std::size_t(l) * n;
        const int* ml_row = o.ml + std::size_t(l) * n;
        for (int i = lane; i < k; i += 32) {
            const int left = k - i - 2 > kTurn ? left_fml[i] : kInf, left_up = (k - i - 1) * b;
            const int up = up_row[i], ml = ml_row[i];
            if (up < kInf && left < kInf) multi = min(multi, up + left);
            if (ml < kInf) multi = min(multi, ml + min(left, left_up));
        }
    }
    best = warp_min(best);
    multi = warp_min(multi);
    if (lane != 0) return;
    const int* f5 = args.f5 + fold.f5;
    if (f5[k] < kInf && o.f3[l + 1] < kInf)
        best = min(best, f5[k] + o.f3[l + 1] + m.exterior_stem(k, l, t));
    if (multi < kInf) best = min(best, multi + m.multi_stem(k, l, t));
    const std::size_t cell = std::size_t(k) * n + l;
    o.out[cell] = best;
    o.closing[cell] = best < kInf ? best + m.multi_closing(k, l, t) : kInf;
}

// The outside table's device buffers, kept by the calling thread from one record to the next.
struct OutsideWorkspace {
    DeviceBuffer<int> out, closing, up, ml, f3;
};

OutsideWorkspace& outside_workspace_of(int device) {
    static thread_local OutsideWorkspace w;
    static thread_local int workspace_device = -1;
    if (workspace_device != device) {
        w = OutsideWorkspace{};
        workspace_device = device;
    }
    return w;
}

std::uint64_t outside_bytes(std::size_t n) {
    return 4 * std::uint64_t(n) * n * sizeof(int) + (std::uint64_t(n) + 1) * sizeof(int);
}

// Out and the vectors up and ml of every l into `result`.
void outside_on_device(const MfeDeviceArgs& args, int n, int device, SuboptDeviceTables& result) {
    OutsideWorkspace& w = outside_workspace_of(device);
    const std::size_t cells = std::size_t(n) * n;
    w.f3.assign(std::span<const int>(result.f3));
    for (DeviceBuffer<int>* table : {&w.out, &w.closing, &w.up, &w.ml}) {
        table->resize(cells);
        tropic::detail::cuda::fill_async(table->data(), cells, kInf);
    }
    const OutsideArgs o{w.out.data(), w.closing.data(), w.up.data(), w.ml.data(), w.f3.data(), n};
    for (int l = n - 1; l > 0; --l) {
        outside_rows_kernel<<<(l + kWarps - 1) / kWarps, kWarps * 32>>>(args, o, l);
        TROPIC_CUDA_CHECK_LAUNCH("outside_rows_kernel");
        const int pairs = l - kTurn;
        if (pairs <= 0) continue;
        outside_pairs_kernel<<<(pairs + kWarps - 1) / kWarps, kWarps * 32>>>(args, o, l);
        TROPIC_CUDA_CHECK_LAUNCH("outside_pairs_kernel");
    }
    for (auto [from, to] : {std::pair{&w.out, &result.out}, std::pair{&w.up, &result.up},
                            std::pair{&w.ml, &result.ml}}) {
        to->resize(cells);
        TROPIC_CUDA_CHECK(
            cudaMemcpy(to->data(), from->data(), cells * sizeof(int), cudaMemcpyDeviceToHost));
    }
}

// Long mode's squares (mfe_device.cuh) into the host's layout (MfeTableArrays): C and FML from
// the upper triangles, FM1(i,j) = [j][i-1] of C's lower triangle (row 0 of FM1 never forms),
// CC(i,j) = [j][i] of CI's lower triangle without lonely pairs.
MfeTableArrays download_tables(const MfeDeviceArgs& args, const MfeDeviceFold& fold,
                               bool no_lonely_pairs, ThreadPool* pool) {
    const int n = fold.n;
    const std::size_t ld = fold.ld, square = ld * ld;
    std::vector<int> fml(square), c(square), ci(no_lonely_pairs ? square : 0);
    const int* first = args.tables + fold.tables;
    TROPIC_CUDA_CHECK(cudaMemcpy(fml.data(), first, square * sizeof(int), cudaMemcpyDeviceToHost));
    TROPIC_CUDA_CHECK(
        cudaMemcpy(c.data(), first + square, square * sizeof(int), cudaMemcpyDeviceToHost));
    if (no_lonely_pairs)
        TROPIC_CUDA_CHECK(cudaMemcpy(ci.data(), first + 2 * square, square * sizeof(int),
                                     cudaMemcpyDeviceToHost));
    MfeTableArrays a = mfe_table_arrays(n, no_lonely_pairs);
    TROPIC_CUDA_CHECK(cudaMemcpy(a.f5.data(), args.f5 + fold.f5, (std::size_t(n) + 1) * sizeof(int),
                                 cudaMemcpyDeviceToHost));
    parallel_for(
        pool, 0, std::size_t(n),
        [&](std::size_t i) {
            for (std::size_t j = i; j < std::size_t(n); ++j) {
                const std::size_t row = a.row_start[i] + j, column = a.col_start[j] + i;
                a.c[row] = c[i * ld + j];
                a.fml[row] = fml[i * ld + j];
                a.fm1[column] = i > 0 ? c[j * ld + i - 1] : kInf;
                if (no_lonely_pairs) a.cc[row] = ci[j * ld + i];
            }
        },
        16);
    return a;
}

void check_fits(std::size_t n, const MfeParams& mfe_params, bool constrained, bool outside,
                int device) {
    const MemoryBudget budget = tropic::detail::cuda::device_budget(device);
    const std::uint64_t bytes = subopt_device_bytes(n, mfe_params, constrained, outside);
    if (bytes <= budget.bytes) return;
    const std::size_t fits = longest_that_fits(
        budget.bytes,
        [&](std::size_t length) {
            return subopt_device_bytes(length, mfe_params, constrained, outside);
        },
        n);
    throw ResourceError(does_not_fit_message(
        "suboptimal structures of a " + std::to_string(n) + " nt sequence", bytes, budget,
        "records of up to " + std::to_string(fits) + " nt fit (or use the cpu backend)"));
}

}  // namespace

std::uint64_t subopt_device_bytes(std::size_t length, const MfeParams& mfe_params, bool constrained,
                                  bool outside) {
    return mfe_long_device_bytes(length, mfe_params, constrained) +
           (outside ? outside_bytes(length) : 0);
}

SuboptDeviceTables subopt_tables_cuda(std::span<const std::uint8_t> sequence,
                                      const EnergyParams& params, const MfeParams& mfe_params,
                                      const StructureConstraint* constraint, bool outside,
                                      int device, ThreadPool* pool) {
    const int n = static_cast<int>(sequence.size());
    SuboptDeviceTables result;
    if (n == 0) {  // nothing to fill: the empty tables, F5(0) = F3(0) = 0
        result.tables =
            std::make_unique<MfeTables>(sequence, params, mfe_params, constraint,
                                        mfe_table_arrays(0, mfe_params.no_lonely_pairs));
        if (outside) result.f3.assign(1, 0);  // Out, up and ml: 0 x 0
        return result;
    }
    TROPIC_CUDA_CHECK(cudaSetDevice(device));
    check_fits(sequence.size(), mfe_params, constraint != nullptr, outside, device);
    profile::PhaseTimer timer;
    double fill = 0, copies = 0, outside_time = 0;
    auto wait = [] { TROPIC_CUDA_CHECK(cudaStreamSynchronize(cudaStreamPerThread)); };
    fill_mfe_long_tables(sequence, params, mfe_params, constraint, device,
                         [&](const MfeDeviceArgs& args, const MfeDeviceFold& fold) {
                             timer.lap(fill, wait);
                             result.tables = std::make_unique<MfeTables>(
                                 sequence, params, mfe_params, constraint,
                                 download_tables(args, fold, mfe_params.no_lonely_pairs, pool));
                             timer.lap(copies);
                             if (!outside) return;
                             result.f3 = zuker_exterior_f3(*result.tables);
                             outside_on_device(args, n, device, result);
                             timer.lap(outside_time, wait);
                         });
    if (timer.enabled()) {
        profile::record("subopt: fill", fill);
        profile::record("subopt: table copies", copies);
        if (outside) profile::record("subopt: outside", outside_time);
    }
    return result;
}

}  // namespace tropic::rna::detail::cuda
