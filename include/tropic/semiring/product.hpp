#pragma once
// The tropical engine: C = C (+) A (x) B over (max,+) or (min,+), for int16 and int32, on dense,
// upper-triangular and upper-banded matrices, one product or many at once, on the CPU or a
// CUDA device. Views point to host memory; every backend reads and writes them in place.
//
//   (x): (A (x) B)[i][j] = max_k A[i][k] + B[k][j]     ((min,+): min_k)
//   (+): C[i][j] = max(C[i][j], ...)                    ((min,+): min)
//
// Infinities and the finite range: tropical.hpp. A result with no finite term is written as the
// zero sentinel exactly.
#include <cstddef>
#include <span>
#include <type_traits>

#include "tropic/core/run_options.hpp"
#include "tropic/semiring/tropical.hpp"

namespace tropic::semiring {

// Row-major matrix: element (r, c) at data[r * ld + c], ld >= cols.
template <typename T>
struct Matrix {
    T* data = nullptr;
    std::size_t rows = 0, cols = 0, ld = 0;

    // A writable view reads as an operand.
    operator Matrix<const T>() const requires(!std::is_const_v<T>) {
        return {data, rows, cols, ld};
    }
};

// Upper band of width `width` of an n x n matrix, stored band-only (about n * width cells):
// element (i, i + d), 0 <= d < width, at data[i * ld + d], ld >= width. Cells past the matrix
// (i + d >= n) are padding: never read as values, never written.
template <typename T>
struct Band {
    T* data = nullptr;
    std::size_t n = 0, width = 0, ld = 0;

    operator Band<const T>() const requires(!std::is_const_v<T>) { return {data, n, width, ld}; }
};

enum class Shape {
    Dense,            // A m x k, B k x n, C m x n
    UpperTriangular,  // all n x n; only cells with row <= column are read or written; k in [i, j]
};

// Every entry point takes RunOptions (run_options.hpp): the backend (auto: a device for calls of
// at least 1e9 add-and-compare steps whose operands fit it, see choose_backend), the device, the
// CPU threads. The products work in the caller's memory, so max_memory does not apply, and they
// report no progress.

// One product C (+)= A (x) B of the given shape. Throws InputError on mismatched dimensions.
template <typename T>
void multiply_accumulate(Semiring semiring, Shape shape, Matrix<const T> a, Matrix<const T> b,
                         Matrix<T> c, const RunOptions& options = {});

// Banded: C's band (+)= A (x) B, restricted to C's band: for j - i < width, k runs over
// [i, j] (A and B are upper-banded, so other k contribute the zero). All three share n and width.
template <typename T>
void multiply_accumulate(Semiring semiring, Band<const T> a, Band<const T> b, Band<T> c,
                         const RunOptions& options = {});

// Many independent products at once (pointer-array form). Products may not share a C.
template <typename T>
struct Product {
    Matrix<const T> a, b;
    Matrix<T> c;
};
template <typename T>
void multiply_accumulate_batch(Semiring semiring, Shape shape, std::span<const Product<T>> batch,
                               const RunOptions& options = {});

template <typename T>
struct BandProduct {
    Band<const T> a, b;
    Band<T> c;
};
template <typename T>
void multiply_accumulate_batch(Semiring semiring, std::span<const BandProduct<T>> batch,
                               const RunOptions& options = {});

// Strided form: product p uses a.data + p * stride_a, and likewise for b and c.
template <typename T>
void multiply_accumulate_strided(Semiring semiring, Shape shape, Matrix<const T> a,
                                 std::size_t stride_a, Matrix<const T> b, std::size_t stride_b,
                                 Matrix<T> c, std::size_t stride_c, std::size_t count,
                                 const RunOptions& options = {});

// The "column of matrices" pattern of BPMax's double reduction: for d = 0 .. count-1,
//   C_d (+)= (+)_{t = 0..d-1} A_t (x) B_{d-1-t}
// where X_t is the band at x.data + t * stride (every C_d accumulates d products).
template <typename T>
void multiply_accumulate_column(Semiring semiring, Band<const T> a, std::size_t stride_a,
                                Band<const T> b, std::size_t stride_b, Band<T> c,
                                std::size_t stride_c, std::size_t count,
                                const RunOptions& options = {});

}  // namespace tropic::semiring
