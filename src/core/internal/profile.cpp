// TROPIC_PROFILE (profile.hpp): the switch, the report line and the recorded phases.
#include "core/internal/profile.hpp"

#include <atomic>
#include <cstdarg>
#include <cstdio>
#include <cstdlib>
#include <mutex>
#include <utility>

namespace tropic::profile {

namespace {

std::atomic<bool>& switch_state() {
    static std::atomic<bool> on{std::getenv("TROPIC_PROFILE") != nullptr};
    return on;
}

std::mutex recorded_mutex;
std::map<std::string, Phase>& recorded() {
    static std::map<std::string, Phase> phases;
    return phases;
}

}  // namespace

bool enabled() {
    return switch_state().load(std::memory_order_relaxed);
}

void set_enabled(bool on) {
    switch_state().store(on, std::memory_order_relaxed);
}

void print(const char* format, ...) {
    char message[1024];
    va_list args;
    va_start(args, format);
    std::vsnprintf(message, sizeof message, format, args);
    va_end(args);
    std::fprintf(stderr, "tropic profile: %s\n", message);
}

void record(const std::string& phase, double seconds, double work) {
    std::lock_guard lock(recorded_mutex);
    Phase& p = recorded()[phase];
    p.seconds += seconds;
    p.work += work;
}

std::map<std::string, Phase> take_recorded() {
    std::lock_guard lock(recorded_mutex);
    return std::exchange(recorded(), {});
}

}  // namespace tropic::profile
