// The partition function's GPU entry points in a build without CUDA.
#include "rna/ensemble/cuda/ensemble_cuda.hpp"
#include "tropic/core/error.hpp"

namespace tropic::rna::detail::cuda {

std::uint64_t ensemble_device_bytes(std::size_t length) {
    return ensemble_table_bytes(length, true);
}

void fill_ensemble_cuda(std::span<const EnsembleJob>, const BoltzmannFactors&, const MfeParams&,
                        const EnsembleOutput&, int, const Progress&) {
    throw ResourceError("this tropic was built without CUDA: use --backend cpu");
}

}  // namespace tropic::rna::detail::cuda
