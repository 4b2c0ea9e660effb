// The tropical engine's CPU backend against the plain reference: every shape x semiring x type,
// odd sizes, padding, sentinels, batches in both forms, the column pattern and thread counts.
#include <gtest/gtest.h>

#include <cstdint>
#include <memory>
#include <random>
#include <vector>

#include "reference/tropical_reference.hpp"
#include "semiring/tropical_fixtures.hpp"
#include "support/random_rna.hpp"
#include "tropic/core/thread_pool.hpp"

namespace {

using namespace tropic::test;
using tropic::Backend;
using tropic::RunOptions;
using tropic::ThreadPool;
using tropic::semiring::BandProduct;
using tropic::semiring::multiply_accumulate;
using tropic::semiring::multiply_accumulate_batch;
using tropic::semiring::multiply_accumulate_column;
using tropic::semiring::multiply_accumulate_strided;
using tropic::semiring::Product;
using tropic::semiring::Shape;

constexpr Semiring kSemirings[] = {Semiring::MaxPlus, Semiring::MinPlus};
constexpr std::uint64_t kRegressionSeeds[] = {1, 20240611};

// Fresh seed first, then the fixed ones.
std::vector<std::uint64_t> seeds() {
    return {test_seed(), kRegressionSeeds[0], kRegressionSeeds[1]};
}

const char* name(Semiring s) {
    return s == Semiring::MaxPlus ? "max-plus" : "min-plus";
}

template <typename T>
class TropicalProduct : public ::testing::Test {
  protected:
    // Cycles through no pool and pools of 1, 2 and 3 threads.
    RunOptions next_options() {
        static ThreadPool pool1(1), pool2(2), pool3(3);
        ThreadPool* pools[] = {nullptr, &pool1, &pool2, &pool3};
        RunOptions o;
        o.backend = Backend::Cpu;
        o.pool = pools[turn_++ % 4];
        return o;
    }
    unsigned turn_ = 0;
};
using ScoreTypes = ::testing::Types<std::int16_t, std::int32_t>;
TYPED_TEST_SUITE(TropicalProduct, ScoreTypes);

TYPED_TEST(TropicalProduct, DenseMatchesReference) {
    using T = TypeParam;
    struct Dims {
        std::size_t m, n, k;
    };
    std::vector<Dims> dims;
    const std::size_t small[] = {1, 2, 31, 33};
    for (std::size_t m : small)
        for (std::size_t n : small)
            for (std::size_t k : small) dims.push_back({m, n, k});
    // 257 on every side, and a depth beyond one k panel (1024 int16, 512 int32).
    dims.insert(
        dims.end(),
        {{257, 33, 31}, {31, 257, 2}, {2, 33, 257}, {257, 257, 257}, {5, 7, 1100}, {50, 49, 600}});
    for (std::uint64_t seed : seeds()) {
        std::mt19937_64 rng(seed);
        for (Semiring s : kSemirings)
            for (const Dims& d : dims) {
                SCOPED_TRACE(::testing::Message() << "seed " << seed << " " << name(s) << " " << d.m
                                                  << " x " << d.k << " x " << d.n);
                auto fill = full_range<T>(s);
                std::size_t pad = rng() % 3;
                auto a = random_dense<T>(rng, d.m, d.k, pad, fill);
                auto b = random_dense<T>(rng, d.k, d.n, 2 - pad, fill);
                auto c = random_dense<T>(rng, d.m, d.n, pad + 1, fill);
                auto expected = c;
                reference_dense<T>(s, a.view(), b.view(), expected.view());
                multiply_accumulate<T>(s, Shape::Dense, a.view(), b.view(), c.view(),
                                       this->next_options());
                ASSERT_EQ(c.data, expected.data);
            }
    }
}

TYPED_TEST(TropicalProduct, TriangularMatchesReference) {
    using T = TypeParam;
    for (std::uint64_t seed : seeds()) {
        std::mt19937_64 rng(seed);
        for (Semiring s : kSemirings)
            for (std::size_t n : {1, 2, 3, 31, 33, 49, 100, 257}) {
                SCOPED_TRACE(::testing::Message()
                             << "seed " << seed << " " << name(s) << " n " << n);
                auto fill = full_range<T>(s);
                auto a = random_dense<T>(rng, n, n, n % 3, fill, true);
                auto b = random_dense<T>(rng, n, n, 1, fill, true);
                auto c = random_dense<T>(rng, n, n, 0, fill, true);
                auto expected = c;
                reference_triangular<T>(s, a.view(), b.view(), expected.view());
                multiply_accumulate<T>(s, Shape::UpperTriangular, a.view(), b.view(), c.view(),
                                       this->next_options());
                ASSERT_EQ(c.data, expected.data);  // the lower triangle stays poison
            }
    }
}

TYPED_TEST(TropicalProduct, BandMatchesReference) {
    using T = TypeParam;
    for (std::uint64_t seed : seeds()) {
        std::mt19937_64 rng(seed);
        for (Semiring s : kSemirings)
            for (std::size_t n : {1, 2, 31, 33, 257})
                for (std::size_t w : {std::size_t{1}, std::size_t{2}, std::size_t{5},
                                      std::size_t{48}, std::size_t{50}, n, n + 7}) {
                    SCOPED_TRACE(::testing::Message() << "seed " << seed << " " << name(s) << " n "
                                                      << n << " width " << w);
                    auto fill = full_range<T>(s);
                    auto a = random_band<T>(rng, n, w, w % 2, fill);
                    auto b = random_band<T>(rng, n, w, 3, fill);
                    auto c = random_band<T>(rng, n, w, 1, fill);
                    auto expected = c;
                    reference_band<T>(s, a.view(), b.view(), expected.view());
                    multiply_accumulate<T>(s, a.view(), b.view(), c.view(), this->next_options());
                    ASSERT_EQ(c.data, expected.data);  // padding past the matrix stays poison
                }
    }
}

TYPED_TEST(TropicalProduct, PointerArrayBatchOfMixedSizes) {
    using T = TypeParam;
    for (std::uint64_t seed : seeds()) {
        std::mt19937_64 rng(seed);
        for (Semiring s : kSemirings)
            for (Shape shape : {Shape::Dense, Shape::UpperTriangular}) {
                SCOPED_TRACE(::testing::Message() << "seed " << seed << " " << name(s));
                const bool tri = shape == Shape::UpperTriangular;
                auto fill = full_range<T>(s);
                std::vector<DenseBuffer<T>> as, bs, cs, expected;
                for (std::size_t p = 0; p < 9; ++p) {
                    std::size_t m = 1 + rng() % 60, n = tri ? m : 1 + rng() % 60,
                                k = tri ? m : rng() % 60;
                    as.push_back(random_dense<T>(rng, m, k, p % 2, fill, tri));
                    bs.push_back(random_dense<T>(rng, k, n, 0, fill, tri));
                    cs.push_back(random_dense<T>(rng, m, n, 1, fill, tri));
                    expected.push_back(cs.back());
                    if (tri)
                        reference_triangular<T>(s, as[p].view(), bs[p].view(), expected[p].view());
                    else
                        reference_dense<T>(s, as[p].view(), bs[p].view(), expected[p].view());
                }
                std::vector<Product<T>> batch;
                for (std::size_t p = 0; p < as.size(); ++p)
                    batch.push_back({as[p].view(), bs[p].view(), cs[p].view()});
                multiply_accumulate_batch<T>(s, shape, std::span<const Product<T>>(batch),
                                             this->next_options());
                for (std::size_t p = 0; p < cs.size(); ++p)
                    ASSERT_EQ(cs[p].data, expected[p].data) << "product " << p;
            }
    }
}

TYPED_TEST(TropicalProduct, StridedBatch) {
    using T = TypeParam;
    for (std::uint64_t seed : seeds()) {
        std::mt19937_64 rng(seed);
        for (Semiring s : kSemirings)
            for (Shape shape : {Shape::Dense, Shape::UpperTriangular})
                for (std::size_t count : {0, 1, 5}) {
                    SCOPED_TRACE(::testing::Message()
                                 << "seed " << seed << " " << name(s) << " count " << count);
                    const bool tri = shape == Shape::UpperTriangular;
                    const std::size_t m = 35, k = tri ? m : 20, n = tri ? m : 50;
                    auto fill = full_range<T>(s);
                    // All products side by side in one buffer each: rows of product p follow
                    // those of product p - 1.
                    auto a = random_dense<T>(rng, m * count, k, 1, fill, false);
                    auto b = random_dense<T>(rng, k * count, n, 0, fill, false);
                    auto c = random_dense<T>(rng, m * count, n, 2, fill, false);
                    auto expected = c;
                    for (std::size_t p = 0; p < count; ++p)
                        (tri ? reference_triangular<T>
                             : reference_dense<T>)(s, {a.data.data() + p * m * a.ld, m, k, a.ld},
                                                   {b.data.data() + p * k * b.ld, k, n, b.ld},
                                                   {expected.data.data() + p * m * c.ld, m, n,
                                                    c.ld});
                    multiply_accumulate_strided<T>(s, shape, {a.data.data(), m, k, a.ld}, m * a.ld,
                                                   {b.data.data(), k, n, b.ld}, k * b.ld,
                                                   {c.data.data(), m, n, c.ld}, m * c.ld, count,
                                                   this->next_options());
                    ASSERT_EQ(c.data, expected.data);
                }
    }
}

TYPED_TEST(TropicalProduct, BandBatchAndEmptyBatch) {
    using T = TypeParam;
    for (std::uint64_t seed : seeds()) {
        std::mt19937_64 rng(seed);
        for (Semiring s : kSemirings) {
            SCOPED_TRACE(::testing::Message() << "seed " << seed << " " << name(s));
            auto fill = full_range<T>(s);
            std::vector<BandBuffer<T>> as, bs, cs, expected;
            for (std::size_t p = 0; p < 7; ++p) {
                std::size_t n = 1 + rng() % 120, w = 1 + rng() % 70;
                as.push_back(random_band<T>(rng, n, w, p % 3, fill));
                bs.push_back(random_band<T>(rng, n, w, 0, fill));
                cs.push_back(random_band<T>(rng, n, w, 2, fill));
                expected.push_back(cs.back());
                reference_band<T>(s, as[p].view(), bs[p].view(), expected[p].view());
            }
            std::vector<BandProduct<T>> batch;
            for (std::size_t p = 0; p < as.size(); ++p)
                batch.push_back({as[p].view(), bs[p].view(), cs[p].view()});
            multiply_accumulate_batch<T>(s, std::span<const BandProduct<T>>(batch),
                                         this->next_options());
            for (std::size_t p = 0; p < cs.size(); ++p)
                ASSERT_EQ(cs[p].data, expected[p].data) << "product " << p;
            // Empty batches of every kind are no-ops.
            multiply_accumulate_batch<T>(s, std::span<const BandProduct<T>>(),
                                         this->next_options());
            multiply_accumulate_batch<T>(s, Shape::Dense, std::span<const Product<T>>(),
                                         this->next_options());
        }
    }
}

TYPED_TEST(TropicalProduct, ColumnOfMatrices) {
    using T = TypeParam;
    for (std::uint64_t seed : seeds()) {
        std::mt19937_64 rng(seed);
        for (Semiring s : kSemirings)
            for (std::size_t count : {0, 1, 2, 6})
                for (std::size_t w : {3, 40}) {
                    SCOPED_TRACE(::testing::Message() << "seed " << seed << " " << name(s)
                                                      << " count " << count << " width " << w);
                    const std::size_t n = 57, ld = w + 1, stride = n * ld + 5;
                    auto fill = full_range<T>(s);
                    // count bands one after the other, `stride` apart.
                    auto a = random_band<T>(rng, (count + 1) * stride / ld, w, 1, fill);
                    auto b = random_band<T>(rng, (count + 1) * stride / ld, w, 1, fill);
                    auto c = random_band<T>(rng, (count + 1) * stride / ld, w, 1, fill);
                    auto expected = c;
                    auto at = [&](auto& buf, std::size_t t) {
                        return buf.data.data() + t * stride;
                    };
                    for (std::size_t d = 0; d < count; ++d)
                        for (std::size_t t = 0; t < d; ++t)
                            reference_band<T>(s, {at(a, t), n, w, ld}, {at(b, d - 1 - t), n, w, ld},
                                              {at(expected, d), n, w, ld});
                    multiply_accumulate_column<T>(
                        s, {at(a, 0), n, w, ld}, stride, {at(b, 0), n, w, ld}, stride,
                        {at(c, 0), n, w, ld}, stride, count, this->next_options());
                    ASSERT_EQ(c.data, expected.data);
                }
    }
}

}  // namespace
