// Builds without CUDA: the GPU code exists and throws the one error of such a build.
#include "align/syntenic/cuda/syntenic_cuda.hpp"
#include "core/no_cuda/built_without_cuda.hpp"

namespace tropic::align::detail::cuda {

SyntenicAlignment align_syntenic_cuda(std::span<const std::uint8_t>, std::span<const std::uint8_t>,
                                      const SyntenicParams&, int) {
    throw_built_without_cuda();
}

}  // namespace tropic::align::detail::cuda
