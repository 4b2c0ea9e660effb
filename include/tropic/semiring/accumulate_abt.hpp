#pragma once
// The tropical engine, CPU side, raw: C (+)= A (x) B^T over one semiring, for int16 and int32.
//
// The raw instance of the engine's CPU kernel family (src/semiring/tropical_kernel.hpp; the
// engine itself: product.hpp) for dynamic programs that hold their operands in their own tables:
// the tiles and per-cell splits of the Nussinov fold, BPMax's single reductions, the multiloop
// splits of the MFE fold. B is given transposed (Bt[j][k]) so that both operands run along k in
// memory. S is MaxPlus<T> or MinPlus<T> (tropical.hpp).
#include <cstddef>

#include "tropic/semiring/tropical.hpp"

namespace tropic::semiring {

// For every i < rows, j < cols:
//   C[i*ldc + j] = C[i*ldc + j] (+) (+)_{k < depth} A[i*lda + k] + Bt[j*ldb + k]
// with (+) = S::add. No infinity handling: sums are combined as they are, so callers pass values
// whose sums cannot overflow T (sentinels of tropical.hpp qualify).
template <typename S>
void accumulate_abt(std::size_t rows, std::size_t cols, std::size_t depth,
                    const typename S::value_type* a, std::size_t lda,
                    const typename S::value_type* bt, std::size_t ldb, typename S::value_type* c,
                    std::size_t ldc);

}  // namespace tropic::semiring
