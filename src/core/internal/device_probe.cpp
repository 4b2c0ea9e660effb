#include "core/internal/device_probe.hpp"

#include <fmt/format.h>

#include "tropic/core/device.hpp"

namespace tropic::detail {

namespace {
const DeviceProbe* fake_probe = nullptr;
}  // namespace

DeviceProbe current_device_probe() {
    if (fake_probe != nullptr) return *fake_probe;
    DeviceProbe real;
    real.cuda_compiled = cuda_compiled();
    real.device_count = cuda_device_count();
    real.free_bytes = [](int device) -> std::uint64_t {
        const auto info = query_device(device);
        return info ? info->free_memory : 0;
    };
    return real;
}

ScopedDeviceProbe::ScopedDeviceProbe(DeviceProbe fake)
    : fake_(std::move(fake)), previous_(fake_probe) {
    fake_probe = &fake_;
}

ScopedDeviceProbe::~ScopedDeviceProbe() {
    fake_probe = previous_;
}

std::string cuda_unavailable_reason(const DeviceProbe& probe, int device) {
    if (!probe.cuda_compiled) return "this tropic was built without CUDA support";
    if (device < 0 || device >= probe.device_count)
        return fmt::format("CUDA device {} is not available ({} device(s) found)", device,
                           probe.device_count);
    return {};
}

}  // namespace tropic::detail

namespace tropic {

std::string cuda_unavailable_reason(int device) {
    return detail::cuda_unavailable_reason(detail::current_device_probe(), device);
}

}  // namespace tropic
