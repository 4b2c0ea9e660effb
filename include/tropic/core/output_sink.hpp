#pragma once
// Where a run's results go: stdout, or a file named by the user that appears only when complete
// (an AtomicFile: written under a temporary name and renamed on commit, so that a failed run
// leaves no partial file behind).
#include <cstdio>
#include <memory>
#include <string>
#include <string_view>

#include "tropic/core/atomic_file.hpp"

namespace tropic {

class OutputSink {
  public:
    // An empty path or "-" is stdout. Throws InputError when the file cannot be created.
    explicit OutputSink(const std::string& path);
    // Throws ResourceError when the data cannot be written.
    void write(std::string_view data);
    // Pushes what was written so far to stdout, so that long runs show results as they come;
    // a file is left alone (it appears only on commit). Throws ResourceError on failure.
    void flush();
    // Flushes stdout, or renames the finished file into place.
    void commit();

  private:
    std::unique_ptr<AtomicFile> file_;
    std::FILE* stream_ = stdout;
    std::string name_ = "<stdout>";
};

}  // namespace tropic
