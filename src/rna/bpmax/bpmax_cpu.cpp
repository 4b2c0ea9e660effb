// The CPU fill of BPMax's F tables (bpmax_tables.hpp), one s1 diagonal d1 = j1 - i1 at a time
// (core's triangle wavefront over the s1 intervals, a whole diagonal per step).
// Each table of the diagonal gets, in order:
//  1. its seed: every term that reads other tables (0, S1 + S2, the s1 arc, the S1 single
//     reductions), element-wise over the band, vectorisable;
//  2. the double reduction: for t < d1, F(i1,j1) (+)= F(i1,i1+t) (x) F(i1+t+1,j1), one batch of
//     band products per t over all i1 of the diagonal, through the tropical engine (so another
//     backend of the engine takes it over unchanged);
//  3. the sweep over its own cells by increasing r length: the r arc and the S2 single
//     reductions, which read shorter cells of the same table. The two reductions run along row
//     i2 and column e2, so a column copy of the table is kept beside it (scratch), and each is
//     one max-plus dot product of the engine's kernel.
// Threads: seeds by (table, block of rows); sweeps by table when the diagonal has enough tables
// for every thread (all tables of a diagonal cost the same), else by cells of one r length.
#include <algorithm>
#include <functional>
#include <vector>

#include "core/internal/wavefront.hpp"
#include "rna/bpmax/bpmax_tables.hpp"
#include "tropic/core/thread_pool.hpp"

namespace tropic::rna::detail {

namespace {

constexpr std::size_t kSeedRows = 64;
constexpr std::size_t kSweepCells = 256;

template <typename Score>
class Filler {
  public:
    Filler(const Problem<Score>& problem, InteractionTables<Score>& f, ThreadPool* pool)
        : p_(problem), f_(f), pool_(pool), n1_(f.length1), n2_(f.length2), width_(f.width2) {}

    void seed_diagonal(std::size_t d1) {
        const std::size_t tables = n1_ - d1, blocks = (n2_ + kSeedRows) / kSeedRows;
        parallel_for(pool_, 0, tables * blocks, [&](std::size_t item) {
            const std::size_t i1 = item / blocks, first = (item % blocks) * kSeedRows;
            seed_rows(i1, i1 + d1, first, std::min(n2_ + 1, first + kSeedRows));
        });
    }

    void double_reduction(std::size_t d1, const RunOptions& engine) {
        std::vector<semiring::BandProduct<Score>> batch(n1_ - d1);
        for (std::size_t t = 0; t < d1; ++t) {
            for (std::size_t i1 = 0; i1 + d1 < n1_; ++i1)
                batch[i1] = {f_.band(i1, i1 + t), f_.band(i1 + t + 1, i1 + d1),
                             f_.band(i1, i1 + d1)};
            semiring::multiply_accumulate_batch<Score>(
                semiring::Semiring::MaxPlus, std::span<const semiring::BandProduct<Score>>(batch),
                engine);
        }
    }

    void sweep_diagonal(std::size_t d1, std::vector<std::vector<Score>>& scratch) {
        const std::size_t tables = n1_ - d1;
        const std::size_t threads = pool_ == nullptr ? 1 : pool_->size();
        if (tables >= 2 * threads || threads == 1) {
            // Static round-robin: every table of a diagonal is the same work.
            const std::size_t slots = std::min(tables, threads);
            parallel_for(pool_, 0, slots, [&](std::size_t slot) {
                for (std::size_t i1 = slot; i1 < tables; i1 += slots) {
                    Score* fcol = column_scratch(scratch[slot]);
                    start_columns(f_.table(i1, i1 + d1), fcol);
                    for (std::size_t len = 2; len < width_; ++len)
                        for (std::size_t i2 = 0; i2 + len <= n2_; ++i2)
                            sweep_cell(f_.table(i1, i1 + d1), fcol, i2, len);
                }
            });
            return;
        }
        for (std::size_t i1 = 0; i1 < tables; ++i1)
            start_columns(f_.table(i1, i1 + d1), column_scratch(scratch[i1]));
        for (std::size_t len = 2; len < width_; ++len) {
            const std::size_t cells = n2_ + 1 - len,
                              blocks = (cells + kSweepCells - 1) / kSweepCells;
            parallel_for(pool_, 0, tables * blocks, [&](std::size_t item) {
                const std::size_t i1 = item / blocks, first = (item % blocks) * kSweepCells;
                Score* t = f_.table(i1, i1 + d1);
                Score* fcol = scratch[i1].data();
                for (std::size_t i2 = first; i2 < std::min(cells, first + kSweepCells); ++i2)
                    sweep_cell(t, fcol, i2, len);
            });
        }
    }

  private:
    Score* column_scratch(std::vector<Score>& v) const {
        v.resize(f_.table_cells());
        return v.data();
    }

