// Builds without CUDA: the CUDA engines exist but say clearly that they are not compiled in.
#include "rna/nussinov/cuda/nussinov_cuda.hpp"
#include "tropic/core/error.hpp"

namespace tropic::rna::cuda {

namespace {
[[noreturn]] void unavailable() {
    throw ResourceError("this tropic was built without CUDA support; use --backend cpu");
}
}  // namespace

std::vector<NussinovResult> fold_nussinov_batch(std::span<const std::span<const std::uint8_t>>,
                                                const NussinovParams&, int) {
    unavailable();
}

NussinovResult fold_nussinov_long(std::span<const std::uint8_t>, const NussinovParams&, int) {
    unavailable();
}

}  // namespace tropic::rna::cuda
