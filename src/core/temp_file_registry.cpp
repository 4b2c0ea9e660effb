#include "core/temp_file_registry.hpp"

#include <dirent.h>
#include <fcntl.h>
#include <signal.h>
#include <sys/syscall.h>
#include <unistd.h>

#include <atomic>
#include <climits>
#include <cstring>
#include <mutex>

namespace tropic::detail {

namespace {

// A slot is free, being written (not read by the handler), or holding a registered path.
enum SlotState : int { kFree = 0, kWriting = 1, kRegistered = 2 };

struct Slot {
    std::atomic<int> state{kFree};
    TempKind kind = TempKind::File;
    char path[PATH_MAX];
};

// Enough for every output one run writes at a time.
constexpr int kSlots = 64;
Slot slots[kSlots];

static_assert(std::atomic<int>::is_always_lock_free, "the signal handler needs lock-free atomics");

// The files of a staging folder, then the folder; readdir is not safe in a handler, so the
// entries are read with the getdents64 system call.
void remove_folder(const char* path) {
    const int fd = ::open(path, O_RDONLY | O_DIRECTORY);
    if (fd >= 0) {
        alignas(8) char buffer[4096];
        for (;;) {
            const long bytes = ::syscall(SYS_getdents64, fd, buffer, sizeof buffer);
            if (bytes <= 0) break;
            for (long offset = 0; offset < bytes;) {
                const auto* entry = reinterpret_cast<const struct dirent64*>(buffer + offset);
                const char* name = entry->d_name;
                const bool dots =
                    name[0] == '.' && (name[1] == 0 || (name[1] == '.' && name[2] == 0));
                if (!dots) ::unlinkat(fd, name, 0);
                offset += entry->d_reclen;
            }
        }
        ::close(fd);
    }
    ::rmdir(path);
}

extern "C" void remove_temp_files_and_reraise(int signal_number) {
    for (Slot& slot : slots) {
        if (slot.state.load() != kRegistered) continue;
        if (slot.kind == TempKind::File) ::unlink(slot.path);
        if (slot.kind == TempKind::Folder) remove_folder(slot.path);
    }
    // Created folders nest; each round removes the innermost ones that are empty now.
    for (int round = 0; round < kSlots; ++round) {
        bool removed = false;
        for (Slot& slot : slots)
            if (slot.state.load() == kRegistered && slot.kind == TempKind::CreatedFolder &&
                ::rmdir(slot.path) == 0) {
                slot.state.store(kFree);
                removed = true;
            }
        if (!removed) break;
    }
    ::signal(signal_number, SIG_DFL);
    ::raise(signal_number);  // delivered when the handler returns, with the default action
}

void install_handlers() {
    for (int signal_number : {SIGINT, SIGTERM, SIGHUP}) {
        struct sigaction current {};
        if (::sigaction(signal_number, nullptr, &current) != 0) continue;
        if ((current.sa_flags & SA_SIGINFO) != 0 || current.sa_handler != SIG_DFL) continue;
        struct sigaction action {};
        action.sa_handler = remove_temp_files_and_reraise;
        sigemptyset(&action.sa_mask);
        ::sigaction(signal_number, &action, nullptr);
    }
}

}  // namespace

int register_temp_path(const std::string& path, TempKind kind) noexcept {
    static std::once_flag installed;
    if (path.size() >= PATH_MAX) return -1;
    try {
        std::call_once(installed, install_handlers);
    } catch (...) {
        return -1;
    }
    for (int k = 0; k < kSlots; ++k) {
        int expected = kFree;
        if (!slots[k].state.compare_exchange_strong(expected, kWriting)) continue;
        std::memcpy(slots[k].path, path.c_str(), path.size() + 1);
        slots[k].kind = kind;
        slots[k].state.store(kRegistered);
        return k;
    }
    return -1;
}

void unregister_temp_file(int slot) noexcept {
    if (slot >= 0 && slot < kSlots) slots[slot].state.store(kFree);
}

}  // namespace tropic::detail
