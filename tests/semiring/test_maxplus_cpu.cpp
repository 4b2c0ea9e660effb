// maxplus_accumulate_abt against a naive triple loop.
#include <gtest/gtest.h>

#include <algorithm>
#include <cstdint>
#include <limits>
#include <random>
#include <vector>

#include "support/random_rna.hpp"
#include "tropic/semiring/maxplus.hpp"

namespace {

using tropic::semiring::maxplus_accumulate_abt;

template <typename T>
struct Problem {
    std::size_t rows, cols, depth, lda, ldb, ldc;
    std::vector<T> a, bt, c;
};

// Operands with padding beyond each row; the padding holds a value that would win every max if
// the kernel read it, and the padding of C must come back untouched.
template <typename T>
Problem<T> make_problem(std::mt19937_64& rng, std::size_t rows, std::size_t cols, std::size_t depth,
                        std::size_t pad, T lo, T hi, T poison) {
    Problem<T> p{rows, cols, depth, depth + pad, depth + 2 * pad + 1, cols + pad, {}, {}, {}};
    std::uniform_int_distribution<int> value(lo, hi);
    p.a.assign(rows * p.lda, poison);
    p.bt.assign(cols * p.ldb, poison);
    p.c.assign(rows * p.ldc, poison);
    for (std::size_t i = 0; i < rows; ++i)
        for (std::size_t k = 0; k < depth; ++k) p.a[i * p.lda + k] = static_cast<T>(value(rng));
    for (std::size_t j = 0; j < cols; ++j)
        for (std::size_t k = 0; k < depth; ++k) p.bt[j * p.ldb + k] = static_cast<T>(value(rng));
    for (std::size_t i = 0; i < rows; ++i)
        for (std::size_t j = 0; j < cols; ++j)
            p.c[i * p.ldc + j] = static_cast<T>(value(rng) * 2);  // sometimes above every sum
    return p;
}

template <typename T>
std::vector<T> naive(const Problem<T>& p) {
    std::vector<T> c = p.c;
    for (std::size_t i = 0; i < p.rows; ++i)
        for (std::size_t j = 0; j < p.cols; ++j) {
            std::int64_t best = c[i * p.ldc + j];
            for (std::size_t k = 0; k < p.depth; ++k)
                best = std::max<std::int64_t>(
                    best, std::int64_t{p.a[i * p.lda + k]} + std::int64_t{p.bt[j * p.ldb + k]});
            c[i * p.ldc + j] = static_cast<T>(best);
        }
    return c;
}

template <typename T>
std::vector<T> kernel(const Problem<T>& p) {
    std::vector<T> c = p.c;
    maxplus_accumulate_abt<T>(p.rows, p.cols, p.depth, p.a.data(), p.lda, p.bt.data(), p.ldb,
                              c.data(), p.ldc);
    return c;
}

template <typename T>
struct Range;
template <>
struct Range<std::int16_t> {
    static constexpr std::int16_t lo = -1000, hi = 1000, poison = 12000, planted = 9000;
};
template <>
struct Range<std::int32_t> {
    static constexpr std::int32_t lo = -1000000, hi = 1000000, poison = 900000000,
                                  planted = 500000000;
};

template <typename T>
class MaxPlusCpu : public ::testing::Test {};
using ScoreTypes = ::testing::Types<std::int16_t, std::int32_t>;
TYPED_TEST_SUITE(MaxPlusCpu, ScoreTypes);

TYPED_TEST(MaxPlusCpu, MatchesNaiveOnOddShapesAndStrides) {
    using T = TypeParam;
    std::uint64_t seed = tropic::test::test_seed();
    std::mt19937_64 rng(seed);
    const std::size_t sizes[] = {1, 2, 31, 33, 257};
    for (std::size_t rows : sizes)
        for (std::size_t cols : sizes)
            for (std::size_t depth : sizes) {
                for (std::size_t pad : {std::size_t{0}, std::size_t{3}}) {
                    SCOPED_TRACE(::testing::Message()
                                 << "seed " << seed << " rows " << rows << " cols " << cols
                                 << " depth " << depth << " pad " << pad);
                    auto p = make_problem<T>(rng, rows, cols, depth, pad, Range<T>::lo,
                                             Range<T>::hi, Range<T>::poison);
                    ASSERT_EQ(kernel(p), naive(p));
                }
            }
}

TYPED_TEST(MaxPlusCpu, EmptyDimensionsLeaveCUntouched) {
    using T = TypeParam;
    std::mt19937_64 rng(7);
    auto p = make_problem<T>(rng, 4, 5, 0, 2, Range<T>::lo, Range<T>::hi, Range<T>::poison);
    EXPECT_EQ(kernel(p), p.c);
    p.rows = 0;
    EXPECT_EQ(kernel(p), p.c);
}

// Plants the largest value at each position of A and of Bt in turn: a skipped k, an extra k, or
// a wrong row or column pairing changes some output.
TYPED_TEST(MaxPlusCpu, PlantedMaximumReachesExactlyItsOutputs) {
    using T = TypeParam;
    std::uint64_t seed = tropic::test::test_seed();
    std::mt19937_64 rng(seed);
    struct Shape {
        std::size_t rows, cols, depth;
    };
    const Shape shapes[] = {{1, 1, 1}, {1, 1, 33}, {3, 3, 17}, {5, 7, 33}, {4, 4, 257}, {7, 2, 64}};
    for (const Shape& s : shapes) {
        auto p = make_problem<T>(rng, s.rows, s.cols, s.depth, 3, T(-50), T(50), Range<T>::poison);
        std::fill(p.c.begin(), p.c.end(), std::numeric_limits<T>::lowest() / 2);
        auto check = [&](const char* operand, std::size_t row, std::size_t k) {
            SCOPED_TRACE(::testing::Message()
                         << "seed " << seed << " shape " << s.rows << "x" << s.cols << "x"
                         << s.depth << " planted in " << operand << "[" << row << "][" << k << "]");
            auto got = kernel(p);
            ASSERT_EQ(got, naive(p));
            // The planted value shows in the outputs of its row (A) or column (Bt) only.
            for (std::size_t i = 0; i < s.rows; ++i)
                for (std::size_t j = 0; j < s.cols; ++j) {
                    bool hit = operand[0] == 'A' ? i == row : j == row;
                    ASSERT_EQ(got[i * p.ldc + j] >= Range<T>::planted - 50, hit);
                }
        };
        for (std::size_t i = 0; i < s.rows; ++i)
            for (std::size_t k = 0; k < s.depth; ++k) {
                T saved = p.a[i * p.lda + k];
                p.a[i * p.lda + k] = Range<T>::planted;
                check("A", i, k);
                p.a[i * p.lda + k] = saved;
            }
        for (std::size_t j = 0; j < s.cols; ++j)
            for (std::size_t k = 0; k < s.depth; ++k) {
                T saved = p.bt[j * p.ldb + k];
                p.bt[j * p.ldb + k] = Range<T>::planted;
                check("Bt", j, k);
                p.bt[j * p.ldb + k] = saved;
            }
    }
}

}  // namespace
