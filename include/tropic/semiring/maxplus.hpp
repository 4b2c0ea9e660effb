#pragma once
// The tropical engine, CPU side: C (+)= A (x) B^T over (max,+), raw (accumulate_abt.hpp).
#include <cstddef>
#include <cstdint>

#include "tropic/semiring/accumulate_abt.hpp"

namespace tropic::semiring {

// For every i < rows, j < cols:  C[i*ldc + j] = max(C[i*ldc + j], max_{k < depth} A[i*lda + k] +
// Bt[j*ldb + k]). No -inf handling: callers pass finite values whose sums cannot overflow T.
template <typename T>
inline void maxplus_accumulate_abt(std::size_t rows, std::size_t cols, std::size_t depth,
                                   const T* a, std::size_t lda, const T* bt, std::size_t ldb, T* c,
                                   std::size_t ldc) {
    accumulate_abt<MaxPlus<T>>(rows, cols, depth, a, lda, bt, ldb, c, ldc);
}

}  // namespace tropic::semiring
