// Builds without CUDA: the GPU code exists and throws the one error of such a build.
#include "core/no_cuda/built_without_cuda.hpp"
#include "rna/nussinov/cuda/nussinov_cuda.hpp"

namespace tropic::rna::detail::cuda {

std::uint64_t nussinov_long_device_bytes(std::size_t, const NussinovParams&) {
    return 0;
}

std::vector<NussinovResult> fold_nussinov_batch(std::span<const std::span<const std::uint8_t>>,
                                                const NussinovParams&, int) {
    throw_built_without_cuda();
}

NussinovResult fold_nussinov_long(std::span<const std::uint8_t>, const NussinovParams&, int) {
    throw_built_without_cuda();
}

}  // namespace tropic::rna::detail::cuda
