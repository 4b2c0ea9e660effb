#pragma once
// Output that appears under its final name only when complete: data goes to a temporary file in
// the target's folder and is renamed over the target when published. Destroyed before that, the
// temporary file is removed, so a failed run leaves no partial output behind; so does a run ended
// by SIGINT, SIGTERM or SIGHUP (the signal then ends the process as it would have).
//
// What the path names decides how it is written:
//   - a regular file, or no file yet: atomically, as above;
//   - a symbolic link to either: atomically, to the file the link points to (the link stays, as
//     `sed -i --follow-symlinks` does);
//   - a character device or a FIFO (/dev/null, a named pipe), and "-", /dev/stdout, /dev/stderr
//     or /dev/fd/N: written directly, since such a target cannot be replaced (and must not be:
//     run as root, a rename would put a regular file in place of /dev/null);
//   - a folder, a socket or a block device: refused with InputError when the AtomicFile is made,
//     before any work.
#include <cstdio>
#include <string>
#include <string_view>

namespace tropic {

class AtomicFile {
  public:
    // Throws InputError when the target cannot be written (a folder, a missing folder, no
    // permission) or the temporary file cannot be created.
    explicit AtomicFile(std::string path);
    ~AtomicFile();
    AtomicFile(const AtomicFile&) = delete;
    AtomicFile& operator=(const AtomicFile&) = delete;

    // The stream to write to (opened on first use for a direct target).
    std::FILE* stream();
    // The file a library that opens its output by name (htslib) should open: the temporary file,
    // or the target itself when it is written directly ("-" for standard output). Write through
    // stream() or through that library, never both; finish() only after the library has closed
    // the file.
    [[nodiscard]] const std::string& temp_path() const noexcept { return temp_path_; }
    // The path as given.
    [[nodiscard]] const std::string& path() const noexcept { return path_; }
    // True for a target written in place (a device, a FIFO, standard output).
    [[nodiscard]] bool direct() const noexcept { return direct_; }

    // Flushes and closes: the data is complete under the temporary name. Throws ResourceError
    // when it could not all be written. Idempotent.
    void finish();
    // Renames the finished file into place (finishing it first); throws ResourceError when the
    // rename fails.
    void publish();
    // finish(), then publish().
    void commit();

  private:
    void open_direct();

    std::string path_;       // as given, for messages
    std::string target_;     // the file replaced on publish (a symbolic link's target)
    std::string temp_path_;  // written until publish
    std::FILE* file_ = nullptr;
    int direct_fd_ = -1;  // a descriptor to duplicate (standard output, /dev/fd/N), else -1
    bool direct_ = false;
    bool finished_ = false;
    bool published_ = false;
    int signal_slot_ = -1;  // in the registry of files that signals remove
};

// `bytes` into `path` through an AtomicFile: the whole file or none. Throws InputError when the
// file cannot be created, ResourceError when it cannot be written.
void write_file_atomically(const std::string& path, std::string_view bytes);

}  // namespace tropic
