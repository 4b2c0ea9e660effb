#include "cli/pair_progress.hpp"

#include <algorithm>

namespace tropic::cli {

void PairProgress::update(std::size_t pair, double fraction) {
    if (!bar_ || pair != pair_) {
        bar_.emplace(label_(pair), 1000, true, "\u2030");
        pair_ = pair;
        shown_ = 0;
    }
    const auto permille = static_cast<std::uint64_t>(std::clamp(fraction, 0.0, 1.0) * 1000);
    if (permille > shown_) bar_->advance(permille - shown_);
    shown_ = std::max(shown_, permille);
}

}  // namespace tropic::cli
