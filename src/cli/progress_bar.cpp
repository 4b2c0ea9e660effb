#include "cli/progress_bar.hpp"

#include <fmt/format.h>
#include <unistd.h>

#include <algorithm>
#include <cstdio>

namespace tropic::cli {

namespace {

constexpr auto kMinRedraw = std::chrono::milliseconds(200);
constexpr int kBarWidth = 30;

// 1234567 -> "1.23 M": short enough for one terminal line at any count.
std::string human(double value) {
    if (value >= 1e9) return fmt::format("{:.2f} G", value / 1e9);
    if (value >= 1e6) return fmt::format("{:.2f} M", value / 1e6);
    if (value >= 1e4) return fmt::format("{:.1f} k", value / 1e3);
    return fmt::format("{:.0f} ", value);
}

}  // namespace

ProgressBar::ProgressBar(std::string label, std::uint64_t total, bool enabled, std::string unit,
                         std::string secondary_unit)
    : label_(std::move(label)),
      unit_(std::move(unit)),
      secondary_unit_(std::move(secondary_unit)),
      total_(total),
      enabled_(enabled),
      start_(std::chrono::steady_clock::now()),
      last_draw_(start_) {}

ProgressBar::~ProgressBar() {
    finish();
}

bool ProgressBar::wanted(bool quiet) noexcept {
    return !quiet && ::isatty(STDERR_FILENO) == 1;
}

void ProgressBar::advance(std::uint64_t amount, std::uint64_t secondary) {
    done_ += amount;
    secondary_ += secondary;
    if (enabled_) draw(false);
}

void ProgressBar::finish() {
    if (enabled_ && drawn_) {
        std::fputs("\r\x1b[K", stderr);
        std::fflush(stderr);
    }
    enabled_ = false;
    drawn_ = false;
}

void ProgressBar::draw(bool force) {
    auto now = std::chrono::steady_clock::now();
    if (!force && now - last_draw_ < kMinRedraw) return;
    last_draw_ = now;
    double seconds = std::chrono::duration<double>(now - start_).count();
    std::string line = fmt::format("\r{} ", label_);
    if (total_ > 0) {
        double fraction = std::min(1.0, static_cast<double>(done_) / static_cast<double>(total_));
        int filled = static_cast<int>(fraction * kBarWidth);
        line += fmt::format("[{:=<{}}{:<{}}] {:3.0f}% ", "", filled, "", kBarWidth - filled,
                            fraction * 100);
    }
    line += fmt::format("{}{}", human(static_cast<double>(done_)), unit_);
    if (!secondary_unit_.empty())
        line += fmt::format(", {}{}", human(static_cast<double>(secondary_)), secondary_unit_);
    if (seconds > 0)
        line += fmt::format(", {}{}/s", human(static_cast<double>(done_) / seconds), unit_);
    line += "\x1b[K";
    std::fputs(line.c_str(), stderr);
    std::fflush(stderr);
    drawn_ = true;
}

}  // namespace tropic::cli
