// CPU engine of MFE folding: the recurrences and traceback of mfe.hpp.
//
// Layout: the tables are triangles of int32. C and FML are stored by rows (i fixed, j
// contiguous); FML and FM1 are also stored by columns (j fixed, i contiguous), so that both
// operands of every multiloop minimisation are read sequentially.
//
// Order: cell (i,j) reads only cells (p,q) with i <= p <= q <= j, so any order that fills those
// first gives the same tables (all minima), hence the same energy and traceback. On one thread,
// rows from i = n-1 down to 0, each left to right. With a pool, square tiles of the triangle,
// each filled the same way by one thread, in wavefronts of tile diagonals (core's triangle
// wavefront): the tiles of one wavefront depend only on earlier ones, and a tile's operands stay
// in cache while it is filled.
#include "rna/mfe/mfe_cpu.hpp"

#include <fmt/format.h>

#include <algorithm>
#include <cstdlib>
#include <new>
#include <vector>

#include "core/internal/memory_fit.hpp"
#include "core/internal/wavefront.hpp"
#include "rna/mfe/mfe_model.hpp"
#include "rna/mfe/mfe_tables.hpp"
#include "rna/mfe/mfe_traceback.hpp"
#include "rna/mfe/owned_mfe_model.hpp"
#include "tropic/core/error.hpp"
#include "tropic/core/thread_pool.hpp"
#include "tropic/rna/mfe.hpp"
#include "tropic/semiring/accumulate_abt.hpp"

namespace tropic::rna::detail {

namespace {

constexpr int kMinHairpin = kMfeMinHairpin;
constexpr int kInf = kInfEnergy;

}  // namespace

// Named (not in the anonymous namespace) so that MfeTables can own one.
class MfeEngine {
  public:
    MfeEngine(std::span<const std::uint8_t> sequence, const EnergyParams& params,
              const MfeParams& mfe_params, const StructureConstraint* constraint)
        : s_(sequence),
          n_(static_cast<int>(sequence.size())),
          p_(params),
          no_lonely_pairs_(mfe_params.no_lonely_pairs),
          owned_(sequence, params, mfe_params, constraint),
          row_start_(sequence.size()),
          col_start_(sequence.size()) {
        std::size_t cells = 0;
        for (int k = 0; k < n_; ++k) {
            col_start_[k] = cells;  // column k holds i = 0..k
            // Row k holds j = k..n-1 and starts after the n - r cells of every row r < k.
            row_start_[k] = row_offset(k) - static_cast<std::size_t>(k);
            cells += static_cast<std::size_t>(k) + 1;
        }
        c_.assign(cells, kInf);
        if (no_lonely_pairs_) cc_.assign(cells, kInf);
        fml_row_.assign(cells, kInf);
        fml_col_.assign(cells, kInf);
        fm1_col_.assign(cells, kInf);
        f5_.assign(static_cast<std::size_t>(n_) + 1, 0);
        for (int n1 = 0; n1 <= kMaxLoop; ++n1)
            for (int n2 = 0; n1 + n2 <= kMaxLoop; ++n2) {
                const int asymmetry = std::min(p_.max_ninio, p_.ninio * std::abs(n1 - n2));
                generic_loop_[n1][n2] = p_.interior[n1 + n2] + asymmetry;
            }
    }

    void fill(const Progress& on_progress, std::size_t item, ThreadPool* pool) {
        if (pool != nullptr && pool->size() > 1 && n_ > kTile)
            fill_tiles(*pool, on_progress, item);
        else
            fill_rows(on_progress, item);
        fill_f5();
    }

    MfeResult result() {
        MfeResult result;
        result.energy = f5_[n_];
        result.structure = traceback();
        return result;
    }

