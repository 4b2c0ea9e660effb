#pragma once
// A syntenic pair on a CUDA device: align_syntenic's result, computed there. A plain C++
// interface; builds without CUDA get a version that throws (../no_cuda/).
#include <cstdint>
#include <span>

#include "tropic/align/syntenic.hpp"

namespace tropic::align::detail::cuda {

// The alignment (or the score alone, with params.score_only) of query against target on
// `device`; the same result as the CPU's. Throws ResourceError when the device cannot do it.
SyntenicAlignment align_syntenic_cuda(std::span<const std::uint8_t> query,
                                      std::span<const std::uint8_t> target,
                                      const SyntenicParams& params, int device);

}  // namespace tropic::align::detail::cuda
