#pragma once
// Temporary files and folders that a run killed by SIGINT, SIGTERM or SIGHUP must not leave
// behind. AtomicFile registers its temporary file here, OutputFolder its staging folder and the
// folders it created; a handler, installed with the first registration, removes them all (a
// staging folder with the files in it, a created folder only when it is empty) and raises the
// signal again with its default action, so that the process ends as it would have (exit status
// 130 for SIGINT, 143 for SIGTERM in a shell). A signal whose action is not the default when the
// first path is registered (ignored under nohup or as a background job, or handled by the
// embedding program) is left alone.
//
// The handler only reads fixed slots and calls open, getdents64, unlinkat, rmdir, close, signal
// and raise, which are system calls safe in a signal handler.
#include <string>

namespace tropic::detail {

enum class TempKind {
    File,          // unlinked
    Folder,        // its files unlinked, then the folder removed
    CreatedFolder  // removed when empty (after the files and folders above)
};

// Registers `path`; returns its slot, or -1 when the path is too long or every slot is taken (the
// path is then removed by its owner only).
int register_temp_path(const std::string& path, TempKind kind) noexcept;

inline int register_temp_file(const std::string& path) noexcept {
    return register_temp_path(path, TempKind::File);
}

// Forgets the path of `slot` (a no-op for -1): it was renamed into place or removed.
void unregister_temp_file(int slot) noexcept;

}  // namespace tropic::detail