    // Read access for MfeTables, once filled.
    const MfeModel& model() const { return model_; }
    const std::size_t* row_starts() const { return row_start_.data(); }
    const std::size_t* col_starts() const { return col_start_.data(); }
    const int* c_table() const { return c_.data(); }
    const int* cc_table() const { return no_lonely_pairs_ ? cc_.data() : c_.data(); }
    const int* fml_table() const { return fml_row_.data(); }
    const int* fm1_table() const { return fm1_col_.data(); }
    const int* f5_table() const { return f5_.data(); }

  private:
    std::size_t row_offset(int k) const {
        const auto r = static_cast<std::size_t>(k), n = static_cast<std::size_t>(n_);
        return r * n - r * (r - 1) / 2;
    }

    int* c_row(int i) { return c_.data() + row_start_[i]; }
    // Without lonely pairs: CC(i,j) is pair (i,j) closing any loop (it is stacked on from
    // outside), C(i,j) the pair stacked on (i+1,j-1) inside. Otherwise both are C.
    int* cc_row(int i) { return (no_lonely_pairs_ ? cc_.data() : c_.data()) + row_start_[i]; }
    int* fml_row(int i) { return fml_row_.data() + row_start_[i]; }
    int* fml_col(int j) { return fml_col_.data() + col_start_[j]; }
    int* fm1_col(int j) { return fm1_col_.data() + col_start_[j]; }
    int type(int i, int j) const { return model_.type(i, j); }
    // C(i,j) without lonely pairs: stacked on (i+1,j-1), which closes anything.
    int stacked_inward(int i, int j, int t) {
        const int inner = cc_row(i + 1)[j - 1];
        return inner < kInf ? inner + model_.interior(i, j, t, i + 1, j - 1) : kInf;
    }

    // mismatch_interior of every inner pair (p,q) of a generic interior loop, for q > p, read
    // from inside: it depends on p and q only, so each row serves every (i,j) with i in
    // [p-31, p-1]. A ring of the kMaxLoop + 1 rows in use, filled over the columns [first_q,
    // end_q) that the cells being filled read; 0 where (p,q) cannot pair (C is kInf there
    // anyway). Its rows span all n columns so that the interior loop indexes them by q, as it
    // does C: an offset there costs 2% more instructions per fill.
    using InnerMismatchRing = std::vector<int>;

    InnerMismatchRing make_ring() const {
        return InnerMismatchRing(static_cast<std::size_t>(kMaxLoop + 1) * n_);
    }

    std::size_t ring_row_start(int p) const {
        return static_cast<std::size_t>(p % (kMaxLoop + 1)) * static_cast<std::size_t>(n_);
    }

    void fill_inner_mismatch_row(InnerMismatchRing& ring, int p, int first_q, int end_q) {
        int* row = ring.data() + ring_row_start(p);
        const int sp1 = p > 0 ? base_[p - 1] : 0;
        for (int q = std::max(p + 1, first_q); q < std::min(end_q, n_ - 1); ++q)
            row[q] = p_.mismatch_interior[pair_type(s_[q], s_[p])][base_[q + 1]][sp1];
    }

    // The fill's fast form of for_each_interior: the same minimum, but loops of at least 3
    // unpaired bases on both sides (most candidates) are scored inline, without branches.
    // Candidates whose inner pair cannot form read C = kInf and so never win.
    int best_interior(int i, int j, int t, const InnerMismatchRing& ring) {
        int best = kInf;
        const int outer = p_.mismatch_interior[t][base_[i + 1]][base_[j - 1]];
        const int last_p = std::min(i + kMaxLoop + 1, j - kMinHairpin - 2);
        for (int p = i + 1; p <= last_p; ++p) {
            const int n1 = p - i - 1;
            const int first_q = std::max(p + kMinHairpin + 1, j - 1 - (kMaxLoop - n1));
            const int* row = c_row(p);
            // Small loops on the 3' side, or on the 5' side at all: the general rules.
            const int last_special_q = n1 < 3 ? first_q : std::max(first_q, j - 3);
            for (int q = j - 1; q >= last_special_q; --q) {
                const int inner = (p == i + 1 && q == j - 1) ? cc_row(p)[q] : row[q];
                if (inner < kInf) best = std::min(best, inner + model_.interior(i, j, t, p, q));
            }
            // Three contiguous operands: the loop vectorises.
            const int* cost = generic_loop_[n1];
            const int* inner_mismatch = ring.data() + ring_row_start(p);
            int generic = kInf;
            for (int q = first_q; q < last_special_q; ++q)
                generic = std::min(generic, row[q] + inner_mismatch[q] + cost[j - q - 1]);
            best = std::min(best, generic + outer);
        }
        return std::min(best, kInf);
    }

