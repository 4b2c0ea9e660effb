#pragma once
// Where a command's results go: stdout, or a file named by -o that appears only when complete.
#include <cstdio>
#include <memory>
#include <string>
#include <string_view>

#include "tropic/core/atomic_file.hpp"

namespace tropic::cli {

class OutputSink {
  public:
    // An empty path or "-" is stdout.
    explicit OutputSink(const std::string& path);
    // Throws ResourceError when the data cannot be written.
    void write(std::string_view data);
    // Pushes what was written so far to stdout, so that long runs show results as they come;
    // an -o file is left alone (it appears only on commit). Throws ResourceError on failure.
    void flush();
    // Flushes stdout, or renames the finished file into place.
    void commit();

  private:
    std::unique_ptr<AtomicFile> file_;
    std::FILE* stream_ = stdout;
    std::string name_ = "<stdout>";
};

}  // namespace tropic::cli
