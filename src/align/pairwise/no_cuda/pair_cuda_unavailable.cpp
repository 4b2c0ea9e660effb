// Builds without CUDA: the GPU code exists and throws the one error of such a build.
#include "align/pairwise/cuda/pair_cuda.hpp"
#include "core/no_cuda/built_without_cuda.hpp"

namespace tropic::align::detail::cuda {

std::int64_t strip_rows(std::int64_t) {
    return kStripRowsMax;
}

std::uint64_t forward_device_bytes(std::int64_t, std::int64_t, std::int64_t, std::int64_t) {
    return 0;
}

DeviceFill fill_pair_cuda(const TileProblem&, std::int64_t, std::int64_t, int, std::int64_t) {
    throw_built_without_cuda();
}

std::int64_t device_trace_side(std::int64_t, std::int64_t, std::uint64_t) {
    return kDeviceTraceSide;
}

PairAlignment trace_pair_cuda(const TileProblem&, std::int64_t, int) {
    throw_built_without_cuda();
}

void fill_directions_cuda(const TileProblem&, const DirectionTile&, std::vector<std::uint8_t>&,
                          int) {
    throw_built_without_cuda();
}

}  // namespace tropic::align::detail::cuda
