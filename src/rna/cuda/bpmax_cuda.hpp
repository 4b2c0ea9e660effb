#pragma once
// The CUDA fill of BPMax's F tables. A plain C++ interface: callers never see CUDA types. In
// builds without CUDA, src/rna/no_cuda/ provides a version that throws ResourceError.
#include <cstddef>

#include "rna/bpmax_tables.hpp"

namespace tropic::rna::bpmax::cuda {

// Device bytes the fill needs for tables of this shape (both layouts and the strand tables).
std::size_t fill_device_bytes(const InteractionTables& f);

// Fills f (allocated, shape set) on `device` with the same values as the CPU fill, cell for
// cell, then copies it back for site search and traceback. Checks device memory first and throws
// ResourceError naming what would fit.
void fill_interaction_tables(const Problem& problem, InteractionTables& f, int device,
                             const BpmaxProgress& on_progress);

}  // namespace tropic::rna::bpmax::cuda
