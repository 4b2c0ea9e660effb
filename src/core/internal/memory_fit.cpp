#include "core/internal/memory_fit.hpp"

#include <fmt/format.h>

#include "tropic/core/memory.hpp"

namespace tropic {

MemoryBudget host_budget(std::size_t max_memory) {
    if (max_memory != 0) return {MemoryBudget::Kind::HostLimit, max_memory, 0};
    return {MemoryBudget::Kind::HostAvailable, available_host_memory(), 0};
}

std::uint64_t usable_device_bytes(std::uint64_t free_bytes) noexcept {
    return free_bytes - free_bytes / 10;
}

MemoryBudget device_budget(int device, std::uint64_t free_bytes) noexcept {
    return {MemoryBudget::Kind::Device, usable_device_bytes(free_bytes), device, free_bytes};
}

std::string format_bytes(std::uint64_t bytes) {
    static constexpr const char* kUnits[] = {"KiB", "MiB", "GiB", "TiB", "PiB", "EiB"};
    if (bytes < 1024) return fmt::format("{} bytes", bytes);
    double value = static_cast<double>(bytes) / 1024;
    std::size_t unit = 0;
    while (value >= 1024 && unit + 1 < std::size(kUnits)) value /= 1024, ++unit;
    return fmt::format("{:.1f} {}", value, kUnits[unit]);
}

std::string does_not_fit_message(std::string_view what, std::uint64_t needed,
                                 const MemoryBudget& budget, std::string_view suggestion) {
    std::string message;
    switch (budget.kind) {
        case MemoryBudget::Kind::HostAvailable:
            message = fmt::format("{} needs {} of memory but {} is available", what,
                                  format_bytes(needed), format_bytes(budget.bytes));
            break;
        case MemoryBudget::Kind::HostLimit:
            message = fmt::format("{} needs {} of memory but the memory limit is {}", what,
                                  format_bytes(needed), format_bytes(budget.bytes));
            break;
        case MemoryBudget::Kind::Device:
            message = fmt::format(
                "{} needs {} of memory on CUDA device {} but {} of its {} free can be used", what,
                format_bytes(needed), budget.device, format_bytes(budget.bytes),
                format_bytes(budget.free_bytes));
            break;
    }
    if (!suggestion.empty()) message += fmt::format("; {}", suggestion);
    return message;
}

std::size_t longest_that_fits(std::uint64_t budget,
                              const std::function<std::uint64_t(std::size_t)>& bytes_of,
                              std::size_t upper) {
    std::size_t lo = 0, hi = upper;  // bytes_of grows with n: binary search for the last fit
    if (bytes_of(0) > budget) return 0;
    while (lo < hi) {
        const std::size_t mid = lo + (hi - lo + 1) / 2;
        if (bytes_of(mid) <= budget)
            lo = mid;
        else
            hi = mid - 1;
    }
    return lo;
}

}  // namespace tropic
