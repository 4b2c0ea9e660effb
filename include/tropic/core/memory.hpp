#pragma once
// Host memory: what the system can give a run now, so that every family checks its tables against
// the same figure before allocating.
#include <cstddef>

namespace tropic {

// Bytes the system can give now: MemAvailable of /proc/meminfo where readable (it counts the page
// cache the kernel gives back on demand, which MemFree leaves out), else
// sysconf(_SC_AVPHYS_PAGES) pages; SIZE_MAX when neither is known.
[[nodiscard]] std::size_t available_host_memory() noexcept;

}  // namespace tropic
