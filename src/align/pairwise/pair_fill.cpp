#include "align/pairwise/pair_fill.hpp"

#include <algorithm>
#include <atomic>
#include <mutex>

#include "tropic/core/wavefront.hpp"

namespace tropic::align::detail {

namespace {
std::int64_t pieces(std::int64_t length, std::int64_t piece) {
    return length == 0 ? 0 : (length + piece - 1) / piece;
}
}  // namespace

std::uint64_t checkpoint_bytes(std::int64_t m, std::int64_t n, const FillPlan& plan,
                               bool keep_columns) {
    std::uint64_t bytes = static_cast<std::uint64_t>(pieces(m, plan.block_rows) + 1) *
                          static_cast<std::uint64_t>(n + 1) * 8u;
    if (keep_columns)
        bytes += static_cast<std::uint64_t>(pieces(n, plan.block_columns) + 1) *
                 static_cast<std::uint64_t>(m + 1) * 8u;
    return bytes;
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
                      bool keep_columns, ThreadPool* pool, const Progress& on_progress,
                      std::size_t item) {
    const std::int64_t m = problem.m, n = problem.n;
    FillOutcome out;
    Checkpoints& rows = out.checkpoints;
    rows.block_rows = std::max<std::int64_t>(1, plan.block_rows);
    rows.block_columns = std::max<std::int64_t>(1, plan.block_columns);
    const std::int64_t blocks = pieces(m, rows.block_rows);
    const std::int64_t tile_columns = pieces(n, rows.block_columns);
    rows.row_h.resize(static_cast<std::size_t>(blocks + 1));
    rows.row_i.resize(static_cast<std::size_t>(blocks + 1));
    for (std::int64_t b = 0; b <= blocks; ++b) {
        rows.row_h[b].resize(static_cast<std::size_t>(n + 1));
        rows.row_i[b].assign(static_cast<std::size_t>(n + 1), kMinusInfinity);
    }
    for (std::int64_t j = 0; j <= n; ++j)
        rows.row_h[0][j] = boundary_row_h(problem.mode, problem.gaps, j);
    // The left column of every row block: H and D of the tile column before the current one.
    std::vector<std::int32_t> left_h(static_cast<std::size_t>(m + 1)), left_d(left_h.size());
    for (std::int64_t i = 0; i <= m; ++i) {
        left_h[i] = boundary_column_h(problem.mode, problem.gaps, i);
        left_d[i] = kMinusInfinity;
    }
    // Column 0 of every checkpoint row is the boundary column's H at that row.
    for (std::int64_t b = 1; b <= blocks; ++b)
        rows.row_h[b][0] = left_h[std::min(m, b * rows.block_rows)];
    if (keep_columns) {
        rows.column_h.resize(static_cast<std::size_t>(tile_columns + 1));
        rows.column_d.resize(static_cast<std::size_t>(tile_columns + 1));
        rows.column_h[0] = left_h;
        rows.column_d[0] = left_d;
        for (std::int64_t c = 1; c <= tile_columns; ++c) {
            rows.column_h[c].resize(static_cast<std::size_t>(m + 1));
            rows.column_d[c].assign(static_cast<std::size_t>(m + 1), kMinusInfinity);
            rows.column_h[c][0] = rows.row_h[0][std::min(n, c * rows.block_columns)];
        }
    }

    out.end = boundary_end(problem);
    std::mutex end_mutex;
    std::atomic<bool> saturated{false};
    const TileBody body = [&](Tile tile, std::size_t) {
        if (saturated.load(std::memory_order_relaxed)) return;
        const auto b = static_cast<std::int64_t>(tile.row);
        const auto c = static_cast<std::int64_t>(tile.column);
        const TileBounds bounds{1 + b * rows.block_rows, 1 + std::min(m, (b + 1) * rows.block_rows),
                                1 + c * rows.block_columns,
                                1 + std::min(n, (c + 1) * rows.block_columns)};
        const TileEdges edges{
            rows.row_h[b].data(),     rows.row_i[b].data(), rows.row_h[b + 1].data(),
            rows.row_i[b + 1].data(), left_h.data(),        left_d.data()};
        EndCell best;
        if (!kernel(problem, bounds, edges, best)) {
            saturated.store(true, std::memory_order_relaxed);
            return;
        }
        if (keep_columns)
            for (std::int64_t i = bounds.r0; i < bounds.r1; ++i) {
                rows.column_h[c + 1][i] = left_h[i];
                rows.column_d[c + 1][i] = left_d[i];
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
        run_rectangle_wavefront(static_cast<std::size_t>(m), static_cast<std::size_t>(n),
                                static_cast<std::size_t>(rows.block_rows),
                                static_cast<std::size_t>(rows.block_columns), body, options);
    } else if (on_progress) {
        on_progress(item, 1.0);
    }
    out.saturated = saturated.load();
    if (problem.mode == AlignMode::Global) {
        const std::int32_t h = m == 0   ? rows.row_h[0][n]
                               : n == 0 ? left_h[m]
                                        : rows.row_h[blocks][n];
        out.end = {h, m, n};
    }
    return out;
}

}  // namespace tropic::align::detail
