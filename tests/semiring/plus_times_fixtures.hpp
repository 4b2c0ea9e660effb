#pragma once
// What the plus-times tests share: operands in row-major vectors with leading dimensions beyond
// their widths, random values (integers over the whole range, so that sums and products wrap;
// floats in [-1, 1]), the plain triple-loop reference, and the float error bound.
#include <gtest/gtest.h>

#include <algorithm>
#include <cmath>
#include <cstdint>
#include <limits>
#include <random>
#include <type_traits>
#include <vector>

#include "tropic/semiring/plus_times_product.hpp"

namespace tropic::test {

template <typename T>
struct PlusTimesCase {
    std::size_t m = 0, k = 0, n = 0, lda = 0, ldb = 0, ldc = 0;
    std::vector<T> a, b, c;  // c: C before the product

    semiring::Matrix<const T> av() const { return {a.data(), m, k, lda}; }
    semiring::Matrix<const T> bv() const { return {b.data(), k, n, ldb}; }
};

template <typename T>
T random_value(std::mt19937_64& rng) {
    if constexpr (std::is_integral_v<T>)
        return static_cast<T>(rng());  // every bit pattern: products and sums wrap
    else
        return static_cast<T>(std::uniform_real_distribution<double>(-1, 1)(rng));
}

// Leading dimensions exceed the widths by 0 to 3; the padding holds values too, which no
// product may read.
template <typename T>
PlusTimesCase<T> random_case(std::mt19937_64& rng, std::size_t m, std::size_t k, std::size_t n) {
    PlusTimesCase<T> x;
    x.m = m, x.k = k, x.n = n;
    x.lda = k + rng() % 4, x.ldb = n + rng() % 4, x.ldc = n + rng() % 4;
    auto fill = [&](std::vector<T>& v, std::size_t size) {
        v.resize(std::max<std::size_t>(size, 1));
        for (auto& e : v) e = random_value<T>(rng);
    };
    fill(x.a, m * x.lda);
    fill(x.b, k * x.ldb);
    fill(x.c, m * x.ldc);
    return x;
}

// C after C += A B with the triple loop: integers in the semiring's wrapping arithmetic (exact),
// floats in long double.
template <typename T>
using Reference = std::conditional_t<std::is_integral_v<T>, T, long double>;

template <typename T>
std::vector<Reference<T>> reference_product(const PlusTimesCase<T>& x) {
    std::vector<Reference<T>> c(x.c.begin(), x.c.end());
    for (std::size_t i = 0; i < x.m; ++i)
        for (std::size_t j = 0; j < x.n; ++j) {
            Reference<T> sum = c[i * x.ldc + j];
            for (std::size_t p = 0; p < x.k; ++p) {
                const T a = x.a[i * x.lda + p], b = x.b[p * x.ldb + j];
                if constexpr (std::is_integral_v<T>)
                    sum = semiring::PlusTimes<T>::multiply_add(a, b, sum);
                else
                    sum += static_cast<long double>(a) * b;
            }
            c[i * x.ldc + j] = sum;
        }
    return c;
}

// The float error bound of a product with `levels` Strassen-Winograd levels: Higham's form for
// Winograd's variant, ((n0^2 + 6 n0) 18^levels + k + 2) u (max|A| max|B| + max|C|), with n0 the
// largest dimension at the bottom of the recursion (levels = 0: more than the classical k u).
template <typename T>
double error_bound(const PlusTimesCase<T>& x, int levels) {
    const double u = std::numeric_limits<T>::epsilon() / 2;
    auto largest = [](const std::vector<T>& v) {
        double best = 0;
        for (T e : v) best = std::max(best, std::fabs(double(e)));
        return best;
    };
    const double n0 = double((std::max({x.m, x.k, x.n}) >> levels) + 1);
    return ((n0 * n0 + 6 * n0) * std::pow(18.0, levels) + double(x.k) + 2) * u *
           (largest(x.a) * largest(x.b) + largest(x.c));
}

// Checks C (only the m x n cells; padding must be as before) against the reference: equal for
// integers, within `bound` for floats; returns the largest error (0 for integers).
template <typename T>
double check_against_reference(const PlusTimesCase<T>& x, const std::vector<T>& c,
                               const std::vector<Reference<T>>& expected, double bound,
                               const std::string& what) {
    double worst = 0;
    for (std::size_t i = 0; i < x.m; ++i)
        for (std::size_t j = 0; j < x.ldc; ++j) {
            const std::size_t at = i * x.ldc + j;
            if (j >= x.n) {
                EXPECT_EQ(c[at], x.c[at]) << what << ": padding written at " << i << "," << j;
                continue;
            }
            if constexpr (std::is_integral_v<T>) {
                if (c[at] != expected[at]) {
                    ADD_FAILURE() << what << ": cell " << i << "," << j << " is " << c[at]
                                  << ", expected " << expected[at];
                    return 0;
                }
            } else {
                const double error = std::fabs(double(c[at] - expected[at]));
                worst = std::max(worst, error);
                if (!(error <= bound)) {
                    ADD_FAILURE() << what << ": cell " << i << "," << j << " is off by " << error
                                  << ", bound " << bound;
                    return worst;
                }
            }
        }
    return worst;
}

}  // namespace tropic::test
