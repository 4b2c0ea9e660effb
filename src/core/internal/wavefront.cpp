#include "core/internal/wavefront.hpp"

#include <algorithm>
#include <atomic>
#include <condition_variable>
#include <mutex>
#include <queue>
#include <thread>
#include <vector>

#include "tropic/core/thread_pool.hpp"

namespace tropic {

namespace {

// Reports after each diagonal the share of the work done. Partial sums of non-negative terms only
// grow, so the shares never decrease; the last one is exactly 1 rather than left to rounding.
class DiagonalProgress {
  public:
    // work_of(d): the work of diagonal d; asked only when someone listens.
    DiagonalProgress(const WavefrontOptions& options, std::size_t diagonals,
                     const std::function<double(std::size_t)>& work_of)
        : options_(options), diagonals_(diagonals) {
        if (!options_.on_progress) return;
        work_.resize(diagonals);
        for (std::size_t d = 0; d < diagonals; ++d) total_ += work_[d] = work_of(d);
    }

    void finished(std::size_t diagonal) {
        if (!options_.on_progress) return;
        done_ += work_[diagonal];
        const bool last = diagonal + 1 == diagonals_;
        options_.on_progress(options_.item, last ? 1.0 : total_ > 0 ? done_ / total_ : 0.0);
    }

  private:
    const WavefrontOptions& options_;
    std::size_t diagonals_;
    std::vector<double> work_;
    double total_ = 0, done_ = 0;
};

// The tiles of one diagonal, `count` of them, tile_at(k) the k-th: each worker takes the next
// tile until none is left (or one has failed).
template <typename TileAt>
void run_diagonal_tiles(ThreadPool* pool, std::size_t count, const TileAt& tile_at,
                        const TileBody& body) {
    const std::size_t workers = pool == nullptr ? 1 : std::min<std::size_t>(pool->size(), count);
    if (workers <= 1) {
        for (std::size_t k = 0; k < count; ++k) body(tile_at(k), 0);
        return;
    }
    std::atomic<std::size_t> next{0};
    std::atomic<bool> failed{false};
    pool->parallel_for(
        0, workers,
        [&](std::size_t worker) {
            for (std::size_t k = next++; k < count && !failed.load(std::memory_order_relaxed);
                 k = next++) {
                try {
                    body(tile_at(k), worker);
                } catch (...) {
                    failed = true;
                    throw;
                }
            }
        },
        1);
}

// Sum of j - i + 1 over the cells i < j of a square tile of `size` cells on the diagonal.
double diagonal_tile_work(std::size_t size) {
    double work = 0;
    for (std::size_t gap = 1; gap < size; ++gap)
        work += static_cast<double>(size - gap) * static_cast<double>(gap + 1);
    return work;
}

// The same over rows [row0, row0 + rows) and columns [col0, col0 + cols), row0 + rows <= col0,
// in closed form.
double off_diagonal_tile_work(std::size_t row0, std::size_t rows, std::size_t col0,
                              std::size_t cols) {
    const double h = static_cast<double>(rows), w = static_cast<double>(cols);
    return h * w * static_cast<double>(col0 - row0 + 1) + h * w * (w - 1) / 2 - w * h * (h - 1) / 2;
}

double triangle_tile_work(std::size_t cells, std::size_t tile, Tile t) {
    const std::size_t row0 = t.row * tile, col0 = t.column * tile;
    const std::size_t rows = std::min(cells, row0 + tile) - row0;
    const std::size_t cols = std::min(cells, col0 + tile) - col0;
    return t.row == t.column ? diagonal_tile_work(rows)
                             : off_diagonal_tile_work(row0, rows, col0, cols);
}

}  // namespace

void run_triangle_wavefront(std::size_t cells, std::size_t tile, const TileBody& body,
                            const WavefrontOptions& options) {
    const std::size_t tiles = tile == 0 ? 0 : (cells + tile - 1) / tile;
    const TileWork work =
        options.work ? options.work : [&](Tile t) { return triangle_tile_work(cells, tile, t); };
    DiagonalProgress progress(options, tiles, [&](std::size_t d) {
        double sum = 0;
        for (std::size_t row = 0; row + d < tiles; ++row) sum += work({row, row + d});
        return sum;
    });
    for (std::size_t d = 0; d < tiles; ++d) {
        run_diagonal_tiles(
            options.pool, tiles - d,
            [d](std::size_t k) {
                return Tile{k, k + d};
            },
            body);
        progress.finished(d);
    }
}

void run_triangle_diagonals(std::size_t tiles, std::size_t diagonals, const DiagonalBody& body,
                            const WavefrontOptions& options) {
    diagonals = std::min(diagonals, tiles);
    DiagonalProgress progress(options, diagonals, [&](std::size_t d) {
        if (!options.work) return static_cast<double>(tiles - d) * static_cast<double>(d + 1);
        double sum = 0;
        for (std::size_t row = 0; row + d < tiles; ++row) sum += options.work({row, row + d});
        return sum;
    });
    for (std::size_t d = 0; d < diagonals; ++d) {
        body(d);
        progress.finished(d);
    }
}

namespace {

// The rectangle's tiles as a dataflow: a tile is ready once the tile above it and the one to its
// left are done, and idle workers take the ready tile of the lowest anti-diagonal (the critical
// path first). No barrier between anti-diagonals: a slow tile holds up only the tiles that need it.
class RectangleDataflow {
  public:
    RectangleDataflow(std::size_t tile_rows, std::size_t tile_columns, const TileBody& body,
                      const TileWork& work, const WavefrontOptions& options)
        : rows_(tile_rows),
          columns_(tile_columns),
          body_(body),
          work_(work),
          options_(options),
          waiting_(tile_rows * tile_columns),
          caller_(std::this_thread::get_id()) {
        for (std::size_t r = 0; r < rows_; ++r)
            for (std::size_t c = 0; c < columns_; ++c) {
                waiting_[r * columns_ + c] = (r > 0 ? 1 : 0) + (c > 0 ? 1 : 0);
                if (options_.on_progress) total_ += work_({r, c});
            }
        ready_.push({0, 0});
    }

