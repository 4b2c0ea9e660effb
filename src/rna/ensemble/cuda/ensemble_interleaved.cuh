#pragma once
// Other launch shapes for the cells of interleaved groups (ensemble_fill.cu's layout), selectable
// so that one benchmark run compares them with the launch per diagonal: several diagonals per
// launch, and the per-diagonal kernel held to fewer registers.
#include "rna/ensemble/cuda/ensemble_device.cuh"

namespace tropic::rna::detail::cuda {

// Cell (i, i+d) of one fold of an interleaved group, one thread.
template <bool kOutside>
__device__ __forceinline__ void interleaved_cell(const EnsembleDeviceFold& fold, int i, int d) {
    const EnsembleInterleavedSum sum{fold.tables.step, fold.costs};
    if constexpr (kOutside)
        ensemble_outside_cell(fold.model, fold.tables, i, i + d, sum);
    else
        ensemble_inside_cell(fold.model, fold.tables, i, i + d, sum);
}

// Thread `flat` of a launch per diagonal d (`cells` per fold, the longest's): cell flat / count
// of fold flat % count, so that a warp's threads take the same cell of consecutive folds.
template <bool kOutside>
__device__ __forceinline__ void interleaved_diagonal_cell(const EnsembleDeviceFold* folds,
                                                          int count, int d, int cells,
                                                          std::size_t flat) {
    const std::size_t i = flat / std::size_t(count);
    if (i >= std::size_t(cells)) return;
    const EnsembleDeviceFold& fold = folds[flat - i * std::size_t(count)];
    if (int(i) + d >= fold.model.n) return;
    interleaved_cell<kOutside>(fold, int(i), d);
}

// Launch on the per-thread stream: diagonals first_d, first_d + 1, ... (inside) or first_d,
// first_d - 1, ... (outside), `diagonals` of them, of folds[0 .. count) (none longer than n). A
// block owns 32 consecutive folds, a lane each, and its warps take the cells of a diagonal in
// turn; a barrier ends each diagonal, so that one launch covers what `diagonals` launches of the
// per-diagonal kernel cover.
void launch_interleaved_diagonals(const EnsembleDeviceFold* folds, int count, int n, bool outside,
                                  int first_d, int diagonals);

// Launch: one diagonal d (cells cells per fold) as the per-diagonal kernel does, compiled for at
// least `min_blocks` resident blocks of 128 threads per SM (8: at most 64 registers, 12: 40;
// spills where the cell needs more). Other values are refused with InternalError.
void launch_interleaved_capped(const EnsembleDeviceFold* folds, int count, int d, int cells,
                               bool outside, int min_blocks);

}  // namespace tropic::rna::detail::cuda
