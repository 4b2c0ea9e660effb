// CPU backend of the plus-times products: a blocked classical kernel and Strassen-Winograd
// (strassen_winograd.hpp) over it.
//
// The classical kernel cuts C into tiles of kTileRows x kTileCols, handed to the thread pool. A
// tile runs over k in windows of kDepth; the window of B (kDepth x kTileCols) is packed into
// panels contiguous along k, and a micro block keeps 4 rows x 2 vectors of C in registers while
// it runs along a panel: per k, two vectors of B and four broadcast elements of A give eight
// vector multiply-adds. The sum
// over k runs in order for every cell (no reassociation), so a float cell's rounding does not
// depend on the threads.
#include "semiring/plus_times/plus_times_cpu.hpp"

#include <algorithm>
#include <cstdint>
#include <cstring>
#include <memory>
#include <vector>

#include "core/internal/cpu_isa.hpp"

namespace tropic::semiring::cpu {

namespace {

constexpr std::size_t kTileRows = 64;
constexpr std::size_t kTileCols = 256;
constexpr std::size_t kDepth = 256;
constexpr int kMicroRows = 4;
constexpr int kMicroVectors = 2;

template <typename A, int kBytes>
struct VectorOf {
    typedef A type __attribute__((vector_size(kBytes)));
};

// c[r][0 .. 2 lanes) (load: +)= sum over k < depth of a[r][k] b[k][...], for RI rows.
template <typename V, int RI, typename A>
[[gnu::always_inline]] inline void micro_block(std::size_t depth, const A* a, std::size_t lda,
                                               const A* b, std::size_t ldb, A* c, std::size_t ldc,
                                               bool load) {
    constexpr std::size_t kLanes = sizeof(V) / sizeof(A);
    V acc[RI][kMicroVectors];
    for (int r = 0; r < RI; ++r)
        for (int s = 0; s < kMicroVectors; ++s) {
            if (load)
                std::memcpy(&acc[r][s], c + r * ldc + s * kLanes, sizeof(V));
            else
                acc[r][s] = V{};
        }
    for (std::size_t k = 0; k < depth; ++k) {
        V bv[kMicroVectors];
        for (int s = 0; s < kMicroVectors; ++s)
            std::memcpy(&bv[s], b + k * ldb + s * kLanes, sizeof(V));
        for (int r = 0; r < RI; ++r) {
            const V av = V{} + a[r * lda + k];
            for (int s = 0; s < kMicroVectors; ++s) acc[r][s] += av * bv[s];
        }
    }
    for (int r = 0; r < RI; ++r)
        for (int s = 0; s < kMicroVectors; ++s)
            std::memcpy(c + r * ldc + s * kLanes, &acc[r][s], sizeof(V));
}

// Rows [0, RI) of a window: whole micro blocks from the packed panels of B, then the last
// columns one by one from B itself.
template <typename V, int RI, typename A>
[[gnu::always_inline]] inline void row_block(std::size_t depth, const A* a, std::size_t lda,
                                             const A* panels, const A* b, std::size_t ldb, A* c,
                                             std::size_t ldc, std::size_t cols, bool load) {
    constexpr std::size_t kWidth = kMicroVectors * sizeof(V) / sizeof(A);
    std::size_t j = 0;
    for (; j + kWidth <= cols; j += kWidth)
        micro_block<V, RI>(depth, a, lda, panels + j * depth, kWidth, c + j, ldc, load);
    for (; j < cols; ++j)
        for (int r = 0; r < RI; ++r) {
            A sum = load ? c[r * ldc + j] : A{};
            for (std::size_t k = 0; k < depth; ++k) sum += a[r * lda + k] * b[k * ldb + j];
            c[r * ldc + j] = sum;
        }
}

// The whole micro blocks of a window of B (depth rows from b) as panels, one after the other,
// each kWidth columns wide and contiguous along k: the micro block then reads B in order, where
// B's own rows, a power of two apart, would meet in a few cache sets.
template <std::size_t kWidth, typename A>
[[gnu::always_inline]] inline void pack_panels(std::size_t depth, const A* b, std::size_t ldb,
                                               std::size_t cols, A* panels) {
    for (std::size_t j = 0; j + kWidth <= cols; j += kWidth)
        for (std::size_t k = 0; k < depth; ++k)
            std::memcpy(panels + j * depth + k * kWidth, b + k * ldb + j, kWidth * sizeof(A));
}

// The tile of C at rows [i0, i1), columns [j0, j1).
template <typename V, typename A>
[[gnu::always_inline]] inline void tile(const Matrix<const A>& a, const Matrix<const A>& b,
                                        const Matrix<A>& c, bool accumulate, std::size_t i0,
                                        std::size_t i1, std::size_t j0, std::size_t j1) {
    constexpr std::size_t kWidth = kMicroVectors * sizeof(V) / sizeof(A);
    thread_local std::vector<A> panels;
    const std::size_t depth_total = a.cols, cols = j1 - j0;
    if (depth_total == 0 && !accumulate)
        for (std::size_t i = i0; i < i1; ++i) std::fill_n(c.data + i * c.ld + j0, cols, A{});
    panels.resize(kDepth * kTileCols);
    for (std::size_t k0 = 0; k0 < depth_total; k0 += kDepth) {
        const std::size_t depth = std::min(kDepth, depth_total - k0);
        const bool load = accumulate || k0 > 0;
        const A* bk = b.data + k0 * b.ld + j0;
        pack_panels<kWidth>(depth, bk, b.ld, cols, panels.data());
        std::size_t i = i0;
        for (; i + kMicroRows <= i1; i += kMicroRows)
            row_block<V, kMicroRows>(depth, a.data + i * a.ld + k0, a.ld, panels.data(), bk, b.ld,
                                     c.data + i * c.ld + j0, c.ld, cols, load);
        for (; i < i1; ++i)
            row_block<V, 1>(depth, a.data + i * a.ld + k0, a.ld, panels.data(), bk, b.ld,
                            c.data + i * c.ld + j0, c.ld, cols, load);
    }
}

template <typename A>
using TileFn = void (*)(const Matrix<const A>&, const Matrix<const A>&, const Matrix<A>&, bool,
                        std::size_t, std::size_t, std::size_t, std::size_t);

template <typename A>
void tile_baseline(const Matrix<const A>& a, const Matrix<const A>& b, const Matrix<A>& c,
                   bool accumulate, std::size_t i0, std::size_t i1, std::size_t j0,
                   std::size_t j1) {
    tile<typename VectorOf<A, 16>::type>(a, b, c, accumulate, i0, i1, j0, j1);
}

#if defined(__x86_64__) && defined(__GNUC__)
#define TROPIC_PLUS_TIMES_AVX2 1
template <typename A>
__attribute__((target("avx2,fma"))) void tile_avx2(const Matrix<const A>& a,
                                                   const Matrix<const A>& b, const Matrix<A>& c,
                                                   bool accumulate, std::size_t i0, std::size_t i1,
                                                   std::size_t j0, std::size_t j1) {
    tile<typename VectorOf<A, 32>::type>(a, b, c, accumulate, i0, i1, j0, j1);
}
#endif

template <typename A>
TileFn<A> select_tile() {
#ifdef TROPIC_PLUS_TIMES_AVX2
    if (cpu_has(Isa::Avx2)) return &tile_avx2<A>;
#endif
    return &tile_baseline<A>;
}

}  // namespace

template <typename A>
void plus_times_classical(Matrix<const A> a, Matrix<const A> b, Matrix<A> c, bool accumulate,
                          ThreadPool* pool) {
    static const TileFn<A> run_tile = select_tile<A>();
    const std::size_t row_tiles = (c.rows + kTileRows - 1) / kTileRows;
    const std::size_t col_tiles = (c.cols + kTileCols - 1) / kTileCols;
    parallel_for(pool, 0, row_tiles * col_tiles, [&](std::size_t t) {
        const std::size_t i0 = t / col_tiles * kTileRows, j0 = t % col_tiles * kTileCols;
        run_tile(a, b, c, accumulate, i0, std::min(c.rows, i0 + kTileRows), j0,
                 std::min(c.cols, j0 + kTileCols));
    });
}

template <typename A>
void plus_times_sum(Matrix<A> out, bool accumulate, std::initializer_list<detail::Term<A>> terms,
                    ThreadPool* pool) {
    const std::vector<detail::Term<A>> list(terms);
    constexpr std::size_t kRowsPerItem = 16;
    const std::size_t items = (out.rows + kRowsPerItem - 1) / kRowsPerItem;
    parallel_for(pool, 0, items, [&](std::size_t item) {
        const std::size_t end = std::min(out.rows, (item + 1) * kRowsPerItem);
        for (std::size_t i = item * kRowsPerItem; i < end; ++i) {
            A* row = out.data + i * out.ld;
            if (!accumulate) std::fill_n(row, out.cols, A{});
            for (const auto& term : list) {
                const A* in = term.m.data + i * term.m.ld;
                if (term.minus)
                    for (std::size_t j = 0; j < out.cols; ++j) row[j] -= in[j];
                else
                    for (std::size_t j = 0; j < out.cols; ++j) row[j] += in[j];
            }
        }
    });
}

namespace {

template <typename A>
struct CpuOps {
    ThreadPool* pool;
    void product(Matrix<const A> a, Matrix<const A> b, Matrix<A> c, bool accumulate) {
        plus_times_classical<A>(a, b, c, accumulate, pool);
    }
    void sum(Matrix<A> out, bool accumulate, std::initializer_list<detail::Term<A>> terms) {
        plus_times_sum<A>(out, accumulate, terms, pool);
    }
};

}  // namespace

template <typename T>
void multiply_accumulate_plus_times(Matrix<const T> a, Matrix<const T> b, Matrix<T> c,
                                    const detail::PlusTimesPlan& plan, ThreadPool* pool) {
    using A = detail::Arithmetic<T>;
    const auto av = detail::arithmetic_view<T>(a), bv = detail::arithmetic_view<T>(b);
    const auto cv = detail::arithmetic_view<T>(c);
    if (c.rows == 0 || c.cols == 0) return;
    if (!plan.strassen) {
        plus_times_classical<A>(av, bv, cv, true, pool);
        return;
    }
    // Uninitialised: every temporary is written before it is read.
    const std::unique_ptr<A[]> workspace(
        new A[detail::strassen_workspace(a.rows, a.cols, b.cols, plan.threshold)]);
    CpuOps<A> ops{pool};
    detail::strassen_winograd<A>(ops, av, bv, cv, true, plan.threshold, workspace.get());
}

#define TROPIC_INSTANTIATE(T)                                                                    \
    template void plus_times_classical<detail::Arithmetic<T>>(                                   \
        Matrix<const detail::Arithmetic<T>>, Matrix<const detail::Arithmetic<T>>,                \
        Matrix<detail::Arithmetic<T>>, bool, ThreadPool*);                                       \
    template void plus_times_sum<detail::Arithmetic<T>>(                                         \
        Matrix<detail::Arithmetic<T>>, bool,                                                     \
        std::initializer_list<detail::Term<detail::Arithmetic<T>>>, ThreadPool*);                \
    template void multiply_accumulate_plus_times<T>(Matrix<const T>, Matrix<const T>, Matrix<T>, \
                                                    const detail::PlusTimesPlan&, ThreadPool*);
TROPIC_INSTANTIATE(std::int32_t)
TROPIC_INSTANTIATE(std::int64_t)
TROPIC_INSTANTIATE(float)
TROPIC_INSTANTIATE(double)
#undef TROPIC_INSTANTIATE

}  // namespace tropic::semiring::cpu
