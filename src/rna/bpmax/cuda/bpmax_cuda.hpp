#pragma once
// The CUDA fill of BPMax's F tables. A plain C++ interface: callers never see CUDA types. In
// builds without CUDA, ../no_cuda/ provides a version that throws ResourceError.
#include <cstddef>
#include <vector>

#include "rna/bpmax/bpmax_tables.hpp"

namespace tropic::rna::detail::cuda {

// Device bytes the fill needs for tables of this shape (both layouts and the strand tables).
template <typename Score>
std::size_t fill_device_bytes(const InteractionTables<Score>& f);

// Fills f (allocated, shape set) on `device` with the same values as the CPU fill, cell for
// cell, then copies it back for site search and traceback. Checks device memory first and throws
// ResourceError naming what would fit.
template <typename Score>
void fill_interaction_tables(const Problem<Score>& problem, InteractionTables<Score>& f, int device,
                             const Progress& on_progress = {}, std::size_t item = 0);

// A site found on the device with the pairs of its structure (the strands' own coordinates).
struct DeviceSite {
    SiteBox box;
    std::vector<BpmaxPair> pairs;
};

// Fills F on the device, finds the `top` best sites there (the rule of bpmax.hpp) and traces
// them there. `shape` gives the table shape; its cells are not used.
template <typename Score>
std::vector<DeviceSite> interact_sites(const Problem<Score>& problem,
                                       const InteractionTables<Score>& shape, std::size_t top,
                                       int device, const Progress& on_progress = {},
                                       std::size_t item = 0);

// Device bytes that the buffers kept from one pair to the next (one set per host thread) hold
// now: a pair reuses its thread's, so the dispatch counts them as free.
std::size_t kept_device_bytes() noexcept;

// Explicit instantiations for both score types, in the CUDA file and in the no-CUDA stub alike.
#define TROPIC_BPMAX_CUDA_INSTANTIATE(Score)                                                       \
    template std::size_t fill_device_bytes<Score>(const InteractionTables<Score>&);                \
    template void fill_interaction_tables<Score>(const Problem<Score>&, InteractionTables<Score>&, \
                                                 int, const Progress&, std::size_t);               \
    template std::vector<DeviceSite> interact_sites<Score>(                                        \
        const Problem<Score>&, const InteractionTables<Score>&, std::size_t, int, const Progress&, \
        std::size_t);

}  // namespace tropic::rna::detail::cuda
