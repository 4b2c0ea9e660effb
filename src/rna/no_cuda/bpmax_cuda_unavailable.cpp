// Builds without CUDA: the GPU fill exists but says clearly that it is not compiled in.
#include "rna/cuda/bpmax_cuda.hpp"
#include "tropic/core/error.hpp"

namespace tropic::rna::bpmax::cuda {

std::size_t fill_device_bytes(const InteractionTables&) {
    return 0;
}

namespace {
[[noreturn]] void unavailable() {
    throw ResourceError("this tropic was built without CUDA support; use --backend cpu");
}
}  // namespace

void fill_interaction_tables(const Problem&, InteractionTables&, int, const BpmaxProgress&) {
    unavailable();
}

std::vector<SiteTables> interact_sites(const Problem&, const InteractionTables&, std::size_t, int,
                                       const BpmaxProgress&) {
    unavailable();
}

}  // namespace tropic::rna::bpmax::cuda
