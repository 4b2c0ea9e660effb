#pragma once
// Host side of the scan kernels (scan_kernels.cu): the rows a lane holds for a query, and the
// launches. size_only: only the grid the launch would use (for sizing the warps' scratch rows).
#include <cuda_runtime.h>

#include <cstdint>

#include "align/search/cuda/scan_kernels.cuh"

namespace tropic::align::detail::cuda {

// Rows per lane for a query of m rows: packed lanes an even number up to 32, int32 lanes a
// multiple of 4 up to 16.
int packed_rows_per_lane(std::int64_t m);
int int32_rows_per_lane(std::int64_t m);

// Launch on `stream` with at most `blocks` blocks (0: as many as are resident); returns the grid.
int launch_packed_scan(const PackedScanArgs& args, int rows_per_lane, int blocks,
                       cudaStream_t stream, int device, bool size_only);
int launch_int32_scan(const Int32ScanArgs& args, AlignMode mode, int rows_per_lane, int blocks,
                      cudaStream_t stream, int device, bool size_only);

}  // namespace tropic::align::detail::cuda
