#pragma once
// align3 on a CUDA device: the plane sweep (align3_sweep.hpp) with the planes, checkpoints and
// directions in device memory, a grid-wide barrier a plane, the same cell functions as the CPU's
// (align3_plane_cell.hpp), and the walk of the traceback on the device. A plain C++ interface;
// builds without CUDA get a version that throws (../no_cuda/).
#include <cstdint>

#include "align/align3/align3_sweep.hpp"

namespace tropic::align::detail::cuda {

// Device bytes of the sweep with the least memory (checkpoints where needed), sequences and
// matrix included.
std::uint64_t align3_device_bytes(const Align3Problem& problem, bool traceback);

// The whole triple on `device` (problem gives the shape and costs; the pair-score tables are built
// on the device from the sequences and the matrix): the score and, with traceback, the columns
// (identities left to the caller). Throws ResourceError, before allocating, when the device's
// free memory cannot hold it.
Align3Result align3_cuda(const Align3Problem& problem, const Align3Sequences& sequences,
                         const SubstitutionMatrix& matrix, bool traceback, int device);

}  // namespace tropic::align::detail::cuda
