// accumulate_abt, the raw CPU kernel, against a naive triple loop, over (max,+) and (min,+).
#include <gtest/gtest.h>

#include <algorithm>
#include <cstdint>
#include <limits>
#include <random>
#include <vector>

#include "support/random_rna.hpp"
#include "tropic/semiring/accumulate_abt.hpp"
#include "tropic/semiring/maxplus.hpp"

namespace {

using tropic::semiring::accumulate_abt;
using tropic::semiring::MaxPlus;
using tropic::semiring::MinPlus;
using tropic::semiring::Semiring;

// +1 for (max,+), -1 for (min,+): the values below are written for (max,+) and mirrored.
template <typename S>
constexpr int kSign = S::kind == Semiring::MaxPlus ? 1 : -1;

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

template <typename S, typename T = typename S::value_type>
std::vector<T> naive(const Problem<T>& p) {
    std::vector<T> c = p.c;
    for (std::size_t i = 0; i < p.rows; ++i)
        for (std::size_t j = 0; j < p.cols; ++j) {
            std::int64_t best = c[i * p.ldc + j];
            for (std::size_t k = 0; k < p.depth; ++k) {
                const std::int64_t sum =
                    std::int64_t{p.a[i * p.lda + k]} + std::int64_t{p.bt[j * p.ldb + k]};
                best = kSign<S> > 0 ? std::max(best, sum) : std::min(best, sum);
            }
            c[i * p.ldc + j] = static_cast<T>(best);
        }
    return c;
}

template <typename S, typename T = typename S::value_type>
std::vector<T> kernel(const Problem<T>& p) {
    std::vector<T> c = p.c;
    accumulate_abt<S>(p.rows, p.cols, p.depth, p.a.data(), p.lda, p.bt.data(), p.ldb, c.data(),
                      p.ldc);
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

template <typename S>
class AccumulateAbt : public ::testing::Test {};
using Semirings = ::testing::Types<MaxPlus<std::int16_t>, MaxPlus<std::int32_t>,
                                   MinPlus<std::int16_t>, MinPlus<std::int32_t>>;
TYPED_TEST_SUITE(AccumulateAbt, Semirings);

TYPED_TEST(AccumulateAbt, MatchesNaiveOnOddShapesAndStrides) {
    using S = TypeParam;
    using T = typename S::value_type;
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
                                             Range<T>::hi, T(kSign<S> * Range<T>::poison));
                    ASSERT_EQ(kernel<S>(p), naive<S>(p));
                }
            }
}

TYPED_TEST(AccumulateAbt, EmptyDimensionsLeaveCUntouched) {
    using S = TypeParam;
    using T = typename S::value_type;
    std::mt19937_64 rng(7);
    auto p = make_problem<T>(rng, 4, 5, 0, 2, Range<T>::lo, Range<T>::hi,
                             T(kSign<S> * Range<T>::poison));
    EXPECT_EQ(kernel<S>(p), p.c);
    p.rows = 0;
    EXPECT_EQ(kernel<S>(p), p.c);
}

// The (max,+) shorthand of maxplus.hpp is the same kernel.
TEST(MaxPlusShorthand, EqualsAccumulateAbt) {
    std::mt19937_64 rng(11);
    auto p = make_problem<std::int32_t>(rng, 7, 5, 40, 1, -100, 100, 900000000);
    std::vector<std::int32_t> c = p.c;
    tropic::semiring::maxplus_accumulate_abt<std::int32_t>(
        p.rows, p.cols, p.depth, p.a.data(), p.lda, p.bt.data(), p.ldb, c.data(), p.ldc);
    EXPECT_EQ(c, naive<MaxPlus<std::int32_t>>(p));
}

// Plants the best value (the largest for (max,+), the smallest for (min,+)) at each position of
// A and of Bt in turn: a skipped k, an extra k, or a wrong row or column pairing changes some
// output.
TYPED_TEST(AccumulateAbt, PlantedBestReachesExactlyItsOutputs) {
    using S = TypeParam;
    using T = typename S::value_type;
    constexpr int sign = kSign<S>;
    std::uint64_t seed = tropic::test::test_seed();
    std::mt19937_64 rng(seed);
    struct Shape {
        std::size_t rows, cols, depth;
    };
    const Shape shapes[] = {{1, 1, 1}, {1, 1, 33}, {3, 3, 17}, {5, 7, 33}, {4, 4, 257}, {7, 2, 64}};
    for (const Shape& s : shapes) {
        auto p = make_problem<T>(rng, s.rows, s.cols, s.depth, 3, T(-50), T(50),
                                 T(sign * Range<T>::poison));
        std::fill(p.c.begin(), p.c.end(), T(sign * (std::numeric_limits<T>::lowest() / 2)));
        auto check = [&](const char* operand, std::size_t row, std::size_t k) {
            SCOPED_TRACE(::testing::Message()
                         << "seed " << seed << " shape " << s.rows << "x" << s.cols << "x"
                         << s.depth << " planted in " << operand << "[" << row << "][" << k << "]");
            auto got = kernel<S>(p);
            ASSERT_EQ(got, naive<S>(p));
            // The planted value shows in the outputs of its row (A) or column (Bt) only.
            for (std::size_t i = 0; i < s.rows; ++i)
                for (std::size_t j = 0; j < s.cols; ++j) {
                    bool hit = operand[0] == 'A' ? i == row : j == row;
                    ASSERT_EQ(sign * got[i * p.ldc + j] >= Range<T>::planted - 50, hit);
                }
        };
        for (std::size_t i = 0; i < s.rows; ++i)
            for (std::size_t k = 0; k < s.depth; ++k) {
                T saved = p.a[i * p.lda + k];
                p.a[i * p.lda + k] = T(sign * Range<T>::planted);
                check("A", i, k);
                p.a[i * p.lda + k] = saved;
            }
        for (std::size_t j = 0; j < s.cols; ++j)
            for (std::size_t k = 0; k < s.depth; ++k) {
                T saved = p.bt[j * p.ldb + k];
                p.bt[j * p.ldb + k] = T(sign * Range<T>::planted);
                check("Bt", j, k);
                p.bt[j * p.ldb + k] = saved;
            }
    }
}

}  // namespace
