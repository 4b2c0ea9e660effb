#pragma once
// Output that appears under its final name only when complete: data goes to a temporary file in
// the same folder and is renamed over the target on commit(). Destroyed without commit(), the
// temporary file is removed, so a failed run leaves no partial output behind; so does a run ended
// by SIGINT, SIGTERM or SIGHUP (the signal then ends the process as it would have).
#include <cstdio>
#include <string>
#include <string_view>

namespace tropic {

class AtomicFile {
  public:
    // Throws InputError when the temporary file cannot be created.
    explicit AtomicFile(std::string path);
    ~AtomicFile();
    AtomicFile(const AtomicFile&) = delete;
    AtomicFile& operator=(const AtomicFile&) = delete;

    std::FILE* stream() noexcept { return file_; }
    // The temporary file, for a library that opens its output by name (htslib). Write through
    // stream() or through that library, never both; commit() only after the library has
    // closed the file.
    const std::string& temp_path() const noexcept { return temp_path_; }
    // Flushes, closes and renames; throws ResourceError on a write or rename failure.
    void commit();

  private:
    std::string path_;
    std::string temp_path_;
    std::FILE* file_ = nullptr;
    int signal_slot_ = -1;  // in the registry of files that signals remove
};

// `bytes` into `path` through an AtomicFile: the whole file or none. Throws InputError when the
// file cannot be created, ResourceError when it cannot be written.
void write_file_atomically(const std::string& path, std::string_view bytes);

}  // namespace tropic