    // min over u in [first, last] of left[u-1] + right[u], kInf if none: one (min,+) dot
    // product, the split of an interval in two, on the tropical engine's CPU kernel (AVX2 where
    // the CPU has it). Both operands are contiguous; kInf + kInf does not overflow.
    static int min_split(const int* left, const int* right, int first, int last) {
        int best = kInf;
        if (first <= last)
            semiring::accumulate_abt<semiring::MinPlus<int>>(
                1, 1, static_cast<std::size_t>(last - first + 1), left + first - 1, 0,
                right + first, 0, &best, 0);
        return best;
    }

    // The best multiloop interior of (i,j): FML(i+1,u-1) + FM1(u,j-1).
    int best_multi_split(int i, int j) {
        return min_split(fml_row(i + 1), fm1_col(j - 1), i + kMinHairpin + 3, j - kMinHairpin - 2);
    }

    // The best split of FML(i,j) in two: FML(i,u-1) + FML(u,j).
    int best_fml_split(int i, int j) {
        return min_split(fml_row(i), fml_col(j), i + kMinHairpin + 2, j - kMinHairpin - 1);
    }

    // Once rows i..n-1 are done, the share of the fill done: the work of a row grows as its
    // length squared (the multiloop splits), so those rows hold about ((n-i)/n)^3 of it.
    static double fill_fraction(int i, int n) {
        const double rest = static_cast<double>(n - i) / n;
        return rest * rest * rest;
    }

    // Cell (i,j) of every table. Its operands are cells (p,q) with i <= p <= q <= j other than
    // (i,j) itself, which must be final. Inlined by force: with two callers (rows and tiles) the
    // compiler keeps it a call, which costs about 3% more instructions per fill.
    [[gnu::always_inline]] void fill_cell(int i, int j, const InnerMismatchRing& ring) {
        const int t = model_.allowed_type(i, j);
        int cij = kInf;
        if (t != 0) {
            cij = model_.hairpin(i, j, t);
            cij = std::min(cij, best_interior(i, j, t, ring));
            const int split = best_multi_split(i, j);
            if (split < kInf) cij = std::min(cij, split + model_.multi_closing(i, j, t));
        }
        if (no_lonely_pairs_) {
            cc_row(i)[j] = cij;
            cij = t != 0 ? stacked_inward(i, j, t) : kInf;
        }
        c_row(i)[j] = cij;
        const int stem = model_.multi_helix(i, j, t, cij);
        const int fm1 = std::min(stem, fm1_col(j - 1)[i] + p_.ml_base);
        int fml_ij = std::min({stem, fml_row(i + 1)[j] + p_.ml_base, fml_row(i)[j - 1] + p_.ml_base,
                               best_fml_split(i, j)});
        fml_ij = std::min(fml_ij, kInf);
        fml_row(i)[j] = fml_ij;
        fml_col(j)[i] = fml_ij;
        fm1_col(j)[i] = std::min(fm1, kInf);
    }

    // Row i over the columns [first_j, end_j), left to right; the ring must hold rows i+1..i+31.
    void fill_row(int i, int first_j, int end_j, const InnerMismatchRing& ring) {
        for (int j = std::max(first_j, i + kMinHairpin + 1); j < end_j; ++j) fill_cell(i, j, ring);
    }

