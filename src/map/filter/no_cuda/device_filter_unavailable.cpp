// A build without CUDA: the device filter throws; the mapper reaches it only when the cuda
// backend was chosen, which such a build refuses first (choose_backend).
#include "map/filter/device_filter.hpp"
#include "tropic/core/error.hpp"

namespace tropic::map::detail {

struct DeviceCandidateFilter::State {};

DeviceCandidateFilter::DeviceCandidateFilter(std::span<const std::uint64_t>,
                                             const LmerDistanceTable&, int) {
    throw ResourceError("this build of tropic has no CUDA support");
}

DeviceCandidateFilter::~DeviceCandidateFilter() = default;

void DeviceCandidateFilter::filter(const CandidateBatch&, std::span<const std::uint32_t>,
                                   std::span<FilterOutcome>) {
    throw ResourceError("this build of tropic has no CUDA support");
}

}  // namespace tropic::map::detail
