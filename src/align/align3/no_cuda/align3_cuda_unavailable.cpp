// Builds without CUDA: the GPU code exists and throws the one error of such a build.
#include "align/align3/cuda/align3_cuda.hpp"
#include "core/no_cuda/built_without_cuda.hpp"

namespace tropic::align::detail::cuda {

std::uint64_t align3_device_bytes(const Align3Problem&, bool) {
    return 0;
}

Align3Result align3_cuda(const Align3Problem&, const Align3Sequences&, const SubstitutionMatrix&,
                         bool, int) {
    throw_built_without_cuda();
}

}  // namespace tropic::align::detail::cuda