    // One thread: rows from i = n-1 down to 0, each left to right, so every operand is final
    // when it is read. Progress after each permille of the work (the last call 1, after row 0).
    void fill_rows(const Progress& on_progress, std::size_t item) {
        InnerMismatchRing ring = make_ring();
        int reported = 0;  // permille
        for (int i = n_ - 1; i >= 0; --i) {
            if (i + 1 < n_) fill_inner_mismatch_row(ring, i + 1, 0, n_);
            fill_row(i, 0, n_, ring);
            const int permille = static_cast<int>(fill_fraction(i, n_) * 1000);
            if (on_progress && (permille > reported || i == 0))
                on_progress(item, i == 0 ? 1.0 : permille / 1000.0);
            reported = std::max(reported, permille);
        }
    }

    // Side of the square tiles of the threaded fill. Every row of a tile reads the same columns
    // of FML and FM1 in its splits: 64 of them take 1 MB at 2,000 nt, about a core's L2 cache.
    // (At 2,000 and 5,000 nt, tiles of 32 and 128 were no faster.)
    static constexpr int kTile = 64;

    // Tile (ti, tj): rows [ti, ti+1) * kTile, columns [tj, tj+1) * kTile, filled like the whole
    // triangle by fill_rows. Its interior loops read the ring over the columns from 31 before
    // its first; row i reads ring rows i+1..i+31, so the rows above its last one come first.
    void fill_tile(int ti, int tj, InnerMismatchRing& ring) {
        const int first_i = ti * kTile, end_i = std::min(first_i + kTile, n_);
        const int first_j = tj * kTile, end_j = std::min(first_j + kTile, n_);
        const int first_q = std::max(0, first_j - kMaxLoop - 1);
        for (int p = end_i + 1; p < std::min(end_i + kMaxLoop + 1, n_); ++p)
            fill_inner_mismatch_row(ring, p, first_q, end_j);
        for (int i = end_i - 1; i >= first_i; --i) {
            if (i + 1 < n_) fill_inner_mismatch_row(ring, i + 1, first_q, end_j);
            fill_row(i, first_j, end_j, ring);
        }
    }

    // Threads of `pool`: the tiles in wavefronts of tile diagonals tj - ti = 0, 1, ... A cell
    // reads only cells below it and to its left, which lie in its own tile or in tiles of
    // earlier wavefronts, so the tiles of one wavefront are filled in parallel, each worker with
    // a ring of its own.
    void fill_tiles(ThreadPool& pool, const Progress& on_progress, std::size_t item) {
        const std::size_t tiles = (static_cast<std::size_t>(n_) + kTile - 1) / kTile;
        std::vector<InnerMismatchRing> rings(std::min<std::size_t>(pool.size(), tiles));
        for (auto& ring : rings) ring = make_ring();
        WavefrontOptions wavefront;
        wavefront.pool = &pool;
        wavefront.on_progress = on_progress;
        wavefront.item = item;
        run_triangle_wavefront(
            static_cast<std::size_t>(n_), kTile,
            [&](Tile tile, std::size_t worker) {
                fill_tile(static_cast<int>(tile.row), static_cast<int>(tile.column), rings[worker]);
            },
            wavefront);
    }

    void fill_f5() {
        for (int j = 0; j < n_; ++j) {
            int best = f5_[j];
            for (int k = 0; k + kMinHairpin < j; ++k) {
                const int ckj = c_row(k)[j];
                if (ckj < kInf)
                    best = std::min(best, f5_[k] + ckj + model_.exterior_stem(k, j, type(k, j)));
            }
            f5_[j + 1] = best;
        }
    }

    // The tables as trace_mfe (mfe_traceback.hpp) reads them.
    struct TracebackTables {
        MfeEngine* e;
        int c(int i, int j) const { return e->c_row(i)[j]; }
        int cc(int i, int j) const { return e->cc_row(i)[j]; }
        int fml(int i, int j) const { return e->fml_row(i)[j]; }
        int fml_down(int i, int j) const { return e->fml_col(j)[i]; }
        int fm1(int i, int j) const { return e->fm1_col(j)[i]; }
        int f5(int j) const { return e->f5_[j]; }
    };

