#include "align/pairwise/pair_fill.hpp"

#include <algorithm>
#include <atomic>
#include <mutex>

#include "tropic/core/wavefront.hpp"

namespace tropic::align::detail {

std::uint64_t checkpoint_bytes(std::int64_t m, std::int64_t n, std::int64_t block_rows) {
    const std::int64_t blocks = m == 0 ? 0 : (m + block_rows - 1) / block_rows;
    return static_cast<std::uint64_t>(blocks + 1) * static_cast<std::uint64_t>(n + 1) * 8u;
}

namespace {

// The boundary cells that may end the alignment, before any tile (pairwise.hpp).
EndCell boundary_end(const TileProblem& p) {
    EndCell best;
    switch (p.mode) {
        case AlignMode::Local:
            offer_end(best, 0, 0, 0);
            break;
        case AlignMode::Global:
            break;
        case AlignMode::Glocal:
            offer_end(best, boundary_column_h(p.mode, p.gaps, p.m), p.m, 0);
            break;
        case AlignMode::Overlap:
            offer_end(best, boundary_column_h(p.mode, p.gaps, p.m), p.m, 0);
            offer_end(best, boundary_row_h(p.mode, p.gaps, p.n), 0, p.n);
            break;
    }
    return best;
}

}  // namespace

FillOutcome fill_pair(const TileProblem& problem, const FillPlan& plan, TileKernel kernel,
                      ThreadPool* pool, const Progress& on_progress, std::size_t item) {
    const std::int64_t m = problem.m, n = problem.n;
    FillOutcome out;
    Checkpoints& rows = out.checkpoints;
    rows.block_rows = std::max<std::int64_t>(1, plan.block_rows);
    const std::int64_t blocks = m == 0 ? 0 : (m + rows.block_rows - 1) / rows.block_rows;
    rows.h.resize(static_cast<std::size_t>(blocks + 1));
    rows.i.resize(static_cast<std::size_t>(blocks + 1));
    for (std::int64_t b = 0; b <= blocks; ++b) {
        rows.h[b].resize(static_cast<std::size_t>(n + 1));
        rows.i[b].assign(static_cast<std::size_t>(n + 1), kMinusInfinity);
    }
    for (std::int64_t j = 0; j <= n; ++j)
        rows.h[0][j] = boundary_row_h(problem.mode, problem.gaps, j);
    // The left column of every row block: H and D of the tile column before the current one.
    std::vector<std::int32_t> left_h(static_cast<std::size_t>(m + 1)), left_d(left_h.size());
    for (std::int64_t i = 0; i <= m; ++i) {
        left_h[i] = boundary_column_h(problem.mode, problem.gaps, i);
        left_d[i] = kMinusInfinity;
    }
    // Column 0 of every checkpoint row is the boundary column's H at that row.
    for (std::int64_t b = 1; b <= blocks; ++b)
        rows.h[b][0] = left_h[std::min(m, rows.block_start(b) - 1)];

    out.end = boundary_end(problem);
    std::mutex end_mutex;
    std::atomic<bool> saturated{false};
    const TileBody body = [&](Tile tile, std::size_t) {
        if (saturated.load(std::memory_order_relaxed)) return;
        const auto b = static_cast<std::int64_t>(tile.row);
        const TileBounds bounds{
            1 + b * rows.block_rows, 1 + std::min(m, (b + 1) * rows.block_rows),
            1 + static_cast<std::int64_t>(tile.column) * plan.block_columns,
            1 + std::min(n, static_cast<std::int64_t>(tile.column + 1) * plan.block_columns)};
        const TileEdges edges{rows.h[b].data(),     rows.i[b].data(), rows.h[b + 1].data(),
                              rows.i[b + 1].data(), left_h.data(),    left_d.data()};
        EndCell best;
        if (!kernel(problem, bounds, edges, best)) {
            saturated.store(true, std::memory_order_relaxed);
            return;
        }
        if (best.score != INT64_MIN) {
            std::lock_guard lock(end_mutex);
            offer_end(out.end, best.score, best.i, best.j);
        }
    };
    if (m > 0 && n > 0) {
        WavefrontOptions options;
        options.pool = pool;
        options.on_progress = on_progress;
        options.item = item;
        run_rectangle_wavefront(
            static_cast<std::size_t>(m), static_cast<std::size_t>(n),
            static_cast<std::size_t>(rows.block_rows),
            static_cast<std::size_t>(std::max<std::int64_t>(1, plan.block_columns)), body, options);
    } else if (on_progress) {
        on_progress(item, 1.0);
    }
    out.saturated = saturated.load();
    if (problem.mode == AlignMode::Global) {
        const std::int32_t h = m == 0 ? rows.h[0][n] : n == 0 ? left_h[m] : rows.h[blocks][n];
        out.end = {h, m, n};
    }
    return out;
}

}  // namespace tropic::align::detail
