#include "tropic/core/memory.hpp"

#include <unistd.h>

#include <fstream>
#include <limits>
#include <sstream>
#include <string>

namespace tropic {

std::size_t available_host_memory() noexcept {
    std::ifstream meminfo("/proc/meminfo");
    std::string line;
    while (std::getline(meminfo, line)) {
        if (line.rfind("MemAvailable:", 0) == 0) {
            std::istringstream fields(line.substr(13));
            unsigned long long kib = 0;
            if (fields >> kib) return static_cast<std::size_t>(kib) * 1024;
        }
    }
    const long pages = ::sysconf(_SC_AVPHYS_PAGES);
    const long page_size = ::sysconf(_SC_PAGESIZE);
    if (pages <= 0 || page_size <= 0) return std::numeric_limits<std::size_t>::max();
    return static_cast<std::size_t>(pages) * static_cast<std::size_t>(page_size);
}

}  // namespace tropic
