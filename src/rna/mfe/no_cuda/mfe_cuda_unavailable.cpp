// Builds without CUDA: the GPU code exists and throws the one error of such a build.
#include "core/no_cuda/built_without_cuda.hpp"
#include "rna/mfe/cuda/mfe_cuda.hpp"

namespace tropic::rna::detail::cuda {

void set_mfe_f5_in_global_for_tests(bool) {}

std::size_t mfe_f5_global_folds() {
    return 0;
}

std::uint64_t mfe_device_bytes(std::size_t, const MfeParams&, bool) {
    return 0;
}

std::uint64_t mfe_long_device_bytes(std::size_t, const MfeParams&, bool) {
    return 0;
}

std::vector<MfeResult> fold_mfe_cuda(std::span<const MfeJob>, const EnergyParams&, const MfeParams&,
                                     int, const Progress&) {
    throw_built_without_cuda();
}

}  // namespace tropic::rna::detail::cuda
