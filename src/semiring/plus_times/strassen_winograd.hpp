#pragma once
// Winograd's variant of Strassen's product, written once for every backend: C (+)= A B with
// seven half-size products per level, recursing while m, k and n all exceed the threshold. The
// backend supplies the classical product and the element-wise sums (Ops below): the CPU's on host
// memory, the device's on device memory.
//
// A level multiplies the even parts of the dimensions (m & ~1, k & ~1, n & ~1) as 2 x 2 blocks,
// and peels the odd last k, column of C and row of C off as thin classical products (no padding,
// no copies). With S1 = A21 + A22, S2 = S1 - A11, S3 = A11 - A21, S4 = A12 - S2, T1 = B12 - B11,
// T2 = B22 - T1, T3 = B22 - B12, T4 = T2 - B21, Winograd's products are
//   P1 = A11 B11, P2 = A12 B21, P3 = S4 B22, P4 = A22 T4, P5 = S1 T1, P6 = S2 T2, P7 = S3 T3
// and C11 += P1 + P2, C12 += P1 + P6 + P5 + P3, C21 += P1 + P6 + P7 - P4,
// C22 += P1 + P6 + P7 + P5. The schedule accumulates into C in place with three temporaries per
// level, X (an A block), Y (a B block) and Z (a C block): P2, P3 and -P4 = A22 (-T4) go straight
// into C, and Z carries P1, then P1 + P6, then P1 + P6 + P7, then P5. Each S and T is formed from
// the quadrants in one pass (S2 = A21 + A22 - A11 ...) instead of from the previous ones, so that
// no more than X and Y hold them.
#include <cstddef>
#include <initializer_list>

#include "tropic/semiring/product.hpp"

namespace tropic::semiring::detail {

// A term of an element-wise sum: +m or -m.
template <typename A>
struct Term {
    Matrix<const A> m;
    bool minus = false;
};

// Whether a level of Strassen-Winograd runs on an m x k by k x n product.
inline bool strassen_level(std::size_t m, std::size_t k, std::size_t n, std::size_t threshold) {
    std::size_t smallest = m < k ? (m < n ? m : n) : (k < n ? k : n);
    return smallest > threshold && smallest >= 2;
}

// Elements of the workspace that strassen_winograd needs below an m x k by k x n product.
inline std::size_t strassen_workspace(std::size_t m, std::size_t k, std::size_t n,
                                      std::size_t threshold) {
    std::size_t total = 0;
    while (strassen_level(m, k, n, threshold)) {
        m /= 2, k /= 2, n /= 2;
        total += m * k + k * n + m * n;
    }
    return total;
}

// The levels of Strassen-Winograd above the classical products.
inline int strassen_depth(std::size_t m, std::size_t k, std::size_t n, std::size_t threshold) {
    int levels = 0;
    for (; strassen_level(m, k, n, threshold); ++levels) m /= 2, k /= 2, n /= 2;
    return levels;
}

template <typename T>
Matrix<T> block(Matrix<T> x, std::size_t row, std::size_t col, std::size_t rows, std::size_t cols) {
    return {x.data + row * x.ld + col, rows, cols, x.ld};
}

// Ops (A: the arithmetic type):
//   ops.product(a, b, c, accumulate)  c = a b, or c += a b: the classical product
//   ops.sum(out, accumulate, terms)    out = (out if accumulate) + the sum of up to four terms
template <typename A, typename Ops>
void strassen_winograd(Ops& ops, Matrix<const A> a, Matrix<const A> b, Matrix<A> c, bool accumulate,
                       std::size_t threshold, A* workspace) {
    const std::size_t m = a.rows, k = a.cols, n = b.cols;
    if (!strassen_level(m, k, n, threshold)) {
        ops.product(a, b, c, accumulate);
        return;
    }
    if (!accumulate) ops.sum(c, false, {});
    const std::size_t hm = m / 2, hk = k / 2, hn = n / 2;
    auto qa = [&](int r, int s) { return block(a, r * hm, s * hk, hm, hk); };
    auto qb = [&](int r, int s) { return block(b, r * hk, s * hn, hk, hn); };
    auto qc = [&](int r, int s) { return block(c, r * hm, s * hn, hm, hn); };
    const auto a11 = qa(0, 0), a12 = qa(0, 1), a21 = qa(1, 0), a22 = qa(1, 1);
    const auto b11 = qb(0, 0), b12 = qb(0, 1), b21 = qb(1, 0), b22 = qb(1, 1);
    const auto c11 = qc(0, 0), c12 = qc(0, 1), c21 = qc(1, 0), c22 = qc(1, 1);
    Matrix<A> x{workspace, hm, hk, hk};
    Matrix<A> y{x.data + hm * hk, hk, hn, hn};
    Matrix<A> z{y.data + hk * hn, hm, hn, hn};
    A* below = z.data + hm * hn;
    auto multiply = [&](Matrix<const A> p, Matrix<const A> q, Matrix<A> r, bool acc) {
        strassen_winograd<A>(ops, p, q, r, acc, threshold, below);
    };
    auto plus = [](Matrix<const A> m) { return Term<A>{m, false}; };
    auto minus = [](Matrix<const A> m) { return Term<A>{m, true}; };

    multiply(a11, b11, z, false);  // Z = P1
    ops.sum(c11, true, {plus(z)});
    multiply(a12, b21, c11, true);                          // C11 += P2: done
    ops.sum(x, false, {plus(a21), plus(a22), minus(a11)});  // S2
    ops.sum(y, false, {plus(b22), minus(b12), plus(b11)});  // T2
    multiply(x, y, z, true);                                // Z = P1 + P6
    ops.sum(c12, true, {plus(z)});
    ops.sum(x, false, {plus(a11), minus(a21)});  // S3
    ops.sum(y, false, {plus(b22), minus(b12)});  // T3
    multiply(x, y, z, true);                     // Z = P1 + P6 + P7
    ops.sum(c21, true, {plus(z)});
    ops.sum(c22, true, {plus(z)});
    ops.sum(x, false, {plus(a21), plus(a22)});   // S1
    ops.sum(y, false, {plus(b12), minus(b11)});  // T1
    multiply(x, y, z, false);                    // Z = P5
    ops.sum(c12, true, {plus(z)});
    ops.sum(c22, true, {plus(z)});                                      // C22: done
    ops.sum(x, false, {plus(a11), plus(a12), minus(a21), minus(a22)});  // S4
    multiply(x, b22, c12, true);                                        // C12 += P3: done
    ops.sum(y, false, {plus(b21), plus(b12), minus(b11), minus(b22)});  // -T4
    multiply(a22, y, c21, true);                                        // C21 -= P4: done

    // The odd remainders, as thin classical products (or further levels where they are large).
    const std::size_t em = 2 * hm, ek = 2 * hk, en = 2 * hn;
    if (ek < k)
        multiply(block(a, 0, ek, em, 1), block(b, ek, 0, 1, en), block(c, 0, 0, em, en), true);
    if (en < n)
        multiply(block(a, 0, 0, em, k), block(b, 0, en, k, 1), block(c, 0, en, em, 1), true);
    if (em < m) multiply(block(a, em, 0, 1, k), b, block(c, em, 0, 1, n), true);
}

}  // namespace tropic::semiring::detail
