#pragma once
// Phase profiling of the fills: with TROPIC_PROFILE set in the environment (read once per
// process), or profiling turned on by a benchmark, a fill times its phases, prints one line to
// stderr ("tropic profile: ...") and records the phase times, so that a benchmark can report a
// phase's work per second of that phase. Off, it costs a flag test per phase.
#include <chrono>
#include <map>
#include <string>

namespace tropic::profile {

// TROPIC_PROFILE set, or set_enabled(true) called since.
bool enabled();
// For benchmarks: profiled runs after the timed ones, whatever the environment says.
void set_enabled(bool on);

// One line "tropic profile: <message>" on stderr, the message in printf's format.
void print(const char* format, ...) __attribute__((format(printf, 1, 2)));

// Time (and, where the fill counts it, work) of one phase, summed over the calls that recorded it.
struct Phase {
    double seconds = 0;
    double work = 0;
};
// Adds to the phase of that name (process-wide; any thread).
void record(const std::string& phase, double seconds, double work = 0);
// The phases recorded since the last call, which starts afresh.
std::map<std::string, Phase> take_recorded();

// Wall-clock laps over the phases of one call: lap(phase, wait) calls wait() first (a device
// synchronisation, so that the phase's asynchronous work ends inside it), then adds the time since
// the previous lap (or the construction) to `phase`. Nothing happens when profiling is off.
class PhaseTimer {
  public:
    PhaseTimer() : enabled_(profile::enabled()), last_(std::chrono::steady_clock::now()) {}
    bool enabled() const { return enabled_; }

    template <typename Wait>
    void lap(double& phase, const Wait& wait) {
        if (!enabled_) return;
        wait();
        const auto now = std::chrono::steady_clock::now();
        phase += std::chrono::duration<double>(now - last_).count();
        last_ = now;
    }
    void lap(double& phase) {
        lap(phase, [] {});
    }

  private:
    bool enabled_;
    std::chrono::steady_clock::time_point last_;
};

}  // namespace tropic::profile
