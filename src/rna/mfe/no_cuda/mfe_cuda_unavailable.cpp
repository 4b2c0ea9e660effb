// Builds without CUDA: the GPU fold exists but says clearly that it is not compiled in.
#include "rna/mfe/cuda/mfe_cuda.hpp"
#include "tropic/core/error.hpp"

namespace tropic::rna::cuda {

std::uint64_t mfe_device_bytes(std::size_t, const MfeOptions&) {
    return 0;
}

std::vector<MfeResult> fold_mfe_cuda(std::span<const MfeJob>, const EnergyParams&,
                                     const MfeOptions&, int, const ManyMfeProgress&) {
    throw ResourceError("this tropic was built without CUDA support; use --backend cpu");
}

}  // namespace tropic::rna::cuda
