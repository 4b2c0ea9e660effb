#include "tropic/core/memory.hpp"

#include <fcntl.h>
#include <unistd.h>

#include <charconv>
#include <limits>
#include <string>

#include "core/internal/meminfo.hpp"

namespace tropic {

namespace detail {

std::optional<std::size_t> mem_available_bytes(std::string_view meminfo) {
    constexpr std::string_view kField = "MemAvailable:";
    std::size_t at = meminfo.find(kField);
    while (at != std::string_view::npos && at != 0 && meminfo[at - 1] != '\n')
        at = meminfo.find(kField, at + 1);
    if (at == std::string_view::npos) return std::nullopt;
    std::string_view rest = meminfo.substr(at + kField.size());
    rest.remove_prefix(std::min(rest.find_first_not_of(" \t"), rest.size()));
    unsigned long long kib = 0;
    const auto [end, error] = std::from_chars(rest.data(), rest.data() + rest.size(), kib);
    if (error != std::errc() || end == rest.data()) return std::nullopt;
    rest.remove_prefix(static_cast<std::size_t>(end - rest.data()));
    if (!rest.starts_with(" kB")) return std::nullopt;
    if (kib > std::numeric_limits<std::size_t>::max() / 1024) return std::nullopt;
    return static_cast<std::size_t>(kib) * 1024;
}

}  // namespace detail

namespace {

// The whole of /proc/meminfo (a few KiB), or "" when it cannot be read.
std::string read_meminfo() noexcept {
    std::string text;
    const int fd = ::open("/proc/meminfo", O_RDONLY | O_CLOEXEC);
    if (fd < 0) return text;
    char buffer[4096];
    ssize_t got = 0;
    try {
        while ((got = ::read(fd, buffer, sizeof buffer)) > 0)
            text.append(buffer, static_cast<std::size_t>(got));
    } catch (...) {
        text.clear();
    }
    ::close(fd);
    return got < 0 ? std::string() : text;
}

}  // namespace

std::size_t available_host_memory() noexcept {
    if (const auto bytes = detail::mem_available_bytes(read_meminfo())) return *bytes;
    const long pages = ::sysconf(_SC_AVPHYS_PAGES);
    const long page_size = ::sysconf(_SC_PAGESIZE);
    if (pages <= 0 || page_size <= 0) return std::numeric_limits<std::size_t>::max();
    return static_cast<std::size_t>(pages) * static_cast<std::size_t>(page_size);
}

}  // namespace tropic
