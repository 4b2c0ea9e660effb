// Builds without CUDA: the GPU fill exists but says clearly that it is not compiled in.
#include "rna/cuda/bpmax_cuda.hpp"
#include "tropic/core/error.hpp"

namespace tropic::rna::bpmax::cuda {

std::size_t fill_device_bytes(const InteractionTables&) {
    return 0;
}

void fill_interaction_tables(const Problem&, InteractionTables&, int, const BpmaxProgress&) {
    throw ResourceError("this tropic was built without CUDA support; use --backend cpu");
}

}  // namespace tropic::rna::bpmax::cuda
