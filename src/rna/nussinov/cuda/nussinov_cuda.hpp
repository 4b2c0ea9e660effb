#pragma once
// CUDA engines for Nussinov folding. A plain C++ interface: callers never see CUDA types.
// In builds without CUDA, ../no_cuda/ provides versions that throw ResourceError.
#include <cstddef>
#include <cstdint>
#include <span>
#include <vector>

#include "tropic/rna/nussinov.hpp"

namespace tropic::rna::detail::cuda {

// Longest sequence that batch mode takes; longer ones go to long mode one at a time.
inline constexpr std::size_t kBatchMaxLength = 1024;

// Folds many short sequences (each at most kBatchMaxLength) at once; results in input order.
// Views, not copies: the caller's records are read in place.
std::vector<NussinovResult> fold_nussinov_batch(
    std::span<const std::span<const std::uint8_t>> sequences, const NussinovParams& params,
    int device);

// Device bytes long mode needs for a sequence of `length` (0 in a build without CUDA).
std::uint64_t nussinov_long_device_bytes(std::size_t length, const NussinovParams& params);

// Folds one sequence with the tiled max-plus long mode. Checks device memory first and throws
// ResourceError with the largest length that would fit.
NussinovResult fold_nussinov_long(std::span<const std::uint8_t> sequence,
                                  const NussinovParams& params, int device);

}  // namespace tropic::rna::detail::cuda
