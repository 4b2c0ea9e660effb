#pragma once
// Where a run's results go: stdout, or a file named by the user that appears only when complete
// (an AtomicFile: written under a temporary name and renamed on commit, so that a failed run
// leaves no partial file behind).
#include <cstdio>
#include <memory>
#include <string>
#include <string_view>

#include "tropic/core/output_files.hpp"

namespace tropic {

class OutputSink {
  public:
    // An empty path or "-" is stdout. Throws InputError when the file cannot be created. The
    // sink's file is its own: commit() moves it into place.
    explicit OutputSink(const std::string& path);
    // The same as one output of a run that writes several (`option` names it in messages): its
    // file is moved into place with the others by outputs.commit().
    OutputSink(OutputFiles& outputs, const std::string& path, std::string_view option = "-o");
    // Throws ResourceError when the data cannot be written.
    void write(std::string_view data);
    // Pushes what was written so far to stdout, so that long runs show results as they come;
    // a file is left alone (it appears only on commit). Throws ResourceError on failure.
    void flush();
    // Flushes stdout, or completes the file: renames it into place when the sink owns it, or
    // leaves that to the run's OutputFiles::commit().
    void commit();

  private:
    std::unique_ptr<OutputFiles> own_;  // the sink's own outputs, for the first constructor
    AtomicFile* file_ = nullptr;
    std::FILE* stream_ = stdout;
    std::string name_ = "<stdout>";
};

}  // namespace tropic
