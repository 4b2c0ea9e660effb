#include "align/pairwise/pair_plan.hpp"

#include <algorithm>
#include <cmath>

#include "align/pairwise/traceback.hpp"

namespace tropic::align::detail {

FillPlan plan_pair(std::int64_t m, std::int64_t n, unsigned threads, bool traceback,
                   std::uint64_t memory_cap) {
    FillPlan plan{std::max<std::int64_t>(1, m), std::max<std::int64_t>(1, n)};
    if (threads > 1 && m * n >= kParallelCells) {
        // About four tiles per thread along each side keeps every thread busy through most of the
        // wavefront, but no tile below kMinTileSide a side: measured on 16 cores (a 50 kb pair,
        // bench_align_cpu's tiles/ sweep), tiles of 256 and 512 ran at 15% and 26% of linear
        // (per-tile work and scheduling outweigh a small tile's cells), 1,024 at 67%.
        const std::int64_t parts = 4 * static_cast<std::int64_t>(threads);
        plan.block_rows =
            std::clamp<std::int64_t>((m + parts - 1) / parts, kMinTileSide, plan.block_rows);
        plan.block_columns =
            std::clamp<std::int64_t>((n + parts - 1) / parts, kMinTileSide, plan.block_columns);
    }
    const std::uint64_t half_cap = memory_cap / 2;
    if (traceback && traceback_bytes(plan) > std::min(kWholeDirectionBytes, half_cap)) {
        // Checkpoints every s rows and columns take 16 m n / s bytes, the direction tile s^2, and
        // the traceback fills again about (m + n) s cells: s as small as a checkpoint budget
        // allows, but never past the s that minimises the memory altogether.
        const double cells16 = 16.0 * static_cast<double>(m) * static_cast<double>(n);
        const double smallest = std::ceil(cells16 / static_cast<double>(std::max<std::uint64_t>(
                                                        1, std::min(kCheckpointBytes, half_cap))));
        const double balanced = std::cbrt(cells16);
        const auto side = static_cast<std::int64_t>(std::max(64.0, std::min(smallest, balanced)));
        plan.block_rows = std::min(plan.block_rows, side);
        plan.block_columns = std::min(plan.block_columns, side);
    }
    return plan;
}

std::uint64_t plan_bytes(std::int64_t m, std::int64_t n, const FillPlan& plan, bool traceback) {
    std::uint64_t bytes =
        checkpoint_bytes(m, n, plan, traceback) + 8u * static_cast<std::uint64_t>(m + 1);
    if (traceback) bytes += traceback_bytes(plan) + 8u * static_cast<std::uint64_t>(n + 1);
    return bytes;
}

}  // namespace tropic::align::detail