    std::string traceback() {
        std::string structure(static_cast<std::size_t>(n_), '.');
        std::vector<MfeInterval> stack(static_cast<std::size_t>(n_) + 2);
        auto first = [](int begin, int end, const auto& pred) {
            int k = begin;
            while (k < end && !pred(k)) ++k;
            return k < end ? k : end;
        };
        if (!trace_mfe(model_, TracebackTables{this}, first, structure.data(), stack.data()))
            throw InternalError("MFE traceback: the tables do not explain the minimum");
        return structure;
    }

    std::span<const std::uint8_t> s_;
    int n_;
    const EnergyParams& p_;
    bool no_lonely_pairs_;
    OwnedMfeModel owned_;
    const MfeModel& model_ = owned_.model();
    const std::int8_t* base_ = model_.base;  // parameter codes of the sequence
    std::vector<std::size_t> row_start_, col_start_;
    // interior[n1+n2] + asymmetry of generic interior loops, by n1 and n2.
    int generic_loop_[kMaxLoop + 1][kMaxLoop + 1] = {};
    std::vector<int> c_, cc_, fml_row_, fml_col_, fm1_col_, f5_;
};

std::uint64_t mfe_cpu_bytes(std::size_t length, const MfeParams& mfe_params, unsigned threads) {
    const std::uint64_t n = length;
    return mfe_memory_bytes(length, mfe_params) + 40 * n + 124 * n * std::max(1u, threads);
}

MfeResult fold_mfe_cpu(std::span<const std::uint8_t> sequence, const EnergyParams& params,
                       const MfeParams& mfe_params, const StructureConstraint* constraint,
                       ThreadPool* pool, const Progress& on_progress, std::size_t item) {
    return MfeTables(sequence, params, mfe_params, constraint, pool, on_progress, item).mfe();
}

MfeTables::MfeTables(std::span<const std::uint8_t> sequence, const EnergyParams& params,
                     const MfeParams& mfe_params, const StructureConstraint* constraint,
                     ThreadPool* pool, const Progress& on_progress, std::size_t item) {
    try {
        engine_ = std::make_unique<MfeEngine>(sequence, params, mfe_params, constraint);
        engine_->fill(on_progress, item, pool);
    } catch (const std::bad_alloc&) {
        throw ResourceError(fmt::format(
            "an MFE fold of {} nt: could not allocate {} for its tables", sequence.size(),
            format_bytes(mfe_cpu_bytes(sequence.size(), mfe_params, thread_count(pool)))));
    }
    model_ = &engine_->model();
    row_start_ = engine_->row_starts();
    col_start_ = engine_->col_starts();
    c_ = engine_->c_table();
    cc_ = engine_->cc_table();
    fml_ = engine_->fml_table();
    fm1_ = engine_->fm1_table();
    f5_ = engine_->f5_table();
}

MfeTables::MfeTables(std::span<const std::uint8_t> sequence, const EnergyParams& params,
                     const MfeParams& mfe_params, const StructureConstraint* constraint,
                     MfeTableArrays arrays)
    : arrays_(std::move(arrays)) {
    adopt(sequence, params, mfe_params, constraint);
}

MfeTables::~MfeTables() = default;

MfeResult MfeTables::mfe() const {
    return engine_ != nullptr ? engine_->result() : traced_mfe();
}

}  // namespace tropic::rna::detail

namespace tropic::rna {

std::uint64_t mfe_memory_bytes(std::size_t length, const MfeParams& mfe_params) {
    const std::uint64_t n = length;
    const std::uint64_t tables = mfe_params.no_lonely_pairs ? 5 : 4;
    return tables * sizeof(int) * (n * (n + 1) / 2);
}

}  // namespace tropic::rna
