#pragma once
// The tropical engine, CPU side: C (+)= A (x) B over (max,+).
//
// The raw (max,+) instance of the engine's CPU kernel family (src/semiring/tropical_kernel.hpp;
// the engine itself: product.hpp); long-sequence Nussinov computes its tiles with it. B is given
// transposed (Bt[j][k]) so that both operands run along k in memory.
#include <cstddef>
#include <cstdint>

namespace tropic::semiring {

// For every i < rows, j < cols:  C[i*ldc + j] = max(C[i*ldc + j], max_{k < depth} A[i*lda + k] +
// Bt[j*ldb + k]). No -inf handling: callers pass finite values whose sums cannot overflow T.
template <typename T>
void maxplus_accumulate_abt(std::size_t rows, std::size_t cols, std::size_t depth, const T* a,
                            std::size_t lda, const T* bt, std::size_t ldb, T* c, std::size_t ldc);

}  // namespace tropic::semiring
