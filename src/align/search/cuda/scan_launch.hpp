#pragma once
// Host side of the scan kernels (scan_kernels.cu): the rows a lane holds for a query, the grid of
// a launch (for sizing the warps' scratch rows first), and the launches.
#include <cuda_runtime.h>

#include <cstdint>

#include "align/search/cuda/scan_kernels.cuh"

namespace tropic::align::detail::cuda {

// Rows per lane for a query of m rows: packed lanes an even number up to 32, int32 lanes a
// multiple of 4 up to 16.
int packed_rows_per_lane(std::int64_t m);
int int32_rows_per_lane(std::int64_t m);

// The grid of a launch: as many blocks as are resident on `device`, no more than the targets
// need (the warps' scratch rows are sized for it before the launch).
int packed_scan_grid(const PackedScanArgs& args, int rows_per_lane, int device);
int int32_scan_grid(const Int32ScanArgs& args, AlignMode mode, int rows_per_lane, int device);

// Launch on `stream` with `grid` blocks (from the grid functions above).
void launch_packed_scan(const PackedScanArgs& args, int rows_per_lane, int grid,
                        cudaStream_t stream);
void launch_int32_scan(const Int32ScanArgs& args, AlignMode mode, int rows_per_lane, int grid,
                       cudaStream_t stream);

}  // namespace tropic::align::detail::cuda
