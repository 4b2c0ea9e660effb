// Builds without CUDA: the GPU fill exists but says clearly that it is not compiled in.
#include "rna/bpmax/cuda/bpmax_cuda.hpp"
#include "tropic/core/error.hpp"

namespace tropic::rna::bpmax::cuda {

namespace {
[[noreturn]] void unavailable() {
    throw ResourceError("this tropic was built without CUDA support; use --backend cpu");
}
}  // namespace

template <typename Score>
std::size_t fill_device_bytes(const InteractionTables<Score>&) {
    return 0;
}

template <typename Score>
void fill_interaction_tables(const Problem<Score>&, InteractionTables<Score>&, int,
                             const BpmaxProgress&) {
    unavailable();
}

template <typename Score>
std::vector<DeviceSite> interact_sites(const Problem<Score>&, const InteractionTables<Score>&,
                                       std::size_t, int, const BpmaxProgress&) {
    unavailable();
}

TROPIC_BPMAX_CUDA_INSTANTIATE(std::int16_t)
TROPIC_BPMAX_CUDA_INSTANTIATE(std::int32_t)

}  // namespace tropic::rna::bpmax::cuda
