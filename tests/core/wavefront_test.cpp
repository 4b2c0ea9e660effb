// The tile wavefronts: every tile once, never before the tiles it depends on, workers never
// shared by concurrent tiles, progress weighted by work rising to exactly 1, and exceptions out,
// on the calling thread alone and on a pool.
#include "core/internal/wavefront.hpp"

#include <gtest/gtest.h>

#include <algorithm>
#include <atomic>
#include <memory>
#include <mutex>
#include <stdexcept>
#include <thread>
#include <vector>

#include "tropic/core/thread_pool.hpp"

namespace tropic {
namespace {

// Which tiles ran, whether each found its dependencies done, and whether a worker index was
// ever used by two tiles at once.
class TileLog {
  public:
    TileLog(std::size_t rows, std::size_t columns, std::size_t workers)
        : columns_(columns), done_(rows * columns), runs_(rows * columns), busy_(workers) {}

    void run(Tile t, std::size_t worker, const std::vector<Tile>& dependencies) {
        if (worker >= busy_.size() || busy_[worker].exchange(true)) shared_worker_ = true;
        for (Tile d : dependencies)
            if (!done_[index(d)].load()) early_ = true;
        ++runs_[index(t)];
        // Long enough for the tiles of a diagonal to overlap on several threads.
        std::this_thread::yield();
        done_[index(t)] = true;
        if (worker < busy_.size()) busy_[worker] = false;
    }

    int runs(Tile t) const { return runs_[index(t)].load(); }
    bool early() const { return early_; }
    bool shared_worker() const { return shared_worker_; }

