#pragma once
// Launchers of the MFE kernels (mfe_fill.cu, mfe_traceback.cu), all on the calling thread's
// default stream.
#include <cstdint>
#include <functional>
#include <span>

#include "core/cuda/cuda_check.cuh"
#include "rna/mfe/cuda/mfe_device.cuh"
#include "rna/mfe/mfe_traceback.hpp"
#include "tropic/rna/mfe.hpp"

namespace tropic::rna::detail::cuda {

// Batch mode: fills diagonal d of folds 0..folds-1 (cells: the longest fold's cells on it).
void launch_mfe_batch_diagonal(const MfeDeviceArgs& args, int d, int cells, int folds);

// Traces folds 0..folds-1 of args.folds, one warp each, into structures (at each fold's
// `bases` offset); failed[f] becomes 1 where the tables do not explain the minimum. Batch
// mode's tables are diagonal-major, long mode's are the squares with products.
void launch_mfe_traceback(const MfeDeviceArgs& args, int folds, bool long_mode, MfeInterval* stacks,
                          char* structures, int* failed);

// What reads long mode's tables while they are on the device: the kernels' view of them and of
// the fold (fold 0 of args.folds, its copy on the host).
using MfeLongTablesUse = std::function<void(const MfeDeviceArgs& args, const MfeDeviceFold& fold)>;

// Fills every table of `sequence` (any length >= 1) in long mode on `device`, F5 included, and
// hands them to `use` on the calling thread's stream; they live in the calling thread's
// workspace until its next fold. Throws ResourceError, before allocating, when they do not fit.
void fill_mfe_long_tables(std::span<const std::uint8_t> sequence, const EnergyParams& params,
                          const MfeParams& mfe_params, const StructureConstraint* constraint,
                          int device, const MfeLongTablesUse& use);

}  // namespace tropic::rna::detail::cuda
