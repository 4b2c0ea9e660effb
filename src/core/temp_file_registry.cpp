#include "core/temp_file_registry.hpp"

#include <signal.h>
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
    char path[PATH_MAX];
};

// Enough for every output one run writes at a time.
constexpr int kSlots = 64;
Slot slots[kSlots];

static_assert(std::atomic<int>::is_always_lock_free, "the signal handler needs lock-free atomics");

extern "C" void remove_temp_files_and_reraise(int signal_number) {
    for (Slot& slot : slots)
        if (slot.state.load() == kRegistered) ::unlink(slot.path);
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

int register_temp_file(const std::string& path) noexcept {
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
        slots[k].state.store(kRegistered);
        return k;
    }
    return -1;
}

void unregister_temp_file(int slot) noexcept {
    if (slot >= 0 && slot < kSlots) slots[slot].state.store(kFree);
}

}  // namespace tropic::detail
