#include "cli/record_progress.hpp"

#include <fmt/format.h>

#include <algorithm>

#include "cli/progress_bar.hpp"

namespace tropic::cli {

namespace {

// Long names are cut so that the bar stays on one terminal line.
constexpr std::size_t kMaxNameShown = 24;

std::string label(const std::string& verb, const std::string& name, std::size_t length) {
    if (name.empty()) return fmt::format("{} {} nt", verb, length);
    const std::string shown =
        name.size() > kMaxNameShown ? name.substr(0, kMaxNameShown - 3) + "..." : name;
    return fmt::format("{} {} ({} nt)", verb, shown, length);
}

}  // namespace

void RecordProgress::finish() {
    std::lock_guard lock(mutex_);
    bar_.reset();
    shown_.reset();
}

void RecordProgress::update(const std::string& name, std::size_t length, std::size_t index,
                            double fraction) {
    std::lock_guard lock(mutex_);
    if (shown_ && *shown_ != index) return;
    if (!shown_) {
        bar_ = std::make_unique<ProgressBar>(label(verb_, name, length), 1000, true, "\u2030");
        shown_ = index;
        permille_ = 0;
    }
    const auto permille = static_cast<std::uint64_t>(std::clamp(fraction, 0.0, 1.0) * 1000);
    if (permille > permille_) {
        bar_->advance(permille - permille_);
        permille_ = permille;
    }
    if (fraction >= 1.0) {
        bar_.reset();
        shown_.reset();
    }
}

}  // namespace tropic::cli
