// The CPU max-plus product C (+)= A (x) B^T: the one max-plus kernel of tropic on the CPU.
//
// Both operands run along k in memory, so each output is a max-reduction over k. The kernel keeps
// an RI x RJ block of outputs in vector registers (one vector of partial maxima per output), loads
// RI + RJ vectors per step for RI * RJ add-max pairs, and reduces across lanes once per k panel.
// k is cut into panels so that the Bt panel of a call stays in L2 while A rows stream through L1.
// Written with GCC/Clang vector extensions; on x86-64 an AVX2 build of the same code is chosen at
// run time when the CPU has it.
#include <algorithm>
#include <bit>
#include <cstring>
#include <limits>
#include <utility>

#include "tropic/semiring/maxplus.hpp"

namespace tropic::semiring {

namespace {

constexpr std::size_t kPanelBytes = 2048;  // k panel of one operand row

template <typename T>
inline T add_max(T best, T a, T b) {
    T sum = static_cast<T>(a + b);
    return sum > best ? sum : best;
}

// Largest lane of v, by halving: log2(lanes) shuffle-and-max steps.
template <typename T, typename V>
[[gnu::always_inline]] inline T horizontal_max(V v) {
    constexpr std::size_t kLanes = sizeof(V) / sizeof(T);
#if defined(__GNUC__) && !defined(__clang__)
    [&]<std::size_t... Half>(std::index_sequence<Half...>) {
        auto step = [&](auto half) {
            V mask;
            for (std::size_t l = 0; l < kLanes; ++l) mask[l] = static_cast<T>((l + half) % kLanes);
            V shifted = __builtin_shuffle(v, mask);
            v = v > shifted ? v : shifted;
        };
        (step(std::integral_constant<std::size_t, (kLanes >> (Half + 1))>{}), ...);
    }
    (std::make_index_sequence<std::bit_width(kLanes) - 1>{});
    return v[0];
#else
    T best = v[0];
    for (std::size_t l = 1; l < kLanes; ++l) best = std::max<T>(best, v[l]);
    return best;
#endif
}

template <typename T, typename V, int RI, int RJ>
[[gnu::always_inline]] inline void micro_block(std::size_t depth, const T* a, std::size_t lda,
                                               const T* bt, std::size_t ldb, T* c,
                                               std::size_t ldc) {
    constexpr std::size_t kLanes = sizeof(V) / sizeof(T);
    V acc[RI][RJ];
    V lowest = V{} + std::numeric_limits<T>::lowest();
    for (int r = 0; r < RI; ++r)
        for (int s = 0; s < RJ; ++s) acc[r][s] = lowest;
    std::size_t k = 0;
    for (; k + kLanes <= depth; k += kLanes) {
        V av[RI], bv[RJ];
        for (int r = 0; r < RI; ++r) std::memcpy(&av[r], a + r * lda + k, sizeof(V));
        for (int s = 0; s < RJ; ++s) std::memcpy(&bv[s], bt + s * ldb + k, sizeof(V));
        for (int r = 0; r < RI; ++r)
            for (int s = 0; s < RJ; ++s) {
                V sum = av[r] + bv[s];
                acc[r][s] = acc[r][s] > sum ? acc[r][s] : sum;
            }
    }
    for (int r = 0; r < RI; ++r)
        for (int s = 0; s < RJ; ++s) {
            T best = std::max<T>(c[r * ldc + s], horizontal_max<T>(acc[r][s]));
            for (std::size_t t = k; t < depth; ++t)
                best = add_max(best, a[r * lda + t], bt[s * ldb + t]);
            c[r * ldc + s] = best;
        }
}

// One row block of RI rows (RI = 1 for the leftover rows) against all columns.
template <typename T, typename V, int RI, int RJ>
[[gnu::always_inline]] inline void row_block(std::size_t cols, std::size_t depth, const T* a,
                                             std::size_t lda, const T* bt, std::size_t ldb, T* c,
                                             std::size_t ldc) {
    std::size_t j = 0;
    for (; j + RJ <= cols; j += RJ)
        micro_block<T, V, RI, RJ>(depth, a, lda, bt + j * ldb, ldb, c + j, ldc);
    for (; j < cols; ++j) micro_block<T, V, RI, 1>(depth, a, lda, bt + j * ldb, ldb, c + j, ldc);
}

template <typename T, typename V, int RI, int RJ>
[[gnu::always_inline]] inline void accumulate(std::size_t rows, std::size_t cols, std::size_t depth,
                                              const T* a, std::size_t lda, const T* bt,
                                              std::size_t ldb, T* c, std::size_t ldc) {
    if (rows == 0 || cols == 0 || depth == 0) return;
    if (rows == 1 && cols == 1) {  // the per-cell reductions of dynamic programs
        micro_block<T, V, 1, 1>(depth, a, lda, bt, ldb, c, ldc);
        return;
    }
    constexpr std::size_t kPanel = kPanelBytes / sizeof(T);
    for (std::size_t k0 = 0; k0 < depth; k0 += kPanel) {
        std::size_t kc = std::min(kPanel, depth - k0);
        std::size_t i = 0;
        for (; i + RI <= rows; i += RI)
            row_block<T, V, RI, RJ>(cols, kc, a + i * lda + k0, lda, bt + k0, ldb, c + i * ldc,
                                    ldc);
        for (; i < rows; ++i)
            row_block<T, V, 1, RJ>(cols, kc, a + i * lda + k0, lda, bt + k0, ldb, c + i * ldc, ldc);
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

template <typename T>
using KernelFn = void (*)(std::size_t, std::size_t, std::size_t, const T*, std::size_t, const T*,
                          std::size_t, T*, std::size_t);

template <typename T>
void accumulate_baseline(std::size_t rows, std::size_t cols, std::size_t depth, const T* a,
                         std::size_t lda, const T* bt, std::size_t ldb, T* c, std::size_t ldc) {
    accumulate<T, Vec16<T>, 3, 3>(rows, cols, depth, a, lda, bt, ldb, c, ldc);
}

#if defined(__x86_64__) && defined(__GNUC__)
#define TROPIC_MAXPLUS_AVX2 1
template <typename T>
__attribute__((target("avx2"))) void accumulate_avx2(std::size_t rows, std::size_t cols,
                                                     std::size_t depth, const T* a, std::size_t lda,
                                                     const T* bt, std::size_t ldb, T* c,
                                                     std::size_t ldc) {
    accumulate<T, Vec32<T>, 3, 3>(rows, cols, depth, a, lda, bt, ldb, c, ldc);
}
#endif

template <typename T>
KernelFn<T> select_kernel() {
#ifdef TROPIC_MAXPLUS_AVX2
    if (__builtin_cpu_supports("avx2")) return &accumulate_avx2<T>;
#endif
    return &accumulate_baseline<T>;
}

}  // namespace

template <typename T>
void maxplus_accumulate_abt(std::size_t rows, std::size_t cols, std::size_t depth, const T* a,
                            std::size_t lda, const T* bt, std::size_t ldb, T* c, std::size_t ldc) {
    static const KernelFn<T> kernel = select_kernel<T>();
    kernel(rows, cols, depth, a, lda, bt, ldb, c, ldc);
}

template void maxplus_accumulate_abt<std::int16_t>(std::size_t, std::size_t, std::size_t,
                                                   const std::int16_t*, std::size_t,
                                                   const std::int16_t*, std::size_t, std::int16_t*,
                                                   std::size_t);
template void maxplus_accumulate_abt<std::int32_t>(std::size_t, std::size_t, std::size_t,
                                                   const std::int32_t*, std::size_t,
                                                   const std::int32_t*, std::size_t, std::int32_t*,
                                                   std::size_t);

}  // namespace tropic::semiring
