// The CPU max-plus product C (+)= A (x) B^T (maxplus.hpp): the raw (max,+) instance of the
// kernel family in tropical_kernel.hpp, with 3 x 3 register blocks. On x86-64 an AVX2 build of
// the same code is chosen at run time when the CPU has it.
#include "semiring/tropical_kernel.hpp"
#include "tropic/semiring/maxplus.hpp"

namespace tropic::semiring {

namespace {

using namespace kernel;

template <typename T>
using KernelFn = void (*)(std::size_t, std::size_t, std::size_t, const T*, std::size_t, const T*,
                          std::size_t, T*, std::size_t);

template <typename T>
void accumulate_baseline(std::size_t rows, std::size_t cols, std::size_t depth, const T* a,
                         std::size_t lda, const T* bt, std::size_t ldb, T* c, std::size_t ldc) {
    accumulate<T, Vec16<T>, MaxOp, 3, 3>(rows, cols, depth, a, lda, bt, ldb, c, ldc);
}

#ifdef TROPIC_KERNEL_AVX2
template <typename T>
__attribute__((target("avx2"))) void accumulate_avx2(std::size_t rows, std::size_t cols,
                                                     std::size_t depth, const T* a, std::size_t lda,
                                                     const T* bt, std::size_t ldb, T* c,
                                                     std::size_t ldc) {
    accumulate<T, Vec32<T>, MaxOp, 3, 3>(rows, cols, depth, a, lda, bt, ldb, c, ldc);
}
#endif

template <typename T>
KernelFn<T> select_kernel() {
#ifdef TROPIC_KERNEL_AVX2
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
