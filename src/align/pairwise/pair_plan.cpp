#include "align/pairwise/pair_plan.hpp"

#include <algorithm>
#include <cmath>

#include "align/pairwise/traceback.hpp"

namespace tropic::align::detail {

FillPlan plan_pair(std::int64_t m, std::int64_t n, unsigned threads, bool traceback) {
    FillPlan plan{std::max<std::int64_t>(1, m), std::max<std::int64_t>(1, n)};
    if (threads > 1 && m * n >= kParallelCells) {
        // About four tiles per thread along each side keeps every thread busy through most of the
        // wavefront; tiles stay tall and wide enough for the SIMD kernels to run at speed.
        const std::int64_t parts = 4 * static_cast<std::int64_t>(threads);
        plan.block_rows = std::clamp<std::int64_t>((m + parts - 1) / parts, 256, plan.block_rows);
        plan.block_columns =
            std::clamp<std::int64_t>((n + parts - 1) / parts, 512, plan.block_columns);
    }
    if (traceback && traceback_bytes(n, plan.block_rows) > kWholeDirectionBytes) {
        // Checkpoints take 8 (n + 1) m / K bytes and a direction block K (n + 1): their sum is
        // smallest at K = sqrt(8 m).
        const auto least = static_cast<std::int64_t>(std::sqrt(8.0 * static_cast<double>(m)));
        const auto whole =
            static_cast<std::int64_t>(kWholeDirectionBytes / static_cast<std::uint64_t>(n + 1));
        plan.block_rows = std::min(plan.block_rows, std::max<std::int64_t>({64, least, whole}));
    }
    return plan;
}

std::uint64_t plan_bytes(std::int64_t m, std::int64_t n, const FillPlan& plan, bool traceback) {
    std::uint64_t bytes =
        checkpoint_bytes(m, n, plan.block_rows) + 8u * static_cast<std::uint64_t>(m + 1);
    if (traceback)
        bytes += traceback_bytes(n, plan.block_rows) + 8u * static_cast<std::uint64_t>(n + 1);
    return bytes;
}

}  // namespace tropic::align::detail