    void run(ThreadPool& pool) {
        const std::size_t workers = std::min<std::size_t>(pool.size(), rows_ * columns_);
        pool.parallel_for(
            0, workers, [&](std::size_t worker) { work_loop(worker); }, 1);
        if (options_.on_progress) options_.on_progress(options_.item, 1.0);
    }

  private:
    struct Later {  // priority: lower anti-diagonal, then lower row
        bool operator()(const Tile& a, const Tile& b) const {
            const std::size_t da = a.row + a.column, db = b.row + b.column;
            return da != db ? da > db : a.row > b.row;
        }
    };

    void work_loop(std::size_t worker) {
        std::unique_lock lock(mutex_);
        while (true) {
            wake_.wait(lock,
                       [&] { return failed_ || finished_ == rows_ * columns_ || !ready_.empty(); });
            if (failed_ || finished_ == rows_ * columns_) return;
            const Tile tile = ready_.top();
            ready_.pop();
            unlocked(lock, [&] { body_(tile, worker); });
            ++finished_;
            // This worker takes one of the tiles it made ready itself; only the others wake a
            // sleeping worker each (waking all of them on every tile costs more than a small
            // tile's work), and the end wakes everyone to leave.
            const int released =
                release(tile.row + 1, tile.column) + release(tile.row, tile.column + 1);
            if (finished_ == rows_ * columns_)
                wake_.notify_all();
            else
                for (int k = 1; k < released; ++k) wake_.notify_one();
            if (options_.on_progress) {
                done_ += work_(tile);
                // Only the calling thread reports; the end (exactly 1) is reported after the last
                // tile, by run().
                const double share = total_ > 0 ? done_ / total_ : 0.0;
                if (std::this_thread::get_id() == caller_ && share < 1.0 && share > shown_) {
                    shown_ = share;
                    unlocked(lock, [&] { options_.on_progress(options_.item, share); });
                }
            }
        }
    }

    // Runs f without the lock; an exception from it stops every worker and propagates.
    template <typename F>
    void unlocked(std::unique_lock<std::mutex>& lock, const F& f) {
        lock.unlock();
        try {
            f();
        } catch (...) {
            lock.lock();
            failed_ = true;
            wake_.notify_all();
            throw;
        }
        lock.lock();
    }

    // One dependency of tile (r, c) done; 1 when that made it ready.
    int release(std::size_t r, std::size_t c) {
        if (r >= rows_ || c >= columns_ || --waiting_[r * columns_ + c] != 0) return 0;
        ready_.push({r, c});
        return 1;
    }

    std::size_t rows_, columns_;
    const TileBody& body_;
    const TileWork& work_;
    const WavefrontOptions& options_;
    std::vector<std::uint8_t> waiting_;  // dependencies not yet done, per tile
    std::priority_queue<Tile, std::vector<Tile>, Later> ready_;
    std::mutex mutex_;
    std::condition_variable wake_;
    std::size_t finished_ = 0;
    bool failed_ = false;
    double total_ = 0, done_ = 0, shown_ = 0;
    std::thread::id caller_;
};

}  // namespace

void run_rectangle_wavefront(std::size_t rows, std::size_t columns, std::size_t tile_rows,
                             std::size_t tile_columns, const TileBody& body,
                             const WavefrontOptions& options) {
    if (tile_rows == 0 || tile_columns == 0) return;
    const std::size_t tr = (rows + tile_rows - 1) / tile_rows;
    const std::size_t tc = (columns + tile_columns - 1) / tile_columns;
    if (tr == 0 || tc == 0) return;
    const TileWork work = options.work ? options.work : [&](Tile t) {
        const std::size_t r0 = t.row * tile_rows, c0 = t.column * tile_columns;
        return static_cast<double>(std::min(rows, r0 + tile_rows) - r0) *
               static_cast<double>(std::min(columns, c0 + tile_columns) - c0);
    };
    if (options.pool != nullptr && options.pool->size() > 1 && tr * tc > 1) {
        RectangleDataflow(tr, tc, body, work, options).run(*options.pool);
        return;
    }
    // One thread: row by row, which meets every dependency; progress after each row of tiles.
    double total = 0, done = 0;
    if (options.on_progress)
        for (std::size_t r = 0; r < tr; ++r)
            for (std::size_t c = 0; c < tc; ++c) total += work({r, c});
    for (std::size_t r = 0; r < tr; ++r) {
        for (std::size_t c = 0; c < tc; ++c) {
            body({r, c}, 0);
            if (options.on_progress) done += work({r, c});
        }
        if (options.on_progress)
            options.on_progress(options.item, r + 1 == tr ? 1.0 : total > 0 ? done / total : 0.0);
    }
}

}  // namespace tropic