    void seed_rows(std::size_t i1, std::size_t j1, std::size_t first, std::size_t last) {
        const std::size_t d1 = j1 - i1, w = width_;
        Score* t = f_.table(i1, j1);
        const Score s1_whole = p_.strand1(i1, j1);
        const bool arc = d1 >= kBpmaxMinPairSpan;
        const int arc_weight = arc ? p_.w(p_.s1[i1], p_.s1[j1]) : 0;
        for (std::size_t i2 = first; i2 < last; ++i2) {
            Score* row = t + i2 * w;
            const std::size_t lmax = std::min(w - 1, n2_ - i2);
            std::fill(row, row + w, kNegInf<Score>);  // the empty interval and padding
            const Score* s2 = p_.strand2.row(i2);
            for (std::size_t len = 1; len <= lmax; ++len)
                row[len] = static_cast<Score>(std::max(0, s1_whole + s2[len]));
            if (arc) {
                const Score* inner = f_.table(i1 + 1, j1 - 1) + i2 * w;
                for (std::size_t len = 1; len <= lmax; ++len)
                    row[len] = static_cast<Score>(std::max<int>(row[len], inner[len] + arc_weight));
            }
            for (std::size_t k1 = i1; k1 < j1; ++k1) {
                const Score prefix = p_.strand1(i1, k1), suffix = p_.strand1(k1 + 1, j1);
                const Score* right = f_.table(k1 + 1, j1) + i2 * w;
                const Score* left = f_.table(i1, k1) + i2 * w;
                for (std::size_t len = 1; len <= lmax; ++len)
                    row[len] = static_cast<Score>(
                        std::max<int>(row[len], std::max(prefix + right[len], left[len] + suffix)));
            }
            if (d1 == 0 && lmax >= 1) row[1] = p_.w(p_.s1[i1], p_.r[i2]);  // one inter pair
        }
    }

    // Cells of r length 1 into the column form; the sweep adds the longer ones as it goes.
    void start_columns(const Score* t, Score* fcol) const {
        for (std::size_t i2 = 0; i2 < n2_; ++i2)
            fcol[(i2 + 1) * width_ + (width_ - 2)] = t[i2 * width_ + 1];
    }

    void sweep_cell(Score* t, Score* fcol, std::size_t i2, std::size_t len) const {
        const std::size_t e = i2 + len, w = width_;
        Score v = t[i2 * w + len];
        if (len - 1 >= kBpmaxMinPairSpan)
            v = static_cast<Score>(
                std::max<int>(v, t[(i2 + 1) * w + (len - 2)] + p_.w(p_.r[i2], p_.r[e - 1])));
        // F(i2, m) + S2(m, e) and S2(i2, m) + F(m, e) over i2 < m < e (half-open).
        v = maxplus_dot(t + i2 * w + 1, p_.strand2.column(e) + (w - len), len - 1, v);
        v = maxplus_dot(p_.strand2.row(i2) + 1, fcol + e * w + (w - len), len - 1, v);
        t[i2 * w + len] = v;
        fcol[e * w + (w - 1 - len)] = v;
    }

    const Problem<Score>& p_;
    InteractionTables<Score>& f_;
    ThreadPool* pool_;
    std::size_t n1_, n2_, width_;
};

}  // namespace

template <typename Score>
void fill_interaction_tables(const Problem<Score>& problem, InteractionTables<Score>& f,
                             const RunOptions& engine, ThreadPool* pool,
                             const Progress& on_progress, std::size_t item) {
    Filler<Score> filler(problem, f, pool);
    const unsigned threads = pool == nullptr ? 1 : pool->size();
    std::vector<std::vector<Score>> scratch(2 * threads);
    // The tables of s1 are the tiles of a triangle, one s1 interval each; a diagonal's tables
    // each accumulate d1 + 1 products (the wavefront's default work).
    WavefrontOptions wavefront;
    wavefront.on_progress = on_progress;
    wavefront.item = item;
    run_triangle_diagonals(
        f.length1, f.window1,
        [&](std::size_t d1) {
            filler.seed_diagonal(d1);
            filler.double_reduction(d1, engine);
            filler.sweep_diagonal(d1, scratch);
        },
        wavefront);
}

template void fill_interaction_tables<std::int16_t>(const Problem<std::int16_t>&,
                                                    InteractionTables<std::int16_t>&,
                                                    const RunOptions&, ThreadPool*, const Progress&,
                                                    std::size_t);
template void fill_interaction_tables<std::int32_t>(const Problem<std::int32_t>&,
                                                    InteractionTables<std::int32_t>&,
                                                    const RunOptions&, ThreadPool*, const Progress&,
                                                    std::size_t);

}  // namespace tropic::rna::detail
