#pragma once
// The listed return of the pair probabilities (ensemble_cuda.hpp's EnsembleOutput): on the
// device, from each fold's packed probabilities, the pairs at or above a threshold and the sums
// over every pair (ensemble_pair_sums.hpp, the host's own code), so that a fold's n x n doubles
// never cross PCIe.
#include <cstddef>
#include <cstdint>
#include <span>

#include "core/cuda/device_buffer.cuh"
#include "rna/ensemble/cuda/ensemble_device.cuh"
#include "rna/ensemble/ensemble_cpu.hpp"

namespace tropic::rna::detail::cuda {

// One fold's totals and where its listed pairs lie in the chunk's list.
struct EnsembleListedFold {
    double centroid_distance = 0;
    double half_diversity = 0;
    unsigned long long at = 0;  // first of its pairs in the list
    unsigned long long count = 0;
};

// Device memory of a chunk's listed return (grows only).
struct EnsembleListedBuffers {
    tropic::detail::cuda::DeviceBuffer<double> values;        // P(i,j) of the listed pairs
    tropic::detail::cuda::DeviceBuffer<std::uint32_t> cells;  // i * n + j of each
    tropic::detail::cuda::DeviceBuffer<EnsembleListedFold> folds;
    tropic::detail::cuda::DeviceBuffer<unsigned long long> head;  // pairs listed so far
};

// Device bytes of one fold of n bases in the listed return, at most (every pair listed).
std::uint64_t ensemble_listed_bytes(std::size_t n);

// Whether a fold of n bases can be listed (its cells i * n + j fit 32 bits).
inline bool ensemble_listable(std::size_t n) {
    return n <= 65535;
}

// Launch on the per-thread stream: for folds[0 .. count), whose packed probabilities are final,
// their totals into buffers.folds, their pairs of probability >= threshold into values and
// cells (each fold's by (i, j), the folds in any order), and the pairing tendency and centroid
// (n chars each) at EnsembleDeviceFold::text. `cells` is the chunk's packed cells: the most
// that can be listed.
void launch_pair_list(const EnsembleDeviceFold* folds, std::size_t count, std::size_t cells,
                      double threshold, EnsembleListedBuffers& buffers);

// The host's side of one fold's return: its pairs from the list (values and cells of the whole
// chunk), its strings (tendency then centroid) and totals.
void unpack_listed(EnsembleFold& fold, const EnsembleListedFold& totals, const double* values,
                   const std::uint32_t* cells, const char* text);

}  // namespace tropic::rna::detail::cuda
