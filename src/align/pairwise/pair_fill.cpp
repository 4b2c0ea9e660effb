#include "align/pairwise/pair_fill.hpp"

#include <algorithm>
#include <atomic>
#include <mutex>
#include <optional>
#include <vector>

#include "core/internal/wavefront.hpp"

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

namespace {

// H of the boundary row (columns 0..n) and column (rows 0..m) into `h`, the mode tested once per
// line rather than per cell.
void boundary_row(const TileProblem& p, std::int32_t* h) {
    if (p.mode != AlignMode::Global) {
        std::fill(h, h + p.n + 1, 0);
        return;
    }
    for (std::int64_t j = 0; j <= p.n; ++j) h[j] = boundary_row_h(AlignMode::Global, p.gaps, j);
}
void boundary_column(const TileProblem& p, std::int32_t* h) {
    if (p.mode == AlignMode::Local || p.mode == AlignMode::Overlap) {
        std::fill(h, h + p.m + 1, 0);
        return;
    }
    for (std::int64_t i = 0; i <= p.m; ++i) h[i] = boundary_column_h(p.mode, p.gaps, i);
}

// The rows of a score-only fill (no traceback reads them afterwards): one block of memory per
// thread, kept between pairs, so that a batch of short pairs allocates nothing per pair (the
// allocations were ~0.05 instructions per cell at 300 x 300). A fill that finds it in use (a
// nested call) or needs more than kKeptInts takes memory of its own.
struct RowScratch {
    static constexpr std::size_t kKeptInts = std::size_t{1} << 20;
    std::vector<std::int32_t> ints;
    bool busy = false;
};

class ScoreRows {
  public:
    explicit ScoreRows(std::size_t count) {
        static thread_local RowScratch kept;
        if (!kept.busy && count <= RowScratch::kKeptInts) {
            kept_ = &kept;
            kept.busy = true;
            if (kept.ints.size() < count) kept.ints.resize(count);
            data_ = kept.ints.data();
        } else {
            own_.resize(count);
            data_ = own_.data();
        }
    }
    ~ScoreRows() {
        if (kept_) kept_->busy = false;
    }
    ScoreRows(const ScoreRows&) = delete;
    ScoreRows& operator=(const ScoreRows&) = delete;
    std::int32_t* data() { return data_; }

  private:
    RowScratch* kept_ = nullptr;
    std::vector<std::int32_t> own_;
    std::int32_t* data_ = nullptr;
};

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
    const auto width = static_cast<std::size_t>(n + 1), height = static_cast<std::size_t>(m + 1);

    // Row b's H and I (columns 0..n) and the left column of every row block (H and D of the tile
    // column before the current one, rows 0..m): in the checkpoints when a traceback follows,
    // otherwise in a score-only scratch block.
    std::optional<ScoreRows> scratch;
    std::int32_t* scratch_rows = nullptr;
    const auto row_h = [&](std::int64_t b) {
        return keep_columns ? rows.row_h[b].data() : scratch_rows + 2 * b * width;
    };
    const auto row_i = [&](std::int64_t b) {
        return keep_columns ? rows.row_i[b].data() : scratch_rows + (2 * b + 1) * width;
    };
    std::int32_t *left_h = nullptr, *left_d = nullptr;
    if (keep_columns) {
        rows.row_h.resize(static_cast<std::size_t>(blocks + 1));
        rows.row_i.resize(rows.row_h.size());
        for (std::size_t b = 0; b < rows.row_h.size(); ++b) {
            rows.row_h[b].resize(width);
            rows.row_i[b].assign(width, kMinusInfinity);
        }
        rows.column_h.resize(static_cast<std::size_t>(tile_columns + 1));
        rows.column_d.resize(static_cast<std::size_t>(tile_columns + 1));
        rows.column_h[0].resize(height);
        rows.column_d[0].assign(height, kMinusInfinity);
        left_h = rows.column_h[0].data();
        left_d = rows.column_d[0].data();
    } else {
        // Kernels read I of a row only from column 1 on and write every column they fill, so
        // only row 0's I needs its minus infinity.
        const auto row_ints = 2 * static_cast<std::size_t>(blocks + 1) * width;
        scratch.emplace(row_ints + 2 * height);
        scratch_rows = scratch->data();
        std::fill(row_i(0), row_i(0) + width, kMinusInfinity);
        left_h = scratch_rows + row_ints;
        left_d = left_h + height;
        std::fill(left_d, left_d + height, kMinusInfinity);
    }
    boundary_row(problem, row_h(0));
    boundary_column(problem, left_h);
    // Column 0 of every checkpoint row is the boundary column's H at that row.
    for (std::int64_t b = 1; b <= blocks; ++b)
        row_h(b)[0] = left_h[std::min(m, b * rows.block_rows)];
    // The traceback's copy of the left column; left_h and left_d then move on tile column by tile
    // column.
    std::vector<std::int32_t> moving_h, moving_d;
    if (keep_columns) {
        moving_h = rows.column_h[0];
        moving_d = rows.column_d[0];
        left_h = moving_h.data();
        left_d = moving_d.data();
        for (std::int64_t c = 1; c <= tile_columns; ++c) {
            rows.column_h[c].resize(height);
            rows.column_d[c].assign(height, kMinusInfinity);
            rows.column_h[c][0] = row_h(0)[std::min(n, c * rows.block_columns)];
        }
    }

    out.end = boundary_end(problem);
    std::mutex end_mutex;
    std::atomic<bool> saturated{false};
    const auto fill_tile = [&](std::int64_t b, std::int64_t c) {
        const TileBounds bounds{1 + b * rows.block_rows, 1 + std::min(m, (b + 1) * rows.block_rows),
                                1 + c * rows.block_columns,
                                1 + std::min(n, (c + 1) * rows.block_columns)};
        const TileEdges edges{row_h(b), row_i(b), row_h(b + 1), row_i(b + 1), left_h, left_d};
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
    if (blocks == 1 && tile_columns == 1) {
        // One tile (every short pair): no wavefront to schedule.
        fill_tile(0, 0);
        if (on_progress) on_progress(item, 1.0);
    } else if (m > 0 && n > 0) {
        const TileBody body = [&](Tile tile, std::size_t) {
            if (saturated.load(std::memory_order_relaxed)) return;
            fill_tile(static_cast<std::int64_t>(tile.row), static_cast<std::int64_t>(tile.column));
        };
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
        const std::int32_t h = m == 0 ? row_h(0)[n] : n == 0 ? left_h[m] : row_h(blocks)[n];
        out.end = {h, m, n};
    }
    return out;
}

}  // namespace tropic::align::detail
