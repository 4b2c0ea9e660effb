#pragma once
// Device query. Works in every build: without CUDA support it reports no devices.
#include <cstddef>
#include <optional>
#include <string>

namespace tropic {

struct DeviceInfo {
    int index = 0;
    std::string name;
    int compute_major = 0;
    int compute_minor = 0;
    int multiprocessors = 0;
    std::size_t total_memory = 0;
    std::size_t free_memory = 0;
    std::size_t shared_memory_per_block_optin = 0;
};

// True when this build contains the CUDA backend.
[[nodiscard]] bool cuda_compiled() noexcept;
// Number of usable CUDA devices (0 without CUDA support, a driver or a device).
[[nodiscard]] int cuda_device_count() noexcept;
// Details of one device, or nullopt when it does not exist.
[[nodiscard]] std::optional<DeviceInfo> query_device(int index);

// Creates device `index`'s CUDA context now (a few hundred ms on some hosts), so that a caller
// can overlap it with other start-up work; later CUDA calls find it ready. Errors are left for
// those calls to report: this never throws, and does nothing without CUDA or such a device.
void warm_up_device(int index) noexcept;

// Why CUDA work cannot run on device `index`: "this tropic was built without CUDA support" or
// "CUDA device 2 is not available (1 device(s) found)"; empty when it can. Callers add the remedy
// in their own words (choose_backend: the cpu backend; the tool: its --backend option).
[[nodiscard]] std::string cuda_unavailable_reason(int index);

}  // namespace tropic
