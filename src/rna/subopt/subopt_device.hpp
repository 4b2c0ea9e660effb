#pragma once
// The device part of subopt (private to src/rna/subopt): the MFE fill in long mode
// (mfe_kernels.cuh) and, for Zuker's suboptimals, the outside table (zuker_outside.hpp) on a
// CUDA device, copied back into the host's layout; the enumeration and the traces stay on the
// host, shared with the CPU path. Builds without CUDA get a version that throws ResourceError.
#include <cstddef>
#include <cstdint>
#include <memory>
#include <span>
#include <vector>

#include "rna/mfe/mfe_tables.hpp"

namespace tropic {
class ThreadPool;
}

namespace tropic::rna::detail::cuda {

// Device bytes the device part of a record of `length` nt needs: long mode's tables and, with
// `outside`, the outside table, its closing energies and the multiloop vectors of every l.
std::uint64_t subopt_device_bytes(std::size_t length, const MfeParams& mfe_params, bool constrained,
                                  bool outside);

struct SuboptDeviceTables {
    std::unique_ptr<MfeTables> tables;  // equal, cell for cell, to the CPU engine's
    // With `outside` only: ZukerOutside's F3, Out and multiloop vectors (its up and ml tables).
    std::vector<int> f3, out, up, ml;
};

// Fills the tables of `sequence` on `device` and copies them back (converted to the host's
// layout on `pool`'s threads); with `outside`, Zuker's outside table too. Throws ResourceError,
// before allocating, when they do not fit the device's free memory (naming the length that
// would).
SuboptDeviceTables subopt_tables_cuda(std::span<const std::uint8_t> sequence,
                                      const EnergyParams& params, const MfeParams& mfe_params,
                                      const StructureConstraint* constraint, bool outside,
                                      int device, ThreadPool* pool);

}  // namespace tropic::rna::detail::cuda
