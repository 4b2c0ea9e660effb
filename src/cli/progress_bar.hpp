#pragma once
// A progress bar on stderr for long runs of the tool. It draws only when enabled and stderr is a
// terminal, at most a few times per second, and clears itself when finished. The library reports
// progress through tropic::Progress (tropic/core/progress.hpp); the commands draw it with this.
#include <chrono>
#include <cstdint>
#include <string>

namespace tropic::cli {

class ProgressBar {
  public:
    // total == 0 means unknown: the bar shows a count instead of a percentage. unit names what
    // is counted ("records"); secondary_unit, when not empty, names a second running count shown
    // beside it (e.g. "nt" for residues).
    ProgressBar(std::string label, std::uint64_t total, bool enabled, std::string unit = "",
                std::string secondary_unit = "");
    ~ProgressBar();
    void advance(std::uint64_t amount = 1, std::uint64_t secondary = 0);
    // Clears the line; later calls to advance() draw nothing.
    void finish();

    // True when stderr is a terminal and the user did not ask for --quiet.
    static bool wanted(bool quiet) noexcept;

  private:
    void draw(bool force);
    std::string label_;
    std::string unit_;
    std::string secondary_unit_;
    std::uint64_t total_;
    std::uint64_t done_ = 0;
    std::uint64_t secondary_ = 0;
    bool enabled_;
    bool drawn_ = false;
    std::chrono::steady_clock::time_point start_;
    std::chrono::steady_clock::time_point last_draw_;
};

}  // namespace tropic::cli
