// Memory and work of the BPMax CPU engine, estimated before anything is allocated, and the error
// that suggests a window when a pair does not fit.
#include <fmt/format.h>

#include <algorithm>

#include "core/internal/memory_fit.hpp"
#include "rna/bpmax/bpmax_plan.hpp"
#include "rna/bpmax/bpmax_tables.hpp"
#include "tropic/core/error.hpp"

namespace tropic::rna::detail {

namespace {

constexpr std::size_t kSmallestSuggestedWindow = 16;

}  // namespace

std::size_t effective_window(std::size_t window, std::size_t length) noexcept {
    return window == 0 || window >= length ? length : window;
}

namespace {

std::size_t score_bytes(std::size_t length1, std::size_t length2, const BpmaxParams& params,
                        bool int32_only) {
    // Scores of a box are bounded by the windows, not the whole strands.
    const bool narrow =
        !int32_only && score_fits_int16(effective_window(params.window1, length1),
                                        effective_window(params.window2, length2), params.weights);
    return narrow ? sizeof(std::int16_t) : sizeof(std::int32_t);
}

// Bytes of the tables for strand 2 of length2 (the whole strand, or one block of it).
std::size_t table_bytes(std::size_t length1, std::size_t length2, const BpmaxParams& params,
                        unsigned threads, std::size_t bytes_per_score) {
    const std::size_t w1 = effective_window(params.window1, length1);
    const std::size_t width2 = effective_window(params.window2, length2) + 1;
    const std::size_t tables = w1 * length1 - w1 * (w1 - (w1 > 0 ? 1 : 0)) / 2;
    const std::size_t table = (length2 + 1) * width2;
    // F, the column scratch of the sweeps (up to 2 per thread), both strands' S in two forms.
    const std::size_t cells = tables * table + 2 * std::max(1u, threads) * table +
                              2 * (length1 + 1) * (w1 + 1) + 2 * table;
    return cells * bytes_per_score;
}

}  // namespace

std::size_t bpmax_memory_bytes(std::size_t length1, std::size_t length2, const BpmaxParams& params,
                               unsigned threads, bool int32_only) {
    return table_bytes(length1, length2, params, threads,
                       score_bytes(length1, length2, params, int32_only));
}

std::optional<BpmaxPlan> plan_bpmax(std::size_t length1, std::size_t length2,
                                    const BpmaxParams& params, unsigned threads,
                                    std::size_t max_memory, bool int32_only) {
    const std::size_t whole = bpmax_memory_bytes(length1, length2, params, threads, int32_only);
    const std::size_t w2 = effective_window(params.window2, length2);
    if (max_memory == 0 || whole <= max_memory) return BpmaxPlan{0, whole};
    if (w2 >= length2) return std::nullopt;  // no window on strand 2: blocks would not be smaller
    // Blocks own B positions of r and span B + W2 - 1 of them; the longest that fit, at least W2.
    const std::size_t per_score = score_bytes(length1, length2, params, int32_only);
    auto bytes = [&](std::size_t block) {
        return table_bytes(length1, std::min(length2, block + w2 - 1), params, threads, per_score);
    };
    if (bytes(w2) > max_memory) return std::nullopt;
    const std::size_t block = longest_that_fits(max_memory, bytes, length2);  // at least w2
    return BpmaxPlan{block, bytes(block)};
}

double bpmax_double_reduction_steps(std::size_t length1, std::size_t length2,
                                    const BpmaxParams& params) {
    const std::size_t w1 = effective_window(params.window1, length1);
    const std::size_t w2 = effective_window(params.window2, length2);
    // One band product over n = M + 1 rows of width w = W2 + 1: sum over d < w of (n - d)(d + 1).
    const double n = static_cast<double>(length2 + 1), w = static_cast<double>(w2 + 1);
    const double band = n * w * (w + 1) / 2 - (w - 1) * w * (w + 1) / 3;
    double products = 0;
    for (std::size_t d1 = 0; d1 < w1; ++d1) products += static_cast<double>((length1 - d1) * d1);
    return products * band;
}

double bpmax_steps(std::size_t length1, std::size_t length2, const BpmaxParams& params) {
    const std::size_t w1 = effective_window(params.window1, length1);
    const std::size_t w2 = effective_window(params.window2, length2);
    double tables = 0;
    for (std::size_t d1 = 0; d1 < w1; ++d1) tables += static_cast<double>(length1 - d1);
    // The sweep: cells of r length L (M + 1 - L of them) take 2 (L - 1) steps.
    double sweep = 0;
    for (std::size_t len = 2; len <= w2; ++len)
        sweep += 2.0 * static_cast<double>((length2 + 1 - len) * (len - 1));
    return bpmax_double_reduction_steps(length1, length2, params) + tables * sweep;
}

std::string bpmax_window_hint(std::size_t length1, std::size_t length2, const BpmaxParams& params,
                              unsigned threads, std::size_t max_memory, bool int32_only) {
    // The largest power-of-two window below `current` with which `trial` fits, or 0.
    BpmaxParams trial = params;
    auto largest_fitting = [&](std::size_t current, std::size_t BpmaxParams::*window) {
        for (std::size_t w = std::size_t{1} << 20; w >= kSmallestSuggestedWindow; w /= 2) {
            trial.*window = w;
            if (w < current && plan_bpmax(length1, length2, trial, threads, max_memory, int32_only))
                return w;
        }
        return std::size_t{0};
    };
    auto used = [&] {
        return format_bytes(
            plan_bpmax(length1, length2, trial, threads, max_memory, int32_only)->bytes);
    };
    const std::size_t w2 = effective_window(params.window2, length2);
    if (std::size_t fit = largest_fitting(w2, &BpmaxParams::window2); fit > 0)
        return fmt::format("try a window2 of {} (about {})", fit, used());
    trial.window2 = std::min(w2, std::size_t{128});
    if (std::size_t fit1 =
            largest_fitting(effective_window(params.window1, length1), &BpmaxParams::window1);
        fit1 > 0)
        return fmt::format("try a window1 of {} and a window2 of {} (about {})", fit1,
                           trial.window2, used());
    return "even small windows do not fit: raise the memory limit";
}

std::string bpmax_pair_description(const std::string& name, std::size_t length1,
                                   std::size_t length2) {
    return fmt::format("{} ({} x {} nt)", name.empty() ? "the pair" : name, length1, length2);
}

void check_bpmax_memory(std::size_t length1, std::size_t length2, const BpmaxParams& params,
                        unsigned threads, const MemoryBudget& budget, const std::string& name,
                        bool int32_only) {
    if (plan_bpmax(length1, length2, params, threads, budget.bytes, int32_only)) return;
    throw ResourceError(does_not_fit_message(
        bpmax_pair_description(name, length1, length2),
        bpmax_memory_bytes(length1, length2, params, threads, int32_only), budget,
        bpmax_window_hint(length1, length2, params, threads, budget.bytes, int32_only)));
}

}  // namespace tropic::rna::detail
