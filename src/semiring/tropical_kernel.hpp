#pragma once
// The CPU tropical kernel family: C (+)= A (x) B^T over (max,+) or (min,+), both operands running
// along k in memory. accumulate_abt (accumulate_abt.hpp) and the engine's CPU backend
// (product_cpu.cpp) are instantiations of these templates; there is no other CPU kernel. The
// semiring is a template parameter S, MaxPlus<T> or MinPlus<T> (tropic/semiring/tropical.hpp):
// S::add_to combines, lane by lane, and both semirings multiply with +.
//
// A micro block keeps RI x RJ outputs in vector registers (one vector of partial results per
// output), loads RI + RJ vectors per step for RI * RJ add-and-combine pairs, and reduces across
// lanes once per call. Written with GCC/Clang vector extensions; callers instantiate the same code
// for several vector widths and pick one at run time (target attributes).
//
// The kernels are raw: sums are combined as they are, with no infinity handling. The engine
// feeds them operands whose infinities are sentinels that cannot overflow (tropical.hpp) and
// clamps once, when a tile is written back.
#include <algorithm>
#include <bit>
#include <cstddef>
#include <cstdint>
#include <cstring>
#include <limits>
#include <utility>

#include "tropic/semiring/tropical.hpp"

namespace tropic::semiring::kernel {

// x = x (+) y on scalars and vectors. (By reference: a vector passed by value outside an AVX
// function changes the ABI, and GCC warns.)
template <typename S, typename V>
[[gnu::always_inline]] inline void fold(V& x, const V& y) {
    S::add_to(x, y);
}

// Combination of all lanes of v, by halving: log2(lanes) shuffle-and-combine steps.
template <typename S, typename V>
[[gnu::always_inline]] inline typename S::value_type horizontal(V v) {
    using T = typename S::value_type;
    constexpr std::size_t kLanes = sizeof(V) / sizeof(T);
#if defined(__GNUC__) && !defined(__clang__)
    [&]<std::size_t... Half>(std::index_sequence<Half...>) {
        auto step = [&](auto half) {
            V mask;
            for (std::size_t l = 0; l < kLanes; ++l) mask[l] = static_cast<T>((l + half) % kLanes);
            V shifted = __builtin_shuffle(v, mask);
            fold<S>(v, shifted);
        };
        (step(std::integral_constant<std::size_t, (kLanes >> (Half + 1))>{}), ...);
    }
    (std::make_index_sequence<std::bit_width(kLanes) - 1>{});
    return v[0];
#else
    T best = v[0];
    for (std::size_t l = 1; l < kLanes; ++l) fold<S>(best, static_cast<T>(v[l]));
    return best;
#endif
}

// c[r][s] = c[r][s] (+) (+)_{k < depth} a[r][k] + bt[s][k] for an RI x RJ block.
template <typename S, typename V, int RI, int RJ, typename T = typename S::value_type>
[[gnu::always_inline]] inline void micro_block(std::size_t depth, const T* a, std::size_t lda,
                                               const T* bt, std::size_t ldb, T* c,
                                               std::size_t ldc) {
    constexpr std::size_t kLanes = sizeof(V) / sizeof(T);
    V acc[RI][RJ];
    V identity = V{} + S::worst;
    for (int r = 0; r < RI; ++r)
        for (int s = 0; s < RJ; ++s) acc[r][s] = identity;
    std::size_t k = 0;
    for (; k + kLanes <= depth; k += kLanes) {
        V av[RI], bv[RJ];
        for (int r = 0; r < RI; ++r) std::memcpy(&av[r], a + r * lda + k, sizeof(V));
        for (int s = 0; s < RJ; ++s) std::memcpy(&bv[s], bt + s * ldb + k, sizeof(V));
        for (int r = 0; r < RI; ++r)
            for (int s = 0; s < RJ; ++s) fold<S>(acc[r][s], av[r] + bv[s]);
    }
    for (int r = 0; r < RI; ++r)
        for (int s = 0; s < RJ; ++s) {
            T best = c[r * ldc + s];
            fold<S>(best, horizontal<S>(acc[r][s]));
            for (std::size_t t = k; t < depth; ++t)
                fold<S>(best, static_cast<T>(a[r * lda + t] + bt[s * ldb + t]));
            c[r * ldc + s] = best;
        }
}

// One row block of RI rows (RI = 1 for the leftover rows) against all columns.
template <typename S, typename V, int RI, int RJ, typename T = typename S::value_type>
[[gnu::always_inline]] inline void row_block(std::size_t cols, std::size_t depth, const T* a,
                                             std::size_t lda, const T* bt, std::size_t ldb, T* c,
                                             std::size_t ldc) {
    std::size_t j = 0;
    for (; j + RJ <= cols; j += RJ)
        micro_block<S, V, RI, RJ>(depth, a, lda, bt + j * ldb, ldb, c + j, ldc);
    for (; j < cols; ++j) micro_block<S, V, RI, 1>(depth, a, lda, bt + j * ldb, ldb, c + j, ldc);
}

// Bytes of one operand row per k panel: the Bt panel of a call stays in L2 while A rows stream
// through L1.
constexpr std::size_t kPanelBytes = 2048;

// The full product over k in [0, depth), k cut into panels.
template <typename S, typename V, int RI, int RJ, typename T = typename S::value_type>
[[gnu::always_inline]] inline void accumulate(std::size_t rows, std::size_t cols, std::size_t depth,
                                              const T* a, std::size_t lda, const T* bt,
                                              std::size_t ldb, T* c, std::size_t ldc) {
    if (rows == 0 || cols == 0 || depth == 0) return;
    if (rows == 1 && cols == 1) {  // the per-cell reductions of dynamic programs
        micro_block<S, V, 1, 1>(depth, a, lda, bt, ldb, c, ldc);
        return;
    }
    constexpr std::size_t kPanel = kPanelBytes / sizeof(T);
    for (std::size_t k0 = 0; k0 < depth; k0 += kPanel) {
        std::size_t kc = std::min(kPanel, depth - k0);
        std::size_t i = 0;
        for (; i + RI <= rows; i += RI)
            row_block<S, V, RI, RJ>(cols, kc, a + i * lda + k0, lda, bt + k0, ldb, c + i * ldc,
                                    ldc);
        for (; i < rows; ++i)
            row_block<S, V, 1, RJ>(cols, kc, a + i * lda + k0, lda, bt + k0, ldb, c + i * ldc, ldc);
    }
}

// A tile whose cells need k in [begin(i, j), end(i, j)) only (triangular and banded shapes):
// rows and columns are packed over one common k window starting at k = window_begin, with the
// semiring's zero wherever an operand has no stored value, so a micro block may run over the
// union of its cells' ranges. Range(i0, rows, j0, cols) gives that union for a block (tile-local
// row and column indices) as a pair of absolute k, empty when the block holds no wanted cell.
template <typename S, typename V, int RI, int RJ, typename Range,
          typename T = typename S::value_type>
[[gnu::always_inline]] inline void ranged_tile(std::size_t rows, std::size_t cols,
                                               std::size_t window_begin, std::size_t window_end,
                                               const T* a, std::size_t lda, const T* bt,
                                               std::size_t ldb, T* c, std::size_t ldc,
                                               const Range& range) {
    constexpr std::size_t kPanel = kPanelBytes / sizeof(T);
    auto block = [&]<int BI, int BJ>(std::size_t i, std::size_t j, std::size_t p0, std::size_t p1) {
        auto [lo, hi] = range(i, BI, j, BJ);
        lo = std::max(lo, p0);
        hi = std::min(hi, p1);
        if (lo >= hi) return;
        std::size_t off = lo - window_begin;
        micro_block<S, V, BI, BJ>(hi - lo, a + i * lda + off, lda, bt + j * ldb + off, ldb,
                                  c + i * ldc + j, ldc);
    };
    for (std::size_t p0 = window_begin; p0 < window_end; p0 += kPanel) {
        std::size_t p1 = std::min(window_end, p0 + kPanel);
        std::size_t i = 0;
        for (; i + RI <= rows; i += RI) {
            std::size_t j = 0;
            for (; j + RJ <= cols; j += RJ) block.template operator()<RI, RJ>(i, j, p0, p1);
            for (; j < cols; ++j) block.template operator()<RI, 1>(i, j, p0, p1);
        }
        for (; i < rows; ++i) {
            std::size_t j = 0;
            for (; j + RJ <= cols; j += RJ) block.template operator()<1, RJ>(i, j, p0, p1);
            for (; j < cols; ++j) block.template operator()<1, 1>(i, j, p0, p1);
        }
    }
}

// Vector types by element type and width in bytes (vector_size needs a non-dependent type).
typedef std::int16_t I16x8 __attribute__((vector_size(16)));
typedef std::int16_t I16x16 __attribute__((vector_size(32)));
typedef std::int32_t I32x4 __attribute__((vector_size(16)));
typedef std::int32_t I32x8 __attribute__((vector_size(32)));

template <typename T, int Bytes>
struct VecOf;
template <>
struct VecOf<std::int16_t, 16> {
    using type = I16x8;
};
template <>
struct VecOf<std::int16_t, 32> {
    using type = I16x16;
};
template <>
struct VecOf<std::int32_t, 16> {
    using type = I32x4;
};
template <>
struct VecOf<std::int32_t, 32> {
    using type = I32x8;
};
template <typename T>
using Vec16 = typename VecOf<T, 16>::type;
template <typename T>
using Vec32 = typename VecOf<T, 32>::type;

#if defined(__x86_64__) && defined(__GNUC__)
#define TROPIC_KERNEL_AVX2 1
#endif

}  // namespace tropic::semiring::kernel
