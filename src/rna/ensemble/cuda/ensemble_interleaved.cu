// The interleaved groups' other launch shapes: each thread computes the cell of one fold with the
// same cell functions and sum policy as the per-diagonal kernel (EnsembleInterleavedSum), so the
// results are the same bits; only the grid and the register budget differ.
#include <string>

#include "core/cuda/cuda_check.cuh"
#include "rna/ensemble/cuda/ensemble_interleaved.cuh"
#include "tropic/core/error.hpp"

namespace tropic::rna::detail::cuda {

namespace {

constexpr int kThreadBlock = 128;  // as the per-diagonal kernel
constexpr int kSpanWarps = 8;      // warps of a block that owns 32 folds

template <bool kOutside>
__global__ void __launch_bounds__(kSpanWarps * 32)
    interleaved_span_kernel(const EnsembleDeviceFold* folds, int count, int n, int first_d,
                            int diagonals) {
    const int f = int(blockIdx.x) * 32 + int(threadIdx.x % 32);
    const int warp = int(threadIdx.x / 32);
    for (int step = 0; step < diagonals; ++step) {
        const int d = kOutside ? first_d - step : first_d + step;
        if (f < count) {
            const EnsembleDeviceFold& fold = folds[f];
            for (int i = warp; i + d < n; i += kSpanWarps)
                if (i + d < fold.model.n) interleaved_cell<kOutside>(fold, i, d);
        }
        __syncthreads();  // the diagonal's cells are written before the next one reads them
    }
}

// The per-diagonal kernel's grid (flat = cell * count + fold) under a register budget.
template <bool kOutside, int kMinBlocks>
__global__ void __launch_bounds__(kThreadBlock, kMinBlocks)
    interleaved_capped_kernel(const EnsembleDeviceFold* folds, int count, int d, int cells) {
    interleaved_diagonal_cell<kOutside>(folds, count, d, cells,
                                        std::size_t(blockIdx.x) * kThreadBlock + threadIdx.x);
}

template <int kMinBlocks>
void launch_capped(const EnsembleDeviceFold* folds, int count, int d, int cells, bool outside) {
    const std::size_t total = std::size_t(cells) * std::size_t(count);
    const auto blocks = unsigned((total + kThreadBlock - 1) / kThreadBlock);
    if (outside)
        interleaved_capped_kernel<true, kMinBlocks>
            <<<blocks, kThreadBlock>>>(folds, count, d, cells);
    else
        interleaved_capped_kernel<false, kMinBlocks>
            <<<blocks, kThreadBlock>>>(folds, count, d, cells);
    TROPIC_CUDA_CHECK_LAUNCH("interleaved_capped_kernel");
}

}  // namespace

void launch_interleaved_diagonals(const EnsembleDeviceFold* folds, int count, int n, bool outside,
                                  int first_d, int diagonals) {
    if (count == 0 || diagonals <= 0) return;
    const auto blocks = unsigned((count + 31) / 32);
    if (outside)
        interleaved_span_kernel<true>
            <<<blocks, kSpanWarps * 32>>>(folds, count, n, first_d, diagonals);
    else
        interleaved_span_kernel<false>
            <<<blocks, kSpanWarps * 32>>>(folds, count, n, first_d, diagonals);
    TROPIC_CUDA_CHECK_LAUNCH("interleaved_span_kernel");
}

void launch_interleaved_capped(const EnsembleDeviceFold* folds, int count, int d, int cells,
                               bool outside, int min_blocks) {
    if (count == 0 || cells <= 0) return;
    if (min_blocks == 8)
        launch_capped<8>(folds, count, d, cells, outside);
    else if (min_blocks == 12)
        launch_capped<12>(folds, count, d, cells, outside);
    else
        throw InternalError("TROPIC_ENSEMBLE_MIN_BLOCKS: 8 or 12, not " +
                            std::to_string(min_blocks));
}

}  // namespace tropic::rna::detail::cuda
