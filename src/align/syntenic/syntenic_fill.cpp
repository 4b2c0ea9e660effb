#include "align/syntenic/syntenic_fill.hpp"

#include <algorithm>
#include <cmath>

#include "align/pairwise/pair_plan.hpp"
#include "core/internal/wavefront.hpp"

namespace tropic::align::detail {

namespace {

std::int64_t pieces(std::int64_t length, std::int64_t piece) {
    return length == 0 ? 0 : (length + piece - 1) / piece;
}

// Bytes of one checkpoint cell (S, a gap matrix and H), of a row and of a column alike.
constexpr std::uint64_t kLineCellBytes = 12;

SyntenicLine make_line(std::int64_t length) {
    const auto size = static_cast<std::size_t>(length + 1);
    return {std::vector<std::int32_t>(size), std::vector<std::int32_t>(size),
            std::vector<std::int32_t>(size)};
}

void set_row_cell(SyntenicLine& row, std::int64_t j, const SyntenicCell& cell) {
    row.s[j] = cell.s;
    row.gap[j] = cell.d;
    row.h[j] = cell.h;
}
void set_column_cell(SyntenicLine& column, std::int64_t i, const SyntenicCell& cell) {
    column.s[i] = cell.s;
    column.gap[i] = cell.i;
    column.h[i] = cell.h;
}

}  // namespace

SyntenicPlan plan_syntenic(std::int64_t m, std::int64_t n, unsigned threads, bool traceback,
                           std::uint64_t memory_cap) {
    // The tiles of a long pair on several threads are pairwise alignment's (plan_pair without a
    // traceback only cuts for the threads).
    const FillPlan tiles = plan_pair(m, n, threads, false);
    SyntenicPlan plan{tiles.block_rows, tiles.block_columns};
    const std::uint64_t half_cap = memory_cap / 2;
    const auto tile_bytes = static_cast<std::uint64_t>(plan.block_rows) *
                            static_cast<std::uint64_t>(plan.block_columns);
    if (traceback && tile_bytes > std::min(kWholeDirectionBytes, half_cap)) {
        // Checkpoints every s rows and columns take 24 m n / s bytes, the direction tile s^2, and
        // the traceback fills again about (m + n) s cells: s as small as the checkpoint budget
        // allows, but never past the s that minimises the memory altogether.
        const double cells24 = 24.0 * static_cast<double>(m) * static_cast<double>(n);
        const double smallest = std::ceil(cells24 / static_cast<double>(std::max<std::uint64_t>(
                                                        1, std::min(kCheckpointBytes, half_cap))));
        const double balanced = std::cbrt(cells24);
        const auto side = static_cast<std::int64_t>(std::max(64.0, std::min(smallest, balanced)));
        plan.block_rows = std::min(plan.block_rows, side);
        plan.block_columns = std::min(plan.block_columns, side);
    }
    return plan;
}

std::uint64_t syntenic_plan_bytes(std::int64_t m, std::int64_t n, const SyntenicPlan& plan,
                                  bool traceback) {
    const auto rows = static_cast<std::uint64_t>(pieces(m, plan.block_rows) + 1);
    std::uint64_t bytes = kLineCellBytes * (rows * static_cast<std::uint64_t>(n + 1) +
                                            static_cast<std::uint64_t>(m + 1));
    if (traceback) {
        const auto columns = static_cast<std::uint64_t>(pieces(n, plan.block_columns) + 1);
        bytes += kLineCellBytes * columns * static_cast<std::uint64_t>(m + 1);
        bytes += static_cast<std::uint64_t>(plan.block_rows) *
                 static_cast<std::uint64_t>(plan.block_columns);
        bytes += kLineCellBytes * static_cast<std::uint64_t>(m + n + 2);
    }
    return bytes;
}

SyntenicFill fill_syntenic(const SyntenicProblem& p, const SyntenicPlan& plan, bool keep_columns,
                           ThreadPool* pool, const Progress& on_progress, std::size_t item) {
    const std::int64_t m = p.m, n = p.n;
    SyntenicFill out;
    SyntenicCheckpoints& cp = out.checkpoints;
    cp.block_rows = std::max<std::int64_t>(1, plan.block_rows);
    cp.block_columns = std::max<std::int64_t>(1, plan.block_columns);
    const std::int64_t blocks = pieces(m, cp.block_rows);
    const std::int64_t tile_columns = pieces(n, cp.block_columns);

    // Row 0 and the first column of every checkpoint row from the boundary.
    cp.rows.resize(static_cast<std::size_t>(blocks + 1));
    for (auto& row : cp.rows) row = make_line(n);
    for (std::int64_t j = 0; j <= n; ++j) set_row_cell(cp.rows[0], j, syntenic_row0(j, p.costs));
    for (std::int64_t b = 1; b <= blocks; ++b)
        set_row_cell(cp.rows[b], 0, syntenic_column0(std::min(m, b * cp.block_rows), p.costs));
    // The left column moves on tile column by tile column; the checkpoint columns keep copies.
    SyntenicLine left = make_line(m);
    for (std::int64_t i = 0; i <= m; ++i) set_column_cell(left, i, syntenic_column0(i, p.costs));
    if (keep_columns) {
        cp.columns.resize(static_cast<std::size_t>(tile_columns + 1));
        cp.columns[0] = left;
        for (std::int64_t c = 1; c <= tile_columns; ++c) {
            cp.columns[c] = make_line(m);
            set_column_cell(cp.columns[c], 0,
                            syntenic_row0(std::min(n, c * cp.block_columns), p.costs));
        }
    }

    const auto fill_tile = [&](std::int64_t b, std::int64_t c) {
        const TileBounds bounds{1 + b * cp.block_rows, 1 + std::min(m, (b + 1) * cp.block_rows),
                                1 + c * cp.block_columns,
                                1 + std::min(n, (c + 1) * cp.block_columns)};
        SyntenicLine &top = cp.rows[b], &bottom = cp.rows[b + 1];
        const SyntenicEdges edges{top.s.data(),    top.gap.data(),    top.h.data(),
                                  bottom.s.data(), bottom.gap.data(), bottom.h.data(),
                                  left.s.data(),   left.gap.data(),   left.h.data()};
        fill_syntenic_tile(p, bounds, edges);
        if (keep_columns) {
            SyntenicLine& kept = cp.columns[c + 1];
            for (std::int64_t i = bounds.r0; i < bounds.r1; ++i) {
                kept.s[i] = left.s[i];
                kept.gap[i] = left.gap[i];
                kept.h[i] = left.h[i];
            }
        }
    };
    if (blocks == 1 && tile_columns == 1) {
        fill_tile(0, 0);
    } else if (m > 0 && n > 0) {
        const TileBody body = [&](Tile tile, std::size_t) {
            fill_tile(static_cast<std::int64_t>(tile.row), static_cast<std::int64_t>(tile.column));
        };
        WavefrontOptions options;
        options.pool = pool;
        options.on_progress = on_progress;
        options.item = item;
        run_rectangle_wavefront(static_cast<std::size_t>(m), static_cast<std::size_t>(n),
                                static_cast<std::size_t>(cp.block_rows),
                                static_cast<std::size_t>(cp.block_columns), body, options);
    }
    if (on_progress && ((blocks == 1 && tile_columns == 1) || m == 0 || n == 0))
        on_progress(item, 1.0);
    if (m == 0)
        out.last = syntenic_row0(n, p.costs);
    else if (n == 0)
        out.last = syntenic_column0(m, p.costs);
    else
        out.last = {cp.rows[blocks].s[n], cp.rows[blocks].gap[n], left.gap[m],
                    cp.rows[blocks].h[n]};
    return out;
}

}  // namespace tropic::align::detail
