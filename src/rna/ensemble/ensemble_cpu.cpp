// CPU engine of the partition function: ensemble_cells.hpp's cells in an order that respects their
// dependencies. Inside: square tiles of the triangle, diagonal by diagonal of tiles from the main
// one outwards, each tile's rows from the bottom up and left to right. Outside: the same tiles
// in the opposite order (outer diagonals first), each tile's rows from the top down and right to
// left. Tiles of one diagonal depend only on earlier diagonals, so a pool fills them at once.
#include "rna/ensemble/ensemble_cpu.hpp"

#include <fmt/format.h>

#include <algorithm>
#include <cmath>
#include <new>

#include "core/internal/memory_fit.hpp"
#include "core/internal/wavefront.hpp"
#include "tropic/core/error.hpp"
#include "tropic/core/thread_pool.hpp"

namespace tropic::rna::detail {

namespace {

constexpr int kTile = 64;

// Progress of one pass as a share [from, to] of the whole fill.
WavefrontOptions pass_options(ThreadPool* pool, const Progress& on_progress, std::size_t item,
                              double from, double to) {
    WavefrontOptions options;
    options.pool = pool;
    options.item = item;
    if (on_progress)
        options.on_progress = [&on_progress, from, to](std::size_t k, double share) {
            on_progress(k, from + (to - from) * share);
        };
    return options;
}

// Inside: core's triangle wavefront, tile diagonals from the main one outwards; in a tile, rows
// from the bottom up, each left to right.
void fill_inside(EnsembleFold& f, ThreadPool* pool, const Progress& on_progress, std::size_t item,
                 double from, double to) {
    const int n = f.n();
    const EnsembleModel& m = f.setup.model;
    const EnsembleTables& s = f.tables;
    run_triangle_wavefront(
        static_cast<std::size_t>(n), kTile,
        [&](Tile tile, std::size_t) {
            const int first_i = static_cast<int>(tile.row) * kTile;
            const int end_i = std::min(first_i + kTile, n);
            const int first_j = static_cast<int>(tile.column) * kTile;
            const int end_j = std::min(first_j + kTile, n);
            for (int i = end_i - 1; i >= first_i; --i)
                for (int j = std::max(first_j, i + kEnsembleMinHairpin + 1); j < end_j; ++j)
                    ensemble_inside_cell(m, s, i, j);
        },
        pass_options(pool, on_progress, item, from, to));
}

// Outside: the same tiles, tile diagonals from the outermost one inwards (core's diagonal
// sequence, read backwards), the tiles of a diagonal at once; in a tile, rows from the top
// down, each right to left.
void fill_outside(EnsembleFold& f, ThreadPool* pool, const Progress& on_progress, std::size_t item,
                  double from, double to) {
    const int n = f.n(), tiles = (n + kTile - 1) / kTile;
    const EnsembleModel& m = f.setup.model;
    const EnsembleTables& s = f.tables;
    auto fill_tile = [&](int ti, int tj) {
        const int first_i = ti * kTile, end_i = std::min(first_i + kTile, n);
        const int first_j = tj * kTile, end_j = std::min(first_j + kTile, n);
        for (int i = first_i; i < end_i; ++i)
            for (int j = end_j - 1; j >= std::max(first_j, i + kEnsembleMinHairpin + 1); --j)
                ensemble_outside_cell(m, s, i, j);
    };
    WavefrontOptions options = pass_options(nullptr, on_progress, item, from, to);
    // Diagonal k of the sequence is tile diagonal tiles - 1 - k, of k + 1 tiles.
    options.work = [tiles](Tile tile) {
        return static_cast<double>(tiles - static_cast<int>(tile.column - tile.row));
    };
    run_triangle_diagonals(
        static_cast<std::size_t>(tiles), static_cast<std::size_t>(tiles),
        [&](std::size_t k) {
            const int d = tiles - 1 - static_cast<int>(k), count = tiles - d;
            parallel_for(pool, 0, static_cast<std::size_t>(count), [&](std::size_t t) {
                fill_tile(static_cast<int>(t), static_cast<int>(t) + d);
            });
        },
        options);
}

// Z5 and Z3: the exterior loop from either end.
double fill_exterior(EnsembleFold& f) {
    const int n = f.n();
    const EnsembleModel& m = f.setup.model;
    const EnsembleTables& s = f.tables;
    const double unpaired = m.scale_pow[1];
    f.z5.assign(static_cast<std::size_t>(n) + 1, 0.0);
    f.z3.assign(static_cast<std::size_t>(n) + 1, 0.0);
    f.z5[0] = 1.0;
    for (int j = 0; j < n; ++j) {
        double z = f.z5[j] * unpaired;
        for (int k = 0; k + kEnsembleMinHairpin < j; ++k) {
            const double qb = s.qb[s.at(k, j)];
            if (qb != 0.0) z += f.z5[k] * qb * m.exterior_stem(k, j, m.type(k, j));
        }
        f.z5[j + 1] = z;
    }
    f.z3[n] = 1.0;
    for (int k = n - 1; k >= 0; --k) {
        double z = f.z3[k + 1] * unpaired;
        for (int l = k + kEnsembleMinHairpin + 1; l < n; ++l) {
            const double qb = s.qb[s.at(k, l)];
            if (qb != 0.0) z += qb * m.exterior_stem(k, l, m.type(k, l)) * f.z3[l + 1];
        }
        f.z3[k] = z;
    }
    f.tables.z5 = f.z5.data();
    f.tables.z3 = f.z3.data();
    return f.z5[n];
}

void allocate(EnsembleFold& f, int n, bool outside) {
    const std::size_t cells = static_cast<std::size_t>(n) * static_cast<std::size_t>(n);
    // Qm1^'s lower triangle holds the inside pass's S sums (ensemble_cells.hpp): always there.
    for (auto* table : {&f.qb, &f.qm, &f.qm1, &f.qm1h}) table->assign(cells, 0.0);
    for (auto* table : {&f.qbh, &f.qmh, &f.w})
        if (outside) table->assign(cells, 0.0);
    EnsembleTables& s = f.tables;
    s.qb = f.qb.data();
    s.qm = f.qm.data();
    s.qm1 = f.qm1.data();
    s.qbh = outside ? f.qbh.data() : nullptr;
    s.qmh = outside ? f.qmh.data() : nullptr;
    s.qm1h = f.qm1h.data();
    s.w = outside ? f.w.data() : nullptr;
    s.ml_unpaired = f.setup.ml_unpaired.data();
    s.n = n;
}

}  // namespace

void fill_ensemble_cpu(EnsembleFold& fold, std::span<const std::uint8_t> sequence,
                       const BoltzmannFactors& factors, const MfeParams& mfe_params,
                       const StructureConstraint* constraint, int mfe_dcal, bool outside,
                       ThreadPool* pool, const Progress& on_progress, std::size_t item) {
    const int n = static_cast<int>(sequence.size());
    try {
        double scale = initial_ensemble_scale(mfe_dcal, sequence.size(), factors.kT);
        EnsembleScaleSearch search(scale, sequence.size());
        for (;;) {
            make_ensemble_setup(fold.setup, sequence, factors, mfe_params, constraint, scale);
            allocate(fold, n, outside);
            fill_inside(fold, pool, on_progress, item, 0.0, outside ? 0.45 : 1.0);
            const double z = fill_exterior(fold);
            if (ensemble_scale_ok(z)) {
                fold.log_z = std::log(z) + n * std::log(scale);
                fold.inside_fills = 1 + search.attempts();
                break;
            }
            scale = search.next(z, ensemble_prefix_log_rate(fold.z5.data(), n));
        }
        fold.outside_done = false;
        if (!outside) return;
        fill_outside(fold, pool, on_progress, item, 0.45, 1.0);
        // P(i,j) = Qb Qb^ / Z, stored below the diagonal of Qb^.
        const EnsembleTables& s = fold.tables;
        const double z = fold.z5[n];
        for (int i = 0; i < n; ++i)
            for (int j = i + kEnsembleMinHairpin + 1; j < n; ++j) {
                const double qbh = s.qbh[s.at(i, j)];
                s.qbh[s.at(j, i)] = qbh != 0.0 ? s.qb[s.at(i, j)] * qbh / z : 0.0;
            }
        fold.outside_done = true;
    } catch (const std::bad_alloc&) {
        throw ResourceError(
            fmt::format("an ensemble fold of {} nt: could not allocate {} for its tables", n,
                        format_bytes(ensemble_table_bytes(sequence.size(), outside))));
    }
}

std::uint64_t ensemble_table_bytes(std::size_t length, bool outside) {
    const std::uint64_t n = length;
    return (outside ? 7 : 4) * sizeof(double) * n * n + n * n + 64 * n;
}

}  // namespace tropic::rna::detail
