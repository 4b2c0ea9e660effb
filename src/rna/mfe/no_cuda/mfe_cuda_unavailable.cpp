// Builds without CUDA: the GPU fold exists but says clearly that it is not compiled in.
#include "rna/mfe/cuda/mfe_cuda.hpp"
#include "tropic/core/error.hpp"

namespace tropic::rna::cuda {

void set_mfe_f5_in_global_for_tests(bool) {}

std::size_t mfe_f5_global_folds() {
    return 0;
}

std::uint64_t mfe_device_bytes(std::size_t, const MfeOptions&) {
    return 0;
}

std::vector<MfeResult> fold_mfe_cuda(std::span<const MfeJob>, const EnergyParams&,
                                     const MfeOptions&, int, const ManyMfeProgress&) {
    throw ResourceError("this tropic was built without CUDA support; use --backend cpu");
}

}  // namespace tropic::rna::cuda
