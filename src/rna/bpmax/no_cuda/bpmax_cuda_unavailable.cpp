// Builds without CUDA: the GPU code exists and throws the one error of such a build.
#include "core/no_cuda/built_without_cuda.hpp"
#include "rna/bpmax/cuda/bpmax_cuda.hpp"

namespace tropic::rna::detail::cuda {

template <typename Score>
std::size_t fill_device_bytes(const InteractionTables<Score>&) {
    return 0;
}

template <typename Score>
void fill_interaction_tables(const Problem<Score>&, InteractionTables<Score>&, int, const Progress&,
                             std::size_t) {
    throw_built_without_cuda();
}

template <typename Score>
std::vector<DeviceSite> interact_sites(const Problem<Score>&, const InteractionTables<Score>&,
                                       std::size_t, int, const Progress&, std::size_t) {
    throw_built_without_cuda();
}

std::size_t kept_device_bytes() noexcept {
    return 0;
}

TROPIC_BPMAX_CUDA_INSTANTIATE(std::int16_t)
TROPIC_BPMAX_CUDA_INSTANTIATE(std::int32_t)

}  // namespace tropic::rna::detail::cuda
