#pragma once
// Tile wavefronts: the order in which a dynamic program over a triangle (interval programs:
// Nussinov, MFE, BPMax over strand 1) or over a rectangle (alignment) fills its tiles, with the
// tiles that do not depend on each other run at the same time on a ThreadPool, and progress
// weighted by each tile's work.
//
// Triangle: tiles (row, column) with row <= column of an upper triangle, diagonal by diagonal
// (column - row = 0, 1, ...). A tile runs after every tile of the diagonals before its own, so
// after its left neighbour (row, column - 1) and the one below it (row + 1, column), and with them
// every tile (p, q), row <= p <= q <= column, that an interval program reads.
// Rectangle: tiles (row, column) as a dataflow: a tile runs once the one above it (row - 1,
// column) and the one to its left (row, column - 1) are done, with no barrier between
// anti-diagonals; ready tiles of lower anti-diagonals go first. Without a pool (or with one
// thread), row by row.
//
// Every function returns when all tiles are done. An exception from a tile stops handing out
// tiles (those already running finish) and propagates from here; so does one from the progress
// callback.
#include <cstddef>
#include <functional>

#include "tropic/core/progress.hpp"

namespace tropic {

class ThreadPool;

struct Tile {
    std::size_t row = 0, column = 0;
};

// Fills one tile. `worker` is below the pool's size (0 without a pool); calls running at the same
// time never share one, so a body may keep scratch per worker.
using TileBody = std::function<void(Tile tile, std::size_t worker)>;
// Fills every tile of one diagonal (a body that parallelises a diagonal its own way).
using DiagonalBody = std::function<void(std::size_t diagonal)>;
// The work of a tile in any unit: progress reports the share of the total work done.
using TileWork = std::function<double(Tile tile)>;

struct WavefrontOptions {
    ThreadPool* pool = nullptr;  // nullptr: every tile on the calling thread
    // Empty: each function's default (below).
    TileWork work;
    // Called on the calling thread after each diagonal (rectangles: see run_rectangle_wavefront)
    // with `item` and the share of the work done: non-decreasing, the last call exactly 1. Empty:
    // nobody listens.
    Progress on_progress;
    std::size_t item = 0;
};

// The upper triangle of a cells x cells table in square tiles of `tile` cells a side (the last
// row and column of tiles may be narrower). Default work of a tile: the sum over its cells (i, j),
// i < j, of j - i + 1, the splits and the pair term of an interval program.
void run_triangle_wavefront(std::size_t cells, std::size_t tile, const TileBody& body,
                            const WavefrontOptions& options = {});

// The first `diagonals` diagonals of a triangle of `tiles` tiles a side, a whole diagonal per
// call of `body` (options.pool is not used). Default work of a tile on diagonal d: d + 1, the
// tiles its splits run over.
void run_triangle_diagonals(std::size_t tiles, std::size_t diagonals, const DiagonalBody& body,
                            const WavefrontOptions& options = {});

// A rows x columns table in tiles of tile_rows x tile_columns cells (the last ones may be
// smaller). Default work of a tile: its cells. Progress: on one thread after each row of tiles;
// with a pool, whenever the calling thread finishes a tile (the share done by all threads), and
// 1 once every tile is done.
void run_rectangle_wavefront(std::size_t rows, std::size_t columns, std::size_t tile_rows,
                             std::size_t tile_columns, const TileBody& body,
                             const WavefrontOptions& options = {});

}  // namespace tropic
