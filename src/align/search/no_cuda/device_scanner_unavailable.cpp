// A build without CUDA: the device scanner throws; the search only reaches it when the cuda
// backend was chosen, which such a build refuses first (choose_backend).
#include "align/search/cuda/device_scanner.hpp"
#include "tropic/core/error.hpp"

namespace tropic::align::detail::cuda {

struct DeviceScanner::Impl {};

DeviceScanner::DeviceScanner(const TargetView&, const AlignParams&, int, std::uint64_t) {
    throw ResourceError("this build of tropic has no CUDA support");
}
DeviceScanner::~DeviceScanner() = default;
void DeviceScanner::scan(std::span<const std::span<const std::uint8_t>>, std::span<std::int32_t>,
                         const std::function<void(std::uint64_t)>&) {}
std::uint64_t DeviceScanner::rescored() const noexcept {
    return 0;
}
bool DeviceScanner::resident() const noexcept {
    return false;
}
double DeviceScanner::kernel_seconds() const noexcept {
    return 0;
}
void set_query_pairs(bool) {}

}  // namespace tropic::align::detail::cuda
