#pragma once
// Launchers of the MFE kernels (mfe_fill.cu, mfe_traceback.cu), all on the calling thread's
// default stream.
#include "core/cuda/cuda_check.cuh"
#include "rna/mfe/cuda/mfe_device.cuh"
#include "rna/mfe/mfe_traceback.hpp"

namespace tropic::rna::detail::cuda {

// Batch mode: fills diagonal d of folds 0..folds-1 (cells: the longest fold's cells on it).
void launch_mfe_batch_diagonal(const MfeDeviceArgs& args, int d, int cells, int folds);

// Traces folds 0..folds-1 of args.folds, one warp each, into structures (at each fold's
// `bases` offset); failed[f] becomes 1 where the tables do not explain the minimum. Batch
// mode's tables are diagonal-major, long mode's are the squares with products.
void launch_mfe_traceback(const MfeDeviceArgs& args, int folds, bool long_mode, MfeInterval* stacks,
                          char* structures, int* failed);

}  // namespace tropic::rna::detail::cuda
