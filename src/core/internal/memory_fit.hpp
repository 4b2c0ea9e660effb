#pragma once
// The one check of "does this work fit in memory" and the one message that says it does not:
// what was asked, the bytes it needs against the bytes there are, and what would help (a window,
// a smaller batch, the CPU). Families state their needs and their suggestion; the words are the
// same everywhere.
#include <cstddef>
#include <cstdint>
#include <functional>
#include <string>
#include <string_view>

namespace tropic {

// Memory that work may take, and what the message calls it.
struct MemoryBudget {
    enum class Kind {
        HostAvailable,  // what the system has available now (available_host_memory)
        HostLimit,      // a limit the caller set (RunOptions::max_memory)
        Device,         // free memory of a CUDA device
    };
    Kind kind = Kind::HostAvailable;
    // What the work may take: for a device, its free memory less the headroom (device_budget).
    std::uint64_t bytes = 0;
    int device = 0;                // for Kind::Device
    std::uint64_t free_bytes = 0;  // for Kind::Device: what the device reported free

    bool on_device() const noexcept { return kind == Kind::Device; }
};

// The host budget of a run: max_memory when set (non-zero), else the memory available now.
MemoryBudget host_budget(std::size_t max_memory);

// The one headroom rule for device memory: work may plan for the free bytes less a tenth of
// them, which stay for what the CUDA context allocates by itself later (the runtime's and the
// driver's pools, kernels' local memory) and for fragmentation. Every family sizes and checks its
// device work against this budget, and choose_backend compares with the same number. The bytes
// of `free_bytes` include what the caller already holds and would reuse.
std::uint64_t usable_device_bytes(std::uint64_t free_bytes) noexcept;
MemoryBudget device_budget(int device, std::uint64_t free_bytes) noexcept;

// 1536 -> "1.5 KiB": bytes in binary units with one decimal, readable at any size.
std::string format_bytes(std::uint64_t bytes);

// "<what> needs <needed> of <memory> but <budget> <is available | is the limit | of the device's
// free memory can be used>",
// then "; <suggestion>" when there is one. `what` names the work ("an MFE fold of 150000 nt").
std::string does_not_fit_message(std::string_view what, std::uint64_t needed,
                                 const MemoryBudget& budget, std::string_view suggestion = {});

// The largest length n <= upper with bytes_of(n) <= budget (0 when none fits), for suggestions
// such as "the longest sequence that fits is 23170 nt". bytes_of must not decrease as n grows.
std::size_t longest_that_fits(std::uint64_t budget,
                              const std::function<std::uint64_t(std::size_t)>& bytes_of,
                              std::size_t upper = std::size_t{1} << 32);

}  // namespace tropic
