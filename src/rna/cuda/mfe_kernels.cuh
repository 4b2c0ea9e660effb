#pragma once
// Launchers of the MFE kernels (mfe_fill.cu, mfe_traceback.cu), all on the calling thread's
// default stream.
#include "core/cuda/cuda_check.cuh"
#include "rna/cuda/mfe_device.cuh"
#include "rna/mfe_traceback.hpp"

namespace tropic::rna::cuda {

// Traces folds 0..folds-1 of args.folds, one warp each, into structures (at each fold's
// `bases` offset); failed[f] becomes 1 where the tables do not explain the minimum.
void launch_mfe_traceback(const MfeDeviceArgs& args, int folds, bool with_products,
                          MfeInterval* stacks, char* structures, int* failed);

}  // namespace tropic::rna::cuda