  private:
    std::size_t index(Tile t) const { return t.row * columns_ + t.column; }
    std::size_t columns_;
    std::vector<std::atomic<bool>> done_;
    std::vector<std::atomic<int>> runs_;
    std::vector<std::atomic<bool>> busy_;
    std::atomic<bool> early_{false}, shared_worker_{false};
};

struct Calls {
    std::vector<std::size_t> items;
    std::vector<double> fractions;
    bool other_thread = false;
};

Progress recorder(Calls& calls) {
    const auto caller = std::this_thread::get_id();
    return [&calls, caller](std::size_t item, double fraction) {
        if (std::this_thread::get_id() != caller) calls.other_thread = true;
        calls.items.push_back(item);
        calls.fractions.push_back(fraction);
    };
}

void expect_rising_to_one(const Calls& calls, std::size_t diagonals, std::size_t item) {
    EXPECT_FALSE(calls.other_thread) << "progress must come from the calling thread";
    ASSERT_EQ(calls.fractions.size(), diagonals) << "one call per diagonal";
    for (std::size_t c = 0; c < calls.fractions.size(); ++c) {
        EXPECT_EQ(calls.items[c], item);
        EXPECT_GE(calls.fractions[c], 0.0);
        EXPECT_LE(calls.fractions[c], 1.0);
        if (c > 0) {
            EXPECT_GE(calls.fractions[c], calls.fractions[c - 1]) << "call " << c;
        }
    }
    if (diagonals > 0) {
        EXPECT_EQ(calls.fractions.back(), 1.0);
    }
}

class Wavefront : public ::testing::TestWithParam<unsigned> {
  protected:
    ThreadPool* pool() { return GetParam() > 1 ? &pool_ : nullptr; }
    std::size_t workers() const { return GetParam(); }
    ThreadPool pool_{GetParam()};
};

TEST_P(Wavefront, TriangleVisitsEveryTileOnceAfterItsLeftAndLowerNeighbours) {
    for (std::size_t cells : {0, 1, 5, 64, 65, 200})
        for (std::size_t tile : {1, 7, 64}) {
            SCOPED_TRACE(::testing::Message() << cells << " cells, tiles of " << tile);
            const std::size_t tiles = (cells + tile - 1) / tile;
            TileLog log(tiles, tiles, workers());
            WavefrontOptions options;
            options.pool = pool();
            run_triangle_wavefront(
                cells, tile,
                [&](Tile t, std::size_t worker) {
                    std::vector<Tile> dependencies;
                    if (t.column > t.row) {
                        dependencies.push_back({t.row, t.column - 1});
                        dependencies.push_back({t.row + 1, t.column});
                    }
                    log.run(t, worker, dependencies);
                },
                options);
            for (std::size_t r = 0; r < tiles; ++r)
                for (std::size_t c = 0; c < tiles; ++c)
                    EXPECT_EQ(log.runs({r, c}), c >= r ? 1 : 0) << "tile " << r << "," << c;
            EXPECT_FALSE(log.early()) << "a tile ran before a tile it depends on";
            EXPECT_FALSE(log.shared_worker()) << "two tiles at once with one worker index";
        }
}

TEST_P(Wavefront, RectangleVisitsEveryTileOnceAfterTheTilesAboveAndLeft) {
    struct Shape {
        std::size_t rows, columns, tile_rows, tile_columns;
    };
    for (Shape s : {Shape{0, 5, 2, 2}, Shape{1, 1, 4, 4}, Shape{10, 3, 3, 1}, Shape{3, 10, 1, 3},
                    Shape{100, 70, 16, 8}, Shape{17, 17, 17, 17}}) {
        SCOPED_TRACE(::testing::Message() << s.rows << " x " << s.columns << " in tiles of "
                                          << s.tile_rows << " x " << s.tile_columns);
        const std::size_t tr = (s.rows + s.tile_rows - 1) / s.tile_rows;
        const std::size_t tc = (s.columns + s.tile_columns - 1) / s.tile_columns;
        TileLog log(tr, tc, workers());
        WavefrontOptions options;
        options.pool = pool();
        run_rectangle_wavefront(
            s.rows, s.columns, s.tile_rows, s.tile_columns,
            [&](Tile t, std::size_t worker) {
                std::vector<Tile> dependencies;
                if (t.row > 0) dependencies.push_back({t.row - 1, t.column});
                if (t.column > 0) dependencies.push_back({t.row, t.column - 1});
                log.run(t, worker, dependencies);
            },
            options);
        for (std::size_t r = 0; r < tr; ++r)
            for (std::size_t c = 0; c < tc; ++c)
                EXPECT_EQ(log.runs({r, c}), 1) << "tile " << r << "," << c;
        EXPECT_FALSE(log.early()) << "a tile ran before a tile it depends on";
        EXPECT_FALSE(log.shared_worker()) << "two tiles at once with one worker index";
    }
}

// The default work of a triangle tile: the sum of j - i + 1 over its cells i < j, so progress
// after diagonal d is the share of that sum over the tiles of diagonals 0..d, cell by cell.
TEST_P(Wavefront, TriangleProgressIsTheShareOfTheCellsSpans) {
    for (std::size_t cells : {1, 9, 64, 130, 333}) {
        const std::size_t tile = 32, tiles = (cells + tile - 1) / tile;
        SCOPED_TRACE(::testing::Message() << cells << " cells");
        std::vector<double> diagonal_work(tiles, 0.0);
        double total = 0;
        for (std::size_t i = 0; i < cells; ++i)
            for (std::size_t j = i + 1; j < cells; ++j) {
                diagonal_work[j / tile - i / tile] += static_cast<double>(j - i + 1);
                total += static_cast<double>(j - i + 1);
            }
        Calls calls;
        WavefrontOptions options;
        options.pool = pool();
        options.on_progress = recorder(calls);
        options.item = 7;
        run_triangle_wavefront(
            cells, tile, [](Tile, std::size_t) {}, options);
        expect_rising_to_one(calls, tiles, 7);
        double done = 0;
        for (std::size_t d = 0; d + 1 < tiles; ++d) {
            done += diagonal_work[d];
            EXPECT_DOUBLE_EQ(calls.fractions[d], done / total) << "diagonal " << d;
        }
    }
}

TEST_P(Wavefront, ProgressFollowsTheCallersWork) {
    Calls calls;
    WavefrontOptions options;
    options.pool = pool();
    options.on_progress = recorder(calls);
    // Only the tiles of row 0 count: 1 per tile, 12 tiles on 3 x 4.
    options.work = [](Tile t) { return t.row == 0 ? 1.0 : 0.0; };
    std::atomic<int> ran{0};
    run_rectangle_wavefront(
        3, 4, 1, 1, [&](Tile, std::size_t) { ++ran; }, options);
    EXPECT_EQ(ran.load(), 12);
    if (pool() == nullptr) {
        // One thread: after each row of tiles (row 0 holds all the work).
        expect_rising_to_one(calls, 3, 0);
        EXPECT_EQ(calls.fractions, (std::vector<double>{1.0, 1.0, 1.0}));
    } else {
        // A pool: whenever the calling thread finishes a tile, the share all threads have done,
        // never 1 before the end; exactly one 1, last.
        expect_rising_to_one(calls, calls.fractions.size(), 0);
        ASSERT_FALSE(calls.fractions.empty());
        EXPECT_EQ(std::count(calls.fractions.begin(), calls.fractions.end(), 1.0), 1);
        for (double f : calls.fractions)
            EXPECT_TRUE(f == 1.0 || f == 0.25 || f == 0.5 || f == 0.75 || f == 0.0) << f;
    }

    Calls diagonal_calls;
    options.on_progress = recorder(diagonal_calls);
    options.work = {};
    std::vector<std::size_t> order;
    // 4 tiles a side, 3 diagonals: default work (4 - d)(d + 1) = 4, 6, 6.
    run_triangle_diagonals(
        4, 3, [&](std::size_t d) { order.push_back(d); }, options);
    EXPECT_EQ(order, (std::vector<std::size_t>{0, 1, 2}));
    expect_rising_to_one(diagonal_calls, 3, 0);
    EXPECT_DOUBLE_EQ(diagonal_calls.fractions[0], 4.0 / 16);
    EXPECT_DOUBLE_EQ(diagonal_calls.fractions[1], 10.0 / 16);
}

TEST_P(Wavefront, ExceptionsFromATileStopTheWavefrontAndPropagate) {
    std::atomic<int> after_failure{0};
    WavefrontOptions options;
    options.pool = pool();
    const std::size_t tiles = 12;
    EXPECT_THROW(run_triangle_wavefront(
                     tiles * 8, 8,
                     [&](Tile t, std::size_t) {
                         if (t.column - t.row > 3) ++after_failure;
                         if (t.row == 2 && t.column == 5) throw std::runtime_error("tile 2,5");
                     },
                     options),
                 std::runtime_error);
    EXPECT_EQ(after_failure.load(), 0) << "tiles of later diagonals ran after a failure";
    EXPECT_THROW(run_rectangle_wavefront(
                     10, 10, 1, 1,
                     [](Tile t, std::size_t) {
                         if (t.row == 4 && t.column == 5) throw std::logic_error("tile 4,5");
                     },
                     options),
                 std::logic_error);
}

TEST_P(Wavefront, ExceptionsFromTheProgressCallbackPropagate) {
    WavefrontOptions options;
    options.pool = pool();
    int diagonals = 0;
    options.on_progress = [&](std::size_t, double) {
        if (++diagonals == 2) throw std::runtime_error("stop");
    };
    EXPECT_THROW(run_triangle_wavefront(
                     100, 10, [](Tile, std::size_t) {}, options),
                 std::runtime_error);
    EXPECT_EQ(diagonals, 2);
}

INSTANTIATE_TEST_SUITE_P(Threads, Wavefront, ::testing::Values(1u, 2u, 4u),
                         [](const auto& info) { return std::to_string(info.param) + "threads"; });

}  // namespace
}  // namespace tropic
