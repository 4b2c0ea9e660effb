#pragma once
// What the batch kernels' lanes share (scan_kernels.cuh says the layout): the row above a lane's
// first row, from the lane before it one step earlier, from the boundary (the first pass) or from
// the warp's scratch row (the pass before); and the bottom row a pass leaves for the next.
#include <cuda_runtime.h>

#include <cstdint>

namespace tropic::align::detail::cuda {

inline constexpr unsigned kFullWarp = 0xffffffffu;

// H and I of the row above the lane's rows at column j + 1 (0-based j): the previous lane's
// out_h and out_i of the last step; lane 0 takes boundary_h / boundary_i in the first pass, else
// the scratch row (words 2j and 2j + 1).
template <typename T>
__device__ __forceinline__ void row_above(int lane, int j, int n, bool first, const T* scratch,
                                          T out_h, T out_i, T boundary_h, T boundary_i, T& in_h,
                                          T& in_i) {
    in_h = __shfl_up_sync(kFullWarp, out_h, 1);
    in_i = __shfl_up_sync(kFullWarp, out_i, 1);
    if (lane == 0) {
        if (first) {
            in_h = boundary_h;
            in_i = boundary_i;
        } else if (j < n) {
            in_h = scratch[2 * j];
            in_i = scratch[2 * j + 1];
        }
    }
}

// The last lane keeps its bottom row at column j + 1 for the next pass (none after the last).
template <typename T>
__device__ __forceinline__ void keep_bottom_row(int lane, int j, bool last, T* scratch, T h, T i) {
    if (lane == 31 && !last) {
        scratch[2 * j] = h;
        scratch[2 * j + 1] = i;
    }
}

}  // namespace tropic::align::detail::cuda
