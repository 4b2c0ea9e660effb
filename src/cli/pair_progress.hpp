#pragma once
// A progress bar on stderr for the one large pair being computed (rri, align), fed by the
// engine's per-pair progress (tropic::Progress) from the calling thread; it counts permille of
// the pair's work and starts a new bar when another pair reports.
#include <cstddef>
#include <cstdint>
#include <functional>
#include <optional>
#include <string>

#include "cli/progress_bar.hpp"

namespace tropic::cli {

class PairProgress {
  public:
    // label(pair): the bar's label for the pair with that index, asked when it first reports.
    explicit PairProgress(std::function<std::string(std::size_t pair)> label)
        : label_(std::move(label)) {}

    void update(std::size_t pair, double fraction);
    // Clears the bar (before the pairs it indexes go away).
    void reset() { bar_.reset(); }

  private:
    std::function<std::string(std::size_t)> label_;
    std::optional<ProgressBar> bar_;
    std::size_t pair_ = 0;
    std::uint64_t shown_ = 0;
};

}  // namespace tropic::cli
