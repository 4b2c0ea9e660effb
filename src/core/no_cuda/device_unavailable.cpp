#include "core/internal/device_probe.hpp"
#include "core/internal/messages.hpp"
#include "core/no_cuda/built_without_cuda.hpp"
#include "tropic/core/device.hpp"
#include "tropic/core/error.hpp"

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

void throw_built_without_cuda() {
    // A default probe is a build without CUDA, whatever a test has put in place.
    throw ResourceError(detail::cuda_unavailable_reason(detail::DeviceProbe{}, 0) + "; " +
                        std::string(kUseCpuBackend));
}

}  // namespace tropic
