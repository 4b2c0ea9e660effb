// CPU engine of the partition function: pf_cells.hpp's cells in an order that respects their
// dependencies. Inside: square tiles of the triangle, diagonal by diagonal of tiles from the main
// one outwards, each tile's rows from the bottom up and left to right. Outside: the same tiles
// in the opposite order (outer diagonals first), each tile's rows from the top down and right to
// left. Tiles of one diagonal depend only on earlier diagonals, so a pool fills them at once.
#include "rna/ensemble/pf_cpu.hpp"

#include <fmt/format.h>

#include <algorithm>
#include <cmath>
#include <new>

#include "tropic/core/error.hpp"
#include "tropic/core/memory_fit.hpp"
#include "tropic/core/thread_pool.hpp"

namespace tropic::rna {

namespace {

constexpr int kTile = 64;

int tile_count(int n) {
    return (n + kTile - 1) / kTile;
}

// Runs `body(tile_row, tile_column)` for every tile of tile diagonal d, on the pool if any.
template <class Body>
void run_tile_diagonal(int tiles, int d, ThreadPool* pool, const Body& body) {
    const int count = tiles - d;
    if (pool != nullptr && pool->size() > 1 && count > 1)
        pool->parallel_for(0, static_cast<std::size_t>(count), [&](std::size_t k) {
            body(static_cast<int>(k), static_cast<int>(k) + d);
        });
    else
        for (int k = 0; k < count; ++k) body(k, k + d);
}

// Share of the work done once tile diagonals 0..d of `tiles` are done (a cell's sums grow with
// its span: a diagonal's work grows as (tiles - d) d).
double done_share(int tiles, int d) {
    const double x = static_cast<double>(d + 1) / tiles;
    return x * x * (3 - 2 * x);
}

void fill_inside(PfFold& f, ThreadPool* pool, const Progress& on_progress, std::size_t item,
                 double from, double to) {
    const int n = f.n(), tiles = tile_count(n);
    const PfModel& m = f.setup.model;
    const PfTables& s = f.tables;
    for (int d = 0; d < tiles; ++d) {
        run_tile_diagonal(tiles, d, pool, [&](int ti, int tj) {
            const int first_i = ti * kTile, end_i = std::min(first_i + kTile, n);
            const int first_j = tj * kTile, end_j = std::min(first_j + kTile, n);
            for (int i = end_i - 1; i >= first_i; --i)
                for (int j = std::max(first_j, i + kPfMinHairpin + 1); j < end_j; ++j)
                    pf_inside_cell(m, s, i, j);
        });
        if (on_progress) on_progress(item, from + (to - from) * done_share(tiles, d));
    }
}

void fill_outside(PfFold& f, ThreadPool* pool, const Progress& on_progress, std::size_t item,
                  double from, double to) {
    const int n = f.n(), tiles = tile_count(n);
    const PfModel& m = f.setup.model;
    const PfTables& s = f.tables;
    for (int d = tiles - 1; d >= 0; --d) {
        run_tile_diagonal(tiles, d, pool, [&](int ti, int tj) {
            const int first_i = ti * kTile, end_i = std::min(first_i + kTile, n);
            const int first_j = tj * kTile, end_j = std::min(first_j + kTile, n);
            for (int i = first_i; i < end_i; ++i)
                for (int j = end_j - 1; j >= std::max(first_j, i + kPfMinHairpin + 1); --j)
                    pf_outside_cell(m, s, i, j);
        });
        if (on_progress) on_progress(item, from + (to - from) * (1 - done_share(tiles, d - 1)));
    }
}

// Z5 and Z3: the exterior loop from either end.
double fill_exterior(PfFold& f) {
    const int n = f.n();
    const PfModel& m = f.setup.model;
    const PfTables& s = f.tables;
    const double unpaired = m.scale_pow[1];
    f.z5.assign(static_cast<std::size_t>(n) + 1, 0.0);
    f.z3.assign(static_cast<std::size_t>(n) + 1, 0.0);
    f.z5[0] = 1.0;
    for (int j = 0; j < n; ++j) {
        double z = f.z5[j] * unpaired;
        for (int k = 0; k + kPfMinHairpin < j; ++k) {
            const double qb = s.qb[s.at(k, j)];
            if (qb != 0.0) z += f.z5[k] * qb * m.exterior_stem(k, j, m.type(k, j));
        }
        f.z5[j + 1] = z;
    }
    f.z3[n] = 1.0;
    for (int k = n - 1; k >= 0; --k) {
        double z = f.z3[k + 1] * unpaired;
        for (int l = k + kPfMinHairpin + 1; l < n; ++l) {
            const double qb = s.qb[s.at(k, l)];
            if (qb != 0.0) z += qb * m.exterior_stem(k, l, m.type(k, l)) * f.z3[l + 1];
        }
        f.z3[k] = z;
    }
    f.tables.z5 = f.z5.data();
    f.tables.z3 = f.z3.data();
    return f.z5[n];
}

void allocate(PfFold& f, int n, bool outside) {
    const std::size_t cells = static_cast<std::size_t>(n) * static_cast<std::size_t>(n);
    // Qm1^'s lower triangle holds the inside pass's S sums (pf_cells.hpp): always there.
    for (auto* table : {&f.qb, &f.qm, &f.qm1, &f.qm1h}) table->assign(cells, 0.0);
    for (auto* table : {&f.qbh, &f.qmh, &f.w})
        if (outside) table->assign(cells, 0.0);
    PfTables& s = f.tables;
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

void fill_pf_cpu(PfFold& fold, std::span<const std::uint8_t> sequence,
                 const BoltzmannFactors& factors, const MfeOptions& options,
                 const StructureConstraint* constraint, int mfe_dcal, bool outside,
                 ThreadPool* pool, const Progress& on_progress, std::size_t item) {
    const int n = static_cast<int>(sequence.size());
    try {
        double scale = initial_pf_scale(mfe_dcal, sequence.size(), factors.kT);
        PfScaleSearch search(scale, sequence.size());
        for (;;) {
            make_pf_setup(fold.setup, sequence, factors, options, constraint, scale);
            allocate(fold, n, outside);
            fill_inside(fold, pool, on_progress, item, 0.0, outside ? 0.45 : 1.0);
            const double z = fill_exterior(fold);
            if (pf_scale_ok(z)) {
                fold.log_z = std::log(z) + n * std::log(scale);
                fold.inside_fills = 1 + search.attempts();
                break;
            }
            scale = search.next(z, pf_prefix_log_rate(fold.z5.data(), n));
        }
        fold.outside_done = false;
        if (!outside) return;
        fill_outside(fold, pool, on_progress, item, 0.45, 1.0);
        // P(i,j) = Qb Qb^ / Z, stored below the diagonal of Qb^.
        const PfTables& s = fold.tables;
        const double z = fold.z5[n];
        for (int i = 0; i < n; ++i)
            for (int j = i + kPfMinHairpin + 1; j < n; ++j) {
                const double qbh = s.qbh[s.at(i, j)];
                s.qbh[s.at(j, i)] = qbh != 0.0 ? s.qb[s.at(i, j)] * qbh / z : 0.0;
            }
        fold.outside_done = true;
    } catch (const std::bad_alloc&) {
        throw ResourceError(
            fmt::format("a partition function of {} nt: could not allocate {} for its tables", n,
                        format_bytes(ensemble_memory_bytes(sequence.size()))));
    }
}

std::uint64_t ensemble_memory_bytes(std::size_t length) {
    const std::uint64_t n = length;
    return 7 * sizeof(double) * n * n + n * n + 64 * n;
}

}  // namespace tropic::rna
