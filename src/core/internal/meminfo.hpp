#pragma once
// The one field of /proc/meminfo that host memory budgets read, parsed with std::from_chars rather
// than an iostream, whose number parsing depends on the process's C++ runtime and global locale:
// inside a Python interpreter on the GPU host an iostream read 0 bytes where the tool, in the
// same environment, read 128 GiB.
#include <cstddef>
#include <optional>
#include <string_view>

namespace tropic::detail {

// MemAvailable of a /proc/meminfo text in bytes; nullopt when the line is missing or malformed.
[[nodiscard]] std::optional<std::size_t> mem_available_bytes(std::string_view meminfo);

}  // namespace tropic::detail
