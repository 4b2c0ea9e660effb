// CPU backend of the tropical engine: every shape runs as tiles of the one kernel family
// (tropical_kernel.hpp).
//
// A job is one C accumulating one or more products (several for the column pattern). Work items
// are (job, row tile) pairs, handed to the thread pool; a row tile is cut into column tiles, and
// for each column tile and product the rows of A and the columns of B are packed along one k
// window, with the semiring's zero wherever the shape stores no value (lower triangle, outside the
// band). Micro blocks then run only over the k their cells need, so triangular work is ~n^3/6 and
// banded work ~n w^2/2, plus a few k per cell at block edges. The zero sentinels cannot overflow
// and cannot beat a finite term (tropical.hpp), so the tile is clamped once, when written back.
#include "semiring/product_cpu.hpp"

#include <algorithm>
#include <cstdint>
#include <vector>

#include "core/internal/cpu_isa.hpp"
#include "semiring/tropical_kernel.hpp"
#include "tropic/core/thread_pool.hpp"

namespace tropic::semiring::cpu {

namespace {

using namespace kernel;

enum class Kind { Dense, Triangular, Band };

// C (+)= (+)_{t < terms} A_t (x) B_t with A_t = a + t * stride_a and B_t = b_last - t * stride_b
// (one product: terms = 1). For Band, m = n = depth is the matrix size.
template <typename T>
struct Job {
    const T* a;
    std::size_t lda, stride_a;
    const T* b_last;
    std::size_t ldb, stride_b;
    T* c;
    std::size_t ldc;
    std::size_t m, n, depth, width, terms;
};

// Which k the cells of a micro block need (absolute indices), for ranged_tile.
struct BlockRange {
    Kind kind;
    std::size_t i0, j0, depth, width;
    [[gnu::always_inline]] std::pair<std::size_t, std::size_t> operator()(std::size_t i,
                                                                          std::size_t rows,
                                                                          std::size_t j,
                                                                          std::size_t cols) const {
        if (kind == Kind::Dense) return {0, depth};
        std::size_t first_row = i0 + i, last_row = first_row + rows - 1;
        std::size_t first_col = j0 + j, last_col = first_col + cols - 1;
        if (last_col < first_row) return {0, 0};  // below the diagonal
        if (kind == Kind::Band && first_col > last_row && first_col - last_row >= width)
            return {0, 0};  // beyond the band
        return {first_row, last_col + 1};
    }
};

template <typename T>
using TileFn = void (*)(std::size_t, std::size_t, std::size_t, std::size_t, const T*, std::size_t,
                        const T*, std::size_t, T*, std::size_t, const BlockRange&);

template <typename S, typename T = typename S::value_type>
void tile_baseline(std::size_t rows, std::size_t cols, std::size_t k0, std::size_t k1, const T* a,
                   std::size_t lda, const T* bt, std::size_t ldb, T* c, std::size_t ldc,
                   const BlockRange& range) {
    ranged_tile<S, Vec16<T>, 3, 3>(rows, cols, k0, k1, a, lda, bt, ldb, c, ldc, range);
}

#ifdef TROPIC_KERNEL_AVX2
template <typename S, typename T = typename S::value_type>
__attribute__((target("avx2"))) void tile_avx2(std::size_t rows, std::size_t cols, std::size_t k0,
                                               std::size_t k1, const T* a, std::size_t lda,
                                               const T* bt, std::size_t ldb, T* c, std::size_t ldc,
                                               const BlockRange& range) {
    ranged_tile<S, Vec32<T>, 3, 3>(rows, cols, k0, k1, a, lda, bt, ldb, c, ldc, range);
}
#endif

template <typename S>
TileFn<typename S::value_type> select_tile() {
#ifdef TROPIC_KERNEL_AVX2
    if (cpu_has(Isa::Avx2)) return &tile_avx2<S>;
#endif
    return &tile_baseline<S>;
}

constexpr std::size_t kTileRows = 48;
constexpr std::size_t kTileCols = 48;

template <typename T>
struct Scratch {
    std::vector<T> a, bt, c;
};

template <typename T>
Scratch<T>& scratch() {
    thread_local Scratch<T> s;
    return s;
}

// Rows [i0, i1) of A over k in [k0, k1), row-major with ld = k1 - k0.
template <typename T>
void pack_a(Kind kind, const Job<T>& job, const T* a, std::size_t i0, std::size_t i1,
            std::size_t k0, std::size_t k1, T zero, T* out) {
    const std::size_t ld = k1 - k0;
    for (std::size_t i = i0; i < i1; ++i) {
        T* row = out + (i - i0) * ld;
        // Stored k of row i: dense [0, depth), triangular [i, n), band [i, min(n, i + width)).
        std::size_t lo = kind == Kind::Dense ? 0 : i;
        std::size_t hi = kind == Kind::Band ? std::min(job.depth, i + job.width) : job.depth;
        lo = std::clamp(lo, k0, k1);
        hi = std::clamp(hi, lo, k1);
        std::fill(row, row + (lo - k0), zero);
        const T* src = kind == Kind::Band ? a + i * job.lda + (lo - i) : a + i * job.lda + lo;
        std::copy(src, src + (hi - lo), row + (lo - k0));
        std::fill(row + (hi - k0), row + ld, zero);
    }
}

// Columns [j0, j1) of B over k in [k0, k1), as rows of Bt with ld = k1 - k0.
template <typename T>
void pack_bt(Kind kind, const Job<T>& job, const T* b, std::size_t j0, std::size_t j1,
             std::size_t k0, std::size_t k1, T zero, T* out) {
    const std::size_t ld = k1 - k0;
    std::fill(out, out + (j1 - j0) * ld, zero);
    for (std::size_t k = k0; k < k1; ++k) {
        // Stored columns of row k: dense all, triangular [k, n), band [k, min(n, k + width)).
        std::size_t lo = kind == Kind::Dense ? j0 : std::max(j0, k);
        std::size_t hi = kind == Kind::Band ? std::min(j1, k + job.width) : j1;
        const T* src = b + k * job.ldb;
        if (kind == Kind::Band) src -= k;  // band row k holds column j at offset j - k
        for (std::size_t j = lo; j < hi; ++j) out[(j - j0) * ld + (k - k0)] = src[j];
    }
}

template <typename T>
bool in_shape(Kind kind, std::size_t width, std::size_t i, std::size_t j) {
    return kind == Kind::Dense || (j >= i && (kind == Kind::Triangular || j - i < width));
}

template <typename T>
T* c_cell(Kind kind, const Job<T>& job, std::size_t i, std::size_t j) {
    return kind == Kind::Band ? job.c + i * job.ldc + (j - i) : job.c + i * job.ldc + j;
}

template <typename S, typename T = typename S::value_type>
void run_row_tile(Kind kind, const Job<T>& job, std::size_t i0, TileFn<T> tile) {
    constexpr T zero = S::zero;
    const std::size_t i1 = std::min(job.m, i0 + kTileRows);
    const std::size_t col_begin = kind == Kind::Dense ? 0 : i0;
    const std::size_t col_end = kind == Kind::Band ? std::min(job.n, i1 - 1 + job.width) : job.n;
    Scratch<T>& s = scratch<T>();
    for (std::size_t j0 = col_begin; j0 < col_end; j0 += kTileCols) {
        const std::size_t j1 = std::min(col_end, j0 + kTileCols);
        const std::size_t rows = i1 - i0, cols = j1 - j0;
        const std::size_t k0 = kind == Kind::Dense ? 0 : i0;
        const std::size_t k1 = kind == Kind::Dense ? job.depth : j1;
        s.c.resize(rows * cols);
        for (std::size_t i = i0; i < i1; ++i)
            for (std::size_t j = j0; j < j1; ++j)
                s.c[(i - i0) * cols + (j - j0)] =
                    in_shape<T>(kind, job.width, i, j) ? *c_cell(kind, job, i, j) : zero;
        s.a.resize(rows * (k1 - k0));
        s.bt.resize(cols * (k1 - k0));
        const BlockRange range{kind, i0, j0, job.depth, job.width};
        for (std::size_t t = 0; t < job.terms && k1 > k0; ++t) {
            pack_a(kind, job, job.a + t * job.stride_a, i0, i1, k0, k1, zero, s.a.data());
            pack_bt(kind, job, job.b_last - t * job.stride_b, j0, j1, k0, k1, zero, s.bt.data());
            tile(rows, cols, k0, k1, s.a.data(), k1 - k0, s.bt.data(), k1 - k0, s.c.data(), cols,
                 range);
        }
        for (std::size_t i = i0; i < i1; ++i)
            for (std::size_t j = j0; j < j1; ++j) {
                if (!in_shape<T>(kind, job.width, i, j)) continue;
                // A value beyond the finite range came from an infinity: write the sentinel.
                *c_cell(kind, job, i, j) =
                    static_cast<T>(S::saturate(s.c[(i - i0) * cols + (j - j0)]));
            }
    }
}

template <typename S, typename T = typename S::value_type>
void run_jobs(Kind kind, const std::vector<Job<T>>& jobs, ThreadPool* pool) {
    static const TileFn<T> tile = select_tile<S>();
    // Work item w belongs to the job whose prefix range holds it.
    std::vector<std::size_t> first_item(jobs.size() + 1, 0);
    for (std::size_t p = 0; p < jobs.size(); ++p)
        first_item[p + 1] = first_item[p] + (jobs[p].m + kTileRows - 1) / kTileRows;
    const std::size_t items = first_item.back();
    auto body = [&](std::size_t w) {
        std::size_t p = static_cast<std::size_t>(
            std::upper_bound(first_item.begin(), first_item.end(), w) - first_item.begin() - 1);
        run_row_tile<S>(kind, jobs[p], (w - first_item[p]) * kTileRows, tile);
    };
    parallel_for(pool, 0, items, body);
}

template <typename T>
void run(Semiring semiring, Kind kind, std::vector<Job<T>>& jobs, ThreadPool* pool) {
    std::erase_if(
        jobs, [](const Job<T>& j) { return j.m == 0 || j.n == 0 || j.depth == 0 || j.terms == 0; });
    if (jobs.empty()) return;
    with_semiring<T>(semiring, [&]<typename S>(S) { run_jobs<S>(kind, jobs, pool); });
}

}  // namespace

template <typename T>
void multiply_accumulate_batch(Semiring semiring, Shape shape, std::span<const Product<T>> batch,
                               ThreadPool* pool) {
    std::vector<Job<T>> jobs;
    jobs.reserve(batch.size());
    for (const Product<T>& p : batch)
        jobs.push_back({p.a.data, p.a.ld, 0, p.b.data, p.b.ld, 0, p.c.data, p.c.ld, p.c.rows,
                        p.c.cols, p.a.cols, 0, 1});
    run(semiring, shape == Shape::Dense ? Kind::Dense : Kind::Triangular, jobs, pool);
}

template <typename T>
void multiply_accumulate_batch(Semiring semiring, std::span<const BandProduct<T>> batch,
                               ThreadPool* pool) {
    std::vector<Job<T>> jobs;
    jobs.reserve(batch.size());
    for (const BandProduct<T>& p : batch)
        jobs.push_back({p.a.data, p.a.ld, 0, p.b.data, p.b.ld, 0, p.c.data, p.c.ld, p.c.n, p.c.n,
                        p.c.n, p.c.width, 1});
    run(semiring, Kind::Band, jobs, pool);
}

template <typename T>
void multiply_accumulate_column(Semiring semiring, Band<const T> a, std::size_t stride_a,
                                Band<const T> b, std::size_t stride_b, Band<T> c,
                                std::size_t stride_c, std::size_t count, ThreadPool* pool) {
    // C_d accumulates A_t (x) B_{d-1-t} for t < d: term t reads B at b + (d - 1 - t) * stride_b.
    std::vector<Job<T>> jobs;
    jobs.reserve(count);
    for (std::size_t d = 1; d < count; ++d)
        jobs.push_back({a.data, a.ld, stride_a, b.data + (d - 1) * stride_b, b.ld, stride_b,
                        c.data + d * stride_c, c.ld, c.n, c.n, c.n, c.width, d});
    run(semiring, Kind::Band, jobs, pool);
}

#define TROPIC_INSTANTIATE(T)                                                                     \
    template void multiply_accumulate_batch<T>(Semiring, Shape, std::span<const Product<T>>,      \
                                               ThreadPool*);                                      \
    template void multiply_accumulate_batch<T>(Semiring, std::span<const BandProduct<T>>,         \
                                               ThreadPool*);                                      \
    template void multiply_accumulate_column<T>(Semiring, Band<const T>, std::size_t,             \
                                                Band<const T>, std::size_t, Band<T>, std::size_t, \
                                                std::size_t, ThreadPool*);
TROPIC_INSTANTIATE(std::int16_t)
TROPIC_INSTANTIATE(std::int32_t)
#undef TROPIC_INSTANTIATE

}  // namespace tropic::semiring::cpu
