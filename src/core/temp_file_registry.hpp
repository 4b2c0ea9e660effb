#pragma once
// Temporary files that a run killed by SIGINT, SIGTERM or SIGHUP must not leave behind. AtomicFile
// registers its temporary file here; a handler, installed with the first registration, removes
// every registered file and raises the signal again with its default action, so that the process
// ends as it would have (exit status 130 for SIGINT, 143 for SIGTERM in a shell). A signal whose
// action is not the default when the first file is registered (ignored under nohup or as a
// background job, or handled by the embedding program) is left alone.
//
// The handler only reads fixed slots and calls unlink, signal and raise, which are
// async-signal-safe.
#include <string>

namespace tropic::detail {

// Registers `path`; returns its slot, or -1 when the path is too long or every slot is taken (the
// file is then removed by its owner only).
int register_temp_file(const std::string& path) noexcept;

// Forgets the file of `slot` (a no-op for -1): it was renamed into place or removed.
void unregister_temp_file(int slot) noexcept;

}  // namespace tropic::detail
