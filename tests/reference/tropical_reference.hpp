#pragma once
// Plain reference of the tropical engine (product.hpp): triple loops over the cells each shape
// defines, with infinities handled explicitly (no sentinel arithmetic) in 64-bit integers.
// Used only by tests.
#include <cstdint>

#include "tropic/semiring/product.hpp"

namespace tropic::test {

// One output cell: C (+) the offered products, with the zero sentinel read as "no value".
template <typename T>
class ReferenceCell {
  public:
    using Tr = semiring::Tropical<T>;

    ReferenceCell(semiring::Semiring semiring, T c) : semiring_(semiring) { offer_value(c); }

    // Adds the term a (x) b; an infinite factor makes the term infinite, which adds nothing.
    void offer_product(T a, T b) {
        if (is_zero(a) || is_zero(b)) return;
        offer(std::int64_t{a} + std::int64_t{b});
    }

    // The engine's documented result: the exact value, or the sentinel when no finite term
    // exists or the value lies beyond the finite range on the side of the semiring's zero.
    T result() const {
        const T zero = Tr::zero(semiring_);
        if (!finite_) return zero;
        if (max_plus() ? best_ < -Tr::bound : best_ > Tr::bound) return zero;
        return static_cast<T>(best_);
    }

  private:
    bool max_plus() const { return semiring_ == semiring::Semiring::MaxPlus; }
    bool is_zero(T v) const { return v == Tr::zero(semiring_); }
    void offer_value(T v) {
        if (!is_zero(v)) offer(v);
    }
    void offer(std::int64_t v) {
        if (!finite_ || (max_plus() ? v > best_ : v < best_)) best_ = v;
        finite_ = true;
    }

    semiring::Semiring semiring_;
    bool finite_ = false;  // some finite term seen
    std::int64_t best_ = 0;
};

// Dense: C[i][j] (+)= (+)_{k < A.cols} A[i][k] (x) B[k][j].
template <typename T>
void reference_dense(semiring::Semiring s, semiring::Matrix<const T> a, semiring::Matrix<const T> b,
                     semiring::Matrix<T> c) {
    for (std::size_t i = 0; i < c.rows; ++i)
        for (std::size_t j = 0; j < c.cols; ++j) {
            ReferenceCell<T> cell(s, c.data[i * c.ld + j]);
            for (std::size_t k = 0; k < a.cols; ++k)
                cell.offer_product(a.data[i * a.ld + k], b.data[k * b.ld + j]);
            c.data[i * c.ld + j] = cell.result();
        }
}

// Upper triangular: for i <= j, C[i][j] (+)= (+)_{i <= k <= j} A[i][k] (x) B[k][j].
template <typename T>
void reference_triangular(semiring::Semiring s, semiring::Matrix<const T> a,
                          semiring::Matrix<const T> b, semiring::Matrix<T> c) {
    for (std::size_t i = 0; i < c.rows; ++i)
        for (std::size_t j = i; j < c.cols; ++j) {
            ReferenceCell<T> cell(s, c.data[i * c.ld + j]);
            for (std::size_t k = i; k <= j; ++k)
                cell.offer_product(a.data[i * a.ld + k], b.data[k * b.ld + j]);
            c.data[i * c.ld + j] = cell.result();
        }
}

// Banded, band-only storage: X(i, j) at data[i * ld + (j - i)] for 0 <= j - i < width, j < n.
template <typename T>
void reference_band(semiring::Semiring s, semiring::Band<const T> a, semiring::Band<const T> b,
                    semiring::Band<T> c) {
    for (std::size_t i = 0; i < c.n; ++i)
        for (std::size_t j = i; j < c.n && j - i < c.width; ++j) {
            ReferenceCell<T> cell(s, c.data[i * c.ld + (j - i)]);
            for (std::size_t k = i; k <= j; ++k)
                cell.offer_product(a.data[i * a.ld + (k - i)], b.data[k * b.ld + (j - k)]);
            c.data[i * c.ld + (j - i)] = cell.result();
        }
}

}  // namespace tropic::test
