// The raw CPU product C (+)= A (x) B^T (accumulate_abt.hpp): the kernel family of
// tropical_kernel.hpp with 3 x 3 register blocks, for each semiring and score type. On x86-64 an
// AVX2 build of the same code is chosen at run time when the CPU has it.
#include <cstdint>

#include "core/internal/cpu_isa.hpp"
#include "semiring/tropical_kernel.hpp"
#include "tropic/semiring/accumulate_abt.hpp"

namespace tropic::semiring {

namespace {

using namespace kernel;

template <typename T>
using KernelFn = void (*)(std::size_t, std::size_t, std::size_t, const T*, std::size_t, const T*,
                          std::size_t, T*, std::size_t);

template <typename S, typename T = typename S::value_type>
void accumulate_baseline(std::size_t rows, std::size_t cols, std::size_t depth, const T* a,
                         std::size_t lda, const T* bt, std::size_t ldb, T* c, std::size_t ldc) {
    accumulate<S, Vec16<T>, 3, 3>(rows, cols, depth, a, lda, bt, ldb, c, ldc);
}

#ifdef TROPIC_KERNEL_AVX2
template <typename S, typename T = typename S::value_type>
__attribute__((target("avx2"))) void accumulate_avx2(std::size_t rows, std::size_t cols,
                                                     std::size_t depth, const T* a, std::size_t lda,
                                                     const T* bt, std::size_t ldb, T* c,
                                                     std::size_t ldc) {
    accumulate<S, Vec32<T>, 3, 3>(rows, cols, depth, a, lda, bt, ldb, c, ldc);
}
#endif

template <typename S>
KernelFn<typename S::value_type> select_kernel() {
#ifdef TROPIC_KERNEL_AVX2
    if (cpu_has(Isa::Avx2)) return &accumulate_avx2<S>;
#endif
    return &accumulate_baseline<S>;
}

}  // namespace

template <typename S>
void accumulate_abt(std::size_t rows, std::size_t cols, std::size_t depth,
                    const typename S::value_type* a, std::size_t lda,
                    const typename S::value_type* bt, std::size_t ldb, typename S::value_type* c,
                    std::size_t ldc) {
    static const KernelFn<typename S::value_type> kernel = select_kernel<S>();
    kernel(rows, cols, depth, a, lda, bt, ldb, c, ldc);
}

#define TROPIC_INSTANTIATE(S)                                                                    \
    template void accumulate_abt<S>(std::size_t, std::size_t, std::size_t, const S::value_type*, \
                                    std::size_t, const S::value_type*, std::size_t,              \
                                    S::value_type*, std::size_t);
TROPIC_INSTANTIATE(MaxPlus<std::int16_t>)
TROPIC_INSTANTIATE(MaxPlus<std::int32_t>)
TROPIC_INSTANTIATE(MinPlus<std::int16_t>)
TROPIC_INSTANTIATE(MinPlus<std::int32_t>)
#undef TROPIC_INSTANTIATE

}  // namespace tropic::semiring
