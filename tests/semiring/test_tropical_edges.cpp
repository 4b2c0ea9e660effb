// The tropical engine on the cases that hide bugs: a planted extreme value at each position of A
// and of B (a missing or extra k term shows), all-infinite rows and columns, sums at the edge of
// the finite range, and the errors it raises.
#include <gtest/gtest.h>

#include <algorithm>
#include <cstdint>
#include <random>
#include <string>
#include <vector>

#include "reference/tropical_reference.hpp"
#include "semiring/tropical_fixtures.hpp"
#include "support/random_rna.hpp"
#include "tropic/core/device.hpp"
#include "tropic/core/error.hpp"
#include "tropic/core/thread_pool.hpp"

namespace {

using namespace tropic::test;
using tropic::Backend;
using tropic::RunOptions;
using tropic::semiring::multiply_accumulate;
using tropic::semiring::multiply_accumulate_batch;
using tropic::semiring::multiply_accumulate_column;
using tropic::semiring::multiply_accumulate_strided;
using tropic::semiring::Product;
using tropic::semiring::Shape;

constexpr Semiring kSemirings[] = {Semiring::MaxPlus, Semiring::MinPlus};

RunOptions cpu_options(tropic::ThreadPool* pool = nullptr) {
    RunOptions o;
    o.backend = Backend::Cpu;
    o.pool = pool;
    return o;
}

template <typename T>
class TropicalEdges : public ::testing::Test {};
using ScoreTypes = ::testing::Types<std::int16_t, std::int32_t>;
TYPED_TEST_SUITE(TropicalEdges, ScoreTypes);

// Which outputs a planted operand entry reaches: A(p, q) reaches cells (p, j), B(p, q) cells
// (i, q), restricted to the cells whose k range holds the planted k.
enum class Kind { Dense, Triangular, Band };
bool reaches(Kind kind, std::size_t width, bool in_a, std::size_t p, std::size_t q, std::size_t i,
             std::size_t j) {
    std::size_t k = in_a ? q : p;
    if (in_a ? i != p : j != q) return false;
    if (kind == Kind::Dense) return true;
    return i <= k && k <= j && (kind == Kind::Triangular || j - i < width);
}

// Small random values; the planted one is the semiring's best finite value, so each output it
// reaches takes it (plus a small term) and no other output can come near.
template <typename T>
void run_planted(Kind kind, Semiring s, std::mt19937_64& rng, std::size_t m, std::size_t n,
                 std::size_t depth, std::size_t width, std::size_t max_positions) {
    SCOPED_TRACE(::testing::Message() << (s == Semiring::MaxPlus ? "max-plus" : "min-plus")
                                      << " kind " << static_cast<int>(kind) << " " << m << " x "
                                      << depth << " x " << n << " width " << width);
    const T planted = s == Semiring::MaxPlus ? Tropical<T>::bound / 2 : -Tropical<T>::bound / 2;
    const Fill<T> fill{s, -50, 50, 0.0};
    const bool tri = kind == Kind::Triangular;
    DenseBuffer<T> da, db, dc;
    BandBuffer<T> ba, bb, bc;
    if (kind == Kind::Band) {
        ba = random_band<T>(rng, n, width, 1, fill);
        bb = random_band<T>(rng, n, width, 0, fill);
        bc = random_band<T>(rng, n, width, 0, fill);
        std::fill(bc.data.begin(), bc.data.end(), Tropical<T>::zero(s));
    } else {
        da = random_dense<T>(rng, m, depth, 1, fill, tri);
        db = random_dense<T>(rng, depth, n, 2, fill, tri);
        dc = random_dense<T>(rng, m, n, 0, fill, tri);
        std::fill(dc.data.begin(), dc.data.end(), Tropical<T>::zero(s));
    }
    // Stored positions (row, column) of A and of B.
    std::vector<std::pair<std::size_t, std::size_t>> positions;
    for (std::size_t r = 0; r < std::max(m, depth); ++r)
        for (std::size_t col = 0; col < std::max(n, depth); ++col) positions.push_back({r, col});
    std::shuffle(positions.begin(), positions.end(), rng);
    for (bool in_a : {true, false}) {
        std::size_t tried = 0;
        for (auto [p, q] : positions) {
            std::size_t rows = in_a ? m : depth, cols = in_a ? depth : n;
            if (p >= rows || q >= cols) continue;
            if (kind != Kind::Dense && q < p) continue;
            if (kind == Kind::Band && q - p >= width) continue;
            if (tried++ == max_positions) break;
            T* cell = kind == Kind::Band
                          ? (in_a ? &ba : &bb)->data.data() + p * (in_a ? ba : bb).ld + (q - p)
                          : (in_a ? &da : &db)->data.data() + p * (in_a ? da : db).ld + q;
            const T saved = *cell;
            *cell = planted;
            std::vector<T> got, expected;
            if (kind == Kind::Band) {
                auto c = bc, e = bc;
                reference_band<T>(s, ba.view(), bb.view(), e.view());
                multiply_accumulate<T>(s, ba.view(), bb.view(), c.view(), cpu_options());
                got = c.data;
                expected = e.data;
            } else {
                auto c = dc, e = dc;
                (tri ? reference_triangular<T> : reference_dense<T>)(s, da.view(), db.view(),
                                                                     e.view());
                multiply_accumulate<T>(s, tri ? Shape::UpperTriangular : Shape::Dense, da.view(),
                                       db.view(), c.view(), cpu_options());
                got = c.data;
                expected = e.data;
            }
            *cell = saved;
            SCOPED_TRACE(::testing::Message()
                         << "planted in " << (in_a ? "A" : "B") << "(" << p << ", " << q << ")");
            ASSERT_EQ(got, expected);
            for (std::size_t i = 0; i < m; ++i)
                for (std::size_t j = 0; j < n; ++j) {
                    if (kind != Kind::Dense && (j < i || (kind == Kind::Band && j - i >= width)))
                        continue;
                    T v = kind == Kind::Band ? got[i * bc.ld + (j - i)] : got[i * dc.ld + j];
                    bool near = s == Semiring::MaxPlus ? v >= planted - 100 && v <= planted + 100
                                                       : v <= planted + 100 && v >= planted - 100;
                    ASSERT_EQ(near, reaches(kind, width, in_a, p, q, i, j))
                        << "output (" << i << ", " << j << ") = " << v;
                }
        }
    }
}

TYPED_TEST(TropicalEdges, PlantedExtremeReachesExactlyItsOutputs) {
    using T = TypeParam;
    std::uint64_t seed = test_seed();
    std::mt19937_64 rng(seed);
    SCOPED_TRACE(::testing::Message() << "seed " << seed);
    for (Semiring s : kSemirings) {
        // Every position on small shapes.
        run_planted<T>(Kind::Dense, s, rng, 1, 1, 1, 0, 1000);
        run_planted<T>(Kind::Dense, s, rng, 5, 7, 9, 0, 1000);
        run_planted<T>(Kind::Dense, s, rng, 4, 3, 37, 0, 1000);
        run_planted<T>(Kind::Triangular, s, rng, 1, 1, 1, 0, 1000);
        run_planted<T>(Kind::Triangular, s, rng, 11, 11, 11, 0, 1000);
        run_planted<T>(Kind::Band, s, rng, 13, 13, 13, 1, 1000);
        run_planted<T>(Kind::Band, s, rng, 13, 13, 13, 4, 1000);
        run_planted<T>(Kind::Band, s, rng, 13, 13, 13, 20, 1000);
        // Random positions on shapes that cross tile (48) and micro-block (3) edges.
        run_planted<T>(Kind::Dense, s, rng, 50, 52, 53, 0, 25);
        run_planted<T>(Kind::Triangular, s, rng, 100, 100, 100, 0, 25);
        run_planted<T>(Kind::Band, s, rng, 110, 110, 110, 60, 25);
    }
}

TYPED_TEST(TropicalEdges, InfiniteRowsAndColumnsGiveExactlyTheSentinel) {
    using T = TypeParam;
    std::mt19937_64 rng(test_seed());
    tropic::ThreadPool pool(2);
    for (Semiring s : kSemirings) {
        const T zero = Tropical<T>::zero(s);
        const std::size_t n = 61;
        auto fill = full_range<T>(s, 0.0);
        auto a = random_dense<T>(rng, n, n, 0, fill);
        auto b = random_dense<T>(rng, n, n, 0, fill);
        for (std::size_t k = 0; k < n; ++k) {
            a.data[7 * n + k] = zero;  // row 7 of A and column 12 of B: identity lines
            b.data[k * n + 12] = zero;
        }
        DenseBuffer<T> c{std::vector<T>(n * n, zero), n, n, n};
        multiply_accumulate<T>(s, Shape::Dense, a.view(), b.view(), c.view(), cpu_options(&pool));
        for (std::size_t j = 0; j < n; ++j) ASSERT_EQ(c.data[7 * n + j], zero) << j;
        for (std::size_t i = 0; i < n; ++i) ASSERT_EQ(c.data[i * n + 12], zero) << i;
        ASSERT_NE(c.data[0], zero);

        // Everything infinite: no wrap, no overflow, every cell the sentinel, in every shape.
        std::fill(a.data.begin(), a.data.end(), zero);
        std::fill(b.data.begin(), b.data.end(), zero);
        for (Shape shape : {Shape::Dense, Shape::UpperTriangular}) {
            std::fill(c.data.begin(), c.data.end(), zero);
            multiply_accumulate<T>(s, shape, a.view(), b.view(), c.view(), cpu_options(&pool));
            for (T v : c.data) ASSERT_EQ(v, zero);
        }
        BandBuffer<T> band{std::vector<T>(n * 9, zero), n, 9, 9};
        auto bc = band;
        multiply_accumulate<T>(s, band.view(), band.view(), bc.view(), cpu_options(&pool));
        for (T v : bc.data) ASSERT_EQ(v, zero);
    }
}

TYPED_TEST(TropicalEdges, SumsAtTheEdgesOfTheFiniteRange) {
    using T = TypeParam;
    constexpr T bound = Tropical<T>::bound;
    for (Semiring s : kSemirings) {
        const T zero = Tropical<T>::zero(s);
        const T best = s == Semiring::MaxPlus ? bound : static_cast<T>(-bound);
        const T worst = static_cast<T>(-best);
        for (std::size_t k : {1, 2, 40}) {
            // Best + best: exact at twice the bound.
            std::vector<T> a(k, best), b(k, best), c(1, zero);
            multiply_accumulate<T>(s, Shape::Dense, {a.data(), 1, k, k}, {b.data(), k, 1, 1},
                                   {c.data(), 1, 1, 1}, cpu_options());
            EXPECT_EQ(c[0], static_cast<T>(2 * best));
            // Worst + worst lies beyond the finite range on the zero's side: the sentinel.
            std::fill(a.begin(), a.end(), worst);
            std::fill(b.begin(), b.end(), worst);
            c[0] = zero;
            multiply_accumulate<T>(s, Shape::Dense, {a.data(), 1, k, k}, {b.data(), k, 1, 1},
                                   {c.data(), 1, 1, 1}, cpu_options());
            EXPECT_EQ(c[0], zero);
            // Best + zero sentinel: infinite, never mistaken for a finite sum.
            std::fill(a.begin(), a.end(), best);
            std::fill(b.begin(), b.end(), zero);
            multiply_accumulate<T>(s, Shape::Dense, {a.data(), 1, k, k}, {b.data(), k, 1, 1},
                                   {c.data(), 1, 1, 1}, cpu_options());
            EXPECT_EQ(c[0], zero);
            // The last finite value on the zero's side is kept; one step beyond it is not.
            for (T step : {T(0), T(1)}) {
                std::fill(a.begin(), a.end(), worst);
                std::fill(b.begin(), b.end(),
                          static_cast<T>(s == Semiring::MaxPlus ? -step : step));
                c[0] = zero;
                multiply_accumulate<T>(s, Shape::Dense, {a.data(), 1, k, k}, {b.data(), k, 1, 1},
                                       {c.data(), 1, 1, 1}, cpu_options());
                EXPECT_EQ(c[0], step == 0 ? worst : zero) << "step " << step;
            }
            std::fill(a.begin(), a.end(), best);
            std::fill(b.begin(), b.end(), zero);
            // A finite C survives an infinite product.
            c[0] = worst;
            multiply_accumulate<T>(s, Shape::Dense, {a.data(), 1, k, k}, {b.data(), k, 1, 1},
                                   {c.data(), 1, 1, 1}, cpu_options());
            EXPECT_EQ(c[0], worst);
        }
    }
}

TYPED_TEST(TropicalEdges, MismatchedDimensionsThrowInputError) {
    using T = TypeParam;
    const Semiring s = Semiring::MaxPlus;
    std::vector<T> buf(100, 0);
    auto m = [&](std::size_t r, std::size_t c, std::size_t ld) {
        return tropic::semiring::Matrix<T>{buf.data(), r, c, ld};
    };
    auto cm = [&](std::size_t r, std::size_t c, std::size_t ld) {
        return tropic::semiring::Matrix<const T>{buf.data(), r, c, ld};
    };
    try {
        multiply_accumulate<T>(s, Shape::Dense, cm(3, 4, 4), cm(5, 2, 2), m(3, 2, 2));
        FAIL() << "no InputError";
    } catch (const tropic::InputError& e) {
        EXPECT_NE(std::string(e.what()).find("A is 3 x 4 but B is 5 x 2"), std::string::npos)
            << e.what();
    }
    EXPECT_THROW(multiply_accumulate<T>(s, Shape::Dense, cm(3, 4, 4), cm(4, 2, 2), m(3, 3, 3)),
                 tropic::InputError);
    EXPECT_THROW(multiply_accumulate<T>(s, Shape::Dense, cm(3, 4, 3), cm(4, 2, 2), m(3, 2, 2)),
                 tropic::InputError);  // ld < cols
    EXPECT_THROW(
        multiply_accumulate<T>(s, Shape::UpperTriangular, cm(3, 4, 4), cm(4, 4, 4), m(4, 4, 4)),
        tropic::InputError);
    using tropic::semiring::Band;
    EXPECT_THROW(
        multiply_accumulate<T>(s, Band<const T>{buf.data(), 5, 3, 3},
                               Band<const T>{buf.data(), 5, 2, 3}, Band<T>{buf.data(), 5, 3, 3}),
        tropic::InputError);
    EXPECT_THROW(
        multiply_accumulate<T>(s, Band<const T>{buf.data(), 5, 3, 2},
                               Band<const T>{buf.data(), 5, 3, 3}, Band<T>{buf.data(), 5, 3, 3}),
        tropic::InputError);  // ld < width
    EXPECT_THROW(multiply_accumulate_column<T>(s, Band<const T>{buf.data(), 5, 3, 3}, 15,
                                               Band<const T>{buf.data(), 4, 3, 3}, 15,
                                               Band<T>{buf.data(), 5, 3, 3}, 15, 2),
                 tropic::InputError);
    // Strided products may not share a C.
    EXPECT_THROW(multiply_accumulate_strided<T>(s, Shape::Dense, cm(2, 2, 2), 0, cm(2, 2, 2), 0,
                                                m(2, 2, 2), 1, 3),
                 tropic::InputError);
    // In a batch, the message names the product.
    std::vector<Product<T>> batch{{cm(2, 2, 2), cm(2, 2, 2), m(2, 2, 2)},
                                  {cm(2, 3, 3), cm(2, 2, 2), m(2, 2, 2)}};
    try {
        multiply_accumulate_batch<T>(s, Shape::Dense, std::span<const Product<T>>(batch));
        FAIL() << "no InputError";
    } catch (const tropic::InputError& e) {
        EXPECT_NE(std::string(e.what()).find("product 1"), std::string::npos) << e.what();
    }
}

TYPED_TEST(TropicalEdges, EmptyMatricesAreNoOps) {
    using T = TypeParam;
    std::vector<T> c(6, 5);
    const auto before = c;
    for (Semiring s : kSemirings) {
        // depth 0: C (+)= nothing.
        multiply_accumulate<T>(s, Shape::Dense, {nullptr, 2, 0, 0}, {nullptr, 0, 3, 3},
                               {c.data(), 2, 3, 3});
        multiply_accumulate<T>(s, Shape::Dense, {nullptr, 0, 4, 4}, {c.data(), 4, 0, 0},
                               {nullptr, 0, 0, 0});
        multiply_accumulate<T>(s, Shape::UpperTriangular, {nullptr, 0, 0, 0}, {nullptr, 0, 0, 0},
                               {nullptr, 0, 0, 0});
        multiply_accumulate<T>(s, tropic::semiring::Band<const T>{nullptr, 0, 4, 4},
                               tropic::semiring::Band<const T>{nullptr, 0, 4, 4},
                               tropic::semiring::Band<T>{nullptr, 0, 4, 4});
    }
    EXPECT_EQ(c, before);
}

TEST(TropicalBackend, CudaWithoutDeviceIsAResourceError) {
    if (tropic::cuda_device_count() > 0) GTEST_SKIP() << "a CUDA device is present";
    std::vector<std::int32_t> x(4, 0);
    RunOptions o;
    o.backend = Backend::Cuda;
    EXPECT_THROW(
        multiply_accumulate<std::int32_t>(Semiring::MaxPlus, Shape::Dense, {x.data(), 2, 2, 2},
                                          {x.data(), 2, 2, 2}, {x.data(), 2, 2, 2}, o),
        tropic::ResourceError);
    // Auto falls back to the CPU.
    std::vector<std::int32_t> c(4, Tropical<std::int32_t>::neg_inf);
    multiply_accumulate<std::int32_t>(Semiring::MaxPlus, Shape::Dense, {x.data(), 2, 2, 2},
                                      {x.data(), 2, 2, 2}, {c.data(), 2, 2, 2});
    EXPECT_EQ(c, std::vector<std::int32_t>(4, 0));
}

}  // namespace
