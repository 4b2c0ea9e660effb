#pragma once
// Random operands for the tropical engine's tests: dense, triangular and band storage with
// padding, sentinels sprinkled in, and a poison value wherever the engine must not read.
#include <cstdint>
#include <random>
#include <vector>

#include "tropic/semiring/product.hpp"

namespace tropic::test {

using semiring::Band;
using semiring::Matrix;
using semiring::Semiring;
using semiring::Tropical;

// What a cell holds: finite values in [lo, hi], the zero sentinel with probability zero_fraction.
template <typename T>
struct Fill {
    Semiring semiring;
    T lo, hi;
    double zero_fraction;
};

// Full range of finite values, some sentinels.
template <typename T>
Fill<T> full_range(Semiring s, double zero_fraction = 0.05) {
    return {s, static_cast<T>(-Tropical<T>::bound), Tropical<T>::bound, zero_fraction};
}

// A value that wins every comparison of the semiring if the engine ever reads it.
template <typename T>
T poison(Semiring s) {
    return s == Semiring::MaxPlus ? Tropical<T>::bound : static_cast<T>(-Tropical<T>::bound);
}

template <typename T>
T draw(std::mt19937_64& rng, const Fill<T>& f) {
    std::uniform_real_distribution<double> unit(0.0, 1.0);
    if (unit(rng) < f.zero_fraction) return Tropical<T>::zero(f.semiring);
    return static_cast<T>(std::uniform_int_distribution<int>(f.lo, f.hi)(rng));
}

template <typename T>
struct DenseBuffer {
    std::vector<T> data;
    std::size_t rows = 0, cols = 0, ld = 0;
    Matrix<const T> view() const { return {data.data(), rows, cols, ld}; }
    Matrix<T> view() { return {data.data(), rows, cols, ld}; }
};

// rows x cols with ld = cols + pad; triangular leaves the lower triangle as poison.
template <typename T>
DenseBuffer<T> random_dense(std::mt19937_64& rng, std::size_t rows, std::size_t cols,
                            std::size_t pad, const Fill<T>& fill, bool triangular = false) {
    DenseBuffer<T> m{{}, rows, cols, cols + pad};
    m.data.assign(std::max<std::size_t>(1, rows * m.ld), poison<T>(fill.semiring));
    for (std::size_t i = 0; i < rows; ++i)
        for (std::size_t j = triangular ? i : 0; j < cols; ++j)
            m.data[i * m.ld + j] = draw(rng, fill);
    return m;
}

template <typename T>
struct BandBuffer {
    std::vector<T> data;
    std::size_t n = 0, width = 0, ld = 0;
    Band<const T> view() const { return {data.data(), n, width, ld}; }
    Band<T> view() { return {data.data(), n, width, ld}; }
};

// Band of an n x n matrix, ld = width + pad; cells past the matrix and the padding are poison.
template <typename T>
BandBuffer<T> random_band(std::mt19937_64& rng, std::size_t n, std::size_t width, std::size_t pad,
                          const Fill<T>& fill) {
    BandBuffer<T> b{{}, n, width, width + pad};
    b.data.assign(std::max<std::size_t>(1, n * b.ld), poison<T>(fill.semiring));
    for (std::size_t i = 0; i < n; ++i)
        for (std::size_t d = 0; d < width && i + d < n; ++d) b.data[i * b.ld + d] = draw(rng, fill);
    return b;
}

}  // namespace tropic::test
