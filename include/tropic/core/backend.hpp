#pragma once
#include <string_view>

namespace tropic {

// Where a computation runs. Auto picks CUDA when a device is present and the work is big enough.
enum class Backend { Auto, Cpu, Cuda };

// Parses "auto", "cpu" or "cuda"; throws InputError otherwise.
[[nodiscard]] Backend parse_backend(std::string_view text);
[[nodiscard]] std::string_view to_string(Backend backend) noexcept;

}  // namespace tropic
