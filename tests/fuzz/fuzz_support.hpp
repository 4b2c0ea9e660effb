#pragma once
// Helpers shared by the fuzz targets: inputs as in-memory files, expected errors, invariants.
#include <sys/mman.h>
#include <unistd.h>

#include <cstdint>
#include <cstdio>
#include <cstdlib>
#include <string>
#include <string_view>
#include <vector>

#include "tropic/core/error.hpp"

namespace tropic::fuzz {

// The fuzz input as a file that readers open by path: an anonymous in-memory file (memfd), so
// that a campaign of millions of runs never touches the disk. Readers open "/proc/self/fd/N",
// which starts a fresh file description at offset 0.
class MemoryFile {
  public:
    explicit MemoryFile(std::string_view contents) : fd_(memfd_create("tropic-fuzz", 0)) {
        if (fd_ < 0) fail("memfd_create failed");
        std::size_t done = 0;
        while (done < contents.size()) {
            const ssize_t n = write(fd_, contents.data() + done, contents.size() - done);
            if (n <= 0) fail("write to the memfd failed");
            done += static_cast<std::size_t>(n);
        }
        path_ = "/proc/self/fd/" + std::to_string(fd_);
    }
    ~MemoryFile() { close(fd_); }
    MemoryFile(const MemoryFile&) = delete;
    MemoryFile& operator=(const MemoryFile&) = delete;

    const std::string& path() const { return path_; }

  private:
    [[noreturn]] static void fail(const char* what) {
        std::perror(what);
        std::abort();
    }

    int fd_;
    std::string path_;
};

inline std::string_view as_text(const std::uint8_t* data, std::size_t size) {
    return {reinterpret_cast<const char*>(data), size};
}

// The input split at its first newline: {first line, the rest}.
inline std::pair<std::string_view, std::string_view> split_first_line(std::string_view text) {
    const std::size_t end = text.find('\n');
    if (end == std::string_view::npos) return {text, {}};
    return {text.substr(0, end), text.substr(end + 1)};
}

// Runs `body`; an InputError (bad input, clearly reported) is the expected way to refuse. Any
// other exception escapes, and the fuzzer reports it as a crash.
template <class Body>
void ignore_input_errors(Body&& body) {
    try {
        body();
    } catch (const InputError&) {
    }
}

// A property every accepted input must have; a broken one aborts, so it is a finding.
inline void check_invariant(bool holds, const char* what) {
    if (holds) return;
    std::fprintf(stderr, "tropic fuzz: invariant broken: %s\n", what);
    std::abort();
}

}  // namespace tropic::fuzz
