#pragma once
// What the run plumbing asks of the machine about CUDA devices, in one place. The real probe asks
// CUDA; tests of choose_backend put a fake one in place (ScopedDeviceProbe) to reach every branch
// without a GPU.
#include <cstdint>
#include <functional>
#include <string>
#include <string_view>

namespace tropic::detail {

struct DeviceProbe {
    bool cuda_compiled = false;
    int device_count = 0;
    std::function<std::uint64_t(int device)> free_bytes;
};

// The fake probe while a ScopedDeviceProbe lives, else the real one.
DeviceProbe current_device_probe();

// Puts `fake` in place for its lifetime (tests only; not thread-safe).
class ScopedDeviceProbe {
  public:
    explicit ScopedDeviceProbe(DeviceProbe fake);
    ~ScopedDeviceProbe();
    ScopedDeviceProbe(const ScopedDeviceProbe&) = delete;
    ScopedDeviceProbe& operator=(const ScopedDeviceProbe&) = delete;

  private:
    DeviceProbe fake_;
    const DeviceProbe* previous_;
};

// Why CUDA work cannot run on `device` under `probe`, or an empty string when it can.
std::string cuda_unavailable_reason(const DeviceProbe& probe, int device);

}  // namespace tropic::detail
