#include "tropic/core/device.hpp"

namespace tropic {

bool cuda_compiled() noexcept {
    return false;
}
int cuda_device_count() noexcept {
    return 0;
}
std::optional<DeviceInfo> query_device(int) {
    return std::nullopt;
}
void warm_up_device(int) noexcept {}

}  // namespace tropic
