#pragma once
// The tables of the BPMax engine (bpmax.hpp) and how they lie in memory. The CPU fill
// (bpmax_cpu.cpp) and any other backend share this layout; traceback and site search read it.
//
// Every table over intervals of one strand is stored over half-open intervals [i, e), e = j + 1,
// as an upper band of the engine (semiring::Band): cell (i, e), 0 <= e - i < width, at
// data[i * width + (e - i)], with n = length + 1 rows. The empty interval (e = i) holds -inf.
// Why half-open: the split max_{i <= k < j} A(i,k) + B(k+1,j) becomes, with m = k + 1,
// max_{i < m < e} A(i,m) + B(m,e), which is exactly the engine's band product (k over [i, e])
// because the two extra terms m = i and m = e meet an empty interval and add -inf. A window W
// gives width W + 1.
#include <cstddef>
#include <cstdint>
#include <memory>
#include <optional>
#include <span>
#include <utility>
#include <vector>

#include "rna/bpmax/bpmax_plan.hpp"
#include "tropic/core/progress.hpp"
#include "tropic/rna/bpmax.hpp"
#include "tropic/semiring/product.hpp"
#include "tropic/semiring/tropical.hpp"

namespace tropic::rna::detail {

template <typename Score>
inline constexpr Score kNegInf = semiring::Tropical<Score>::neg_inf;

// True when no score of the pair (at most max_weight per pair, a pair per two bases) can pass
// the int16 engine's finite bound. length1 and length2 are the longest intervals a box spans on
// each strand: the effective windows (every table holds boxes of the windowed domain only).
bool score_fits_int16(std::size_t length1, std::size_t length2, const BpmaxWeights& weights);

// The weighted Nussinov table S of one strand, restricted to intervals shorter than the window,
// in two forms: `rows` as above, and `columns`, the same values by end, cell (m, e) at
// columns[e * width + (m - e + width - 1)], so that a run of m for one e is contiguous too.
template <typename Score>
struct StrandTable {
    std::size_t length = 0, width = 0;
    std::vector<Score> rows, columns;

    // S(i, j), closed, for 0 <= j + 1 - i < width.
    Score operator()(std::size_t i, std::size_t j) const { return rows[i * width + (j + 1 - i)]; }
    const Score* row(std::size_t i) const { return rows.data() + i * width; }
    const Score* column(std::size_t e) const { return columns.data() + e * width; }
};

// An allocator that leaves new elements uninitialised. The F tables are written in full before
// they are read; zeroing gigabytes first (and faulting the pages in for it) costs about as much
// as filling them.
template <typename T>
struct UninitialisedAllocator : std::allocator<T> {
    template <typename U>
    struct rebind {
        using other = UninitialisedAllocator<U>;
    };
    template <typename U>
    void construct(U* p) noexcept {
        ::new (static_cast<void*>(p)) U;
    }
    template <typename U, typename... Args>
    void construct(U* p, Args&&... args) {
        ::new (static_cast<void*>(p)) U(std::forward<Args>(args)...);
    }
};

// F: one band over (i2, e2) of r per s1 interval (i1, j1) with j1 - i1 < window1. Tables are
// ordered by s1 interval length d1, then i1, so one diagonal of s1 is one contiguous run.
template <typename Score>
struct InteractionTables {
    std::size_t length1 = 0, length2 = 0;
    std::size_t window1 = 0;  // effective: 1 .. length1
    std::size_t width2 = 0;   // effective window2 + 1
    std::vector<Score, UninitialisedAllocator<Score>> cells;

    std::size_t table_cells() const { return (length2 + 1) * width2; }
    std::size_t tables() const { return first_table(window1); }
    // Index of the first table of s1 intervals of length d1 (j1 - i1 = d1).
    std::size_t first_table(std::size_t d1) const { return d1 * length1 - d1 * (d1 - 1) / 2; }
    Score* table(std::size_t i1, std::size_t j1) {
        return cells.data() + (first_table(j1 - i1) + i1) * table_cells();
    }
    const Score* table(std::size_t i1, std::size_t j1) const {
        return cells.data() + (first_table(j1 - i1) + i1) * table_cells();
    }
    semiring::Band<Score> band(std::size_t i1, std::size_t j1) {
        return {table(i1, j1), length2 + 1, width2, width2};
    }
    // F(i1, j1, i2, j2), closed, inside the windows.
    Score operator()(std::size_t i1, std::size_t j1, std::size_t i2, std::size_t j2) const {
        return table(i1, j1)[i2 * width2 + (j2 + 1 - i2)];
    }
};

// What the fill and the traceback share: both strands (r already reversed), weights, S tables.
template <typename Score>
struct Problem {
    std::span<const std::uint8_t> s1;
    std::vector<std::uint8_t> r;
    BpmaxWeights weights;
    std::vector<Score> pair_weight;  // kBaseCount x kBaseCount, scaled
    StrandTable<Score> strand1, strand2;

    Score w(std::uint8_t a, std::uint8_t b) const { return pair_weight[a * kBaseCount + b]; }
};

// S of `sequence` for intervals shorter than `window` (effective), both forms; cells of one
// length run on `pool` when given.
template <typename Score>
StrandTable<Score> strand_table(std::span<const std::uint8_t> sequence, std::size_t window,
                                const BpmaxWeights& weights, ThreadPool* pool = nullptr);

template <typename Score>
Problem<Score> make_problem(std::span<const std::uint8_t> s1, std::span<const std::uint8_t> s2,
                            const BpmaxParams& params, ThreadPool* pool = nullptr);

// Fills F on the CPU, one s1 diagonal at a time (core's triangle wavefront, whole diagonals); the
// double reduction goes through the tropical engine with `engine` (its backend and pool). `pool`
// runs the other terms. on_progress hears (item, fraction) after each diagonal.
template <typename Score>
void fill_interaction_tables(const Problem<Score>& problem, InteractionTables<Score>& f,
                             const RunOptions& engine, ThreadPool* pool,
                             const Progress& on_progress = {}, std::size_t item = 0);

// max_{t < n} a[t] + b[t] (or `start` if larger): the engine's max-plus kernel on one cell.
template <typename Score>
Score maxplus_dot(const Score* a, const Score* b, std::size_t n, Score start);

// A site without its pairs, in r coordinates.
struct SiteBox {
    std::int64_t score;
    std::size_t i1, j1, i2, j2;
};

// The order of sites (bpmax.hpp): higher score, then smaller box, then smaller i1, i2, j1.
bool ranks_before(const SiteBox& a, const SiteBox& b);
// Sites overlap when both their s1 ranges and their r ranges intersect.
bool overlaps(const SiteBox& a, const SiteBox& b);

// The first box of F in that order that overlaps no box of `taken`, among boxes whose r start
// lies in [0, owned); f covers r from r_offset on, and boxes come back in whole-r coordinates.
template <typename Score>
std::optional<SiteBox> best_box(const InteractionTables<Score>& f, std::size_t r_offset,
                                std::size_t owned, const std::vector<SiteBox>& taken);

// The best non-overlapping sites (rule: bpmax.hpp) of F over the whole r.
template <typename Score>
std::vector<SiteBox> best_sites(const InteractionTables<Score>& f, std::size_t top);

// Pairs of an optimal structure of box's F value, in the strands' own coordinates.
template <typename Score>
std::vector<BpmaxPair> trace_site(const Problem<Score>& problem, const InteractionTables<Score>& f,
                                  const SiteBox& box);

}  // namespace tropic::rna::detail
