// Builds without CUDA: the device part of subopt exists and throws the one error of such a build.
#include "core/no_cuda/built_without_cuda.hpp"
#include "rna/subopt/subopt_device.hpp"

namespace tropic::rna::detail::cuda {

std::uint64_t subopt_device_bytes(std::size_t, const MfeParams&, bool, bool) {
    return 0;
}

SuboptDeviceTables subopt_tables_cuda(std::span<const std::uint8_t>, const EnergyParams&,
                                      const MfeParams&, const StructureConstraint*, bool, int,
                                      ThreadPool*) {
    throw_built_without_cuda();
}

}  // namespace tropic::rna::detail::cuda
