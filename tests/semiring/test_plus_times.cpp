// The plus-times products on the CPU against the plain triple loop: every type, classical and
// Strassen-Winograd at many thresholds, odd and thin shapes, leading dimensions beyond the
// widths, wrapping integers (Strassen-Winograd == classical, bit for bit), float error bounds,
// thread counts, and the errors of bad shapes and too little memory.
#include <gtest/gtest.h>

#include <cstdint>
#include <limits>
#include <random>
#include <string>
#include <vector>

#include "semiring/plus_times/strassen_winograd.hpp"
#include "semiring/plus_times_fixtures.hpp"
#include "support/random_rna.hpp"
#include "tropic/core/error.hpp"
#include "tropic/core/thread_pool.hpp"

namespace {

using namespace tropic::test;
using tropic::Backend;
using tropic::InputError;
using tropic::ResourceError;
using tropic::RunOptions;
using tropic::ThreadPool;
using tropic::semiring::Matrix;
using tropic::semiring::multiply_accumulate_plus_times;
using tropic::semiring::PlusTimes;
using tropic::semiring::PlusTimesOptions;
using tropic::semiring::ProductAlgorithm;
using tropic::semiring::detail::strassen_depth;

constexpr std::uint64_t kRegressionSeeds[] = {1, 20261127, 0xC0FFEE};

// Fresh seed first (printed), then the fixed ones.
std::vector<std::uint64_t> seeds() {
    return {test_seed(), kRegressionSeeds[0], kRegressionSeeds[1], kRegressionSeeds[2]};
}

PlusTimesOptions strassen(std::size_t threshold) {
    PlusTimesOptions o;
    o.algorithm = ProductAlgorithm::StrassenWinograd;
    o.threshold = threshold;
    o.allow_float_strassen = true;
    return o;
}
PlusTimesOptions classical() {
    PlusTimesOptions o;
    o.algorithm = ProductAlgorithm::Classical;
    return o;
}

RunOptions on_cpu(ThreadPool* pool = nullptr) {
    RunOptions o;
    o.backend = Backend::Cpu;
    o.pool = pool;
    return o;
}

// C after the product of `x` as `product` says.
template <typename T>
std::vector<T> run(const PlusTimesCase<T>& x, const PlusTimesOptions& product,
                   const RunOptions& options = on_cpu()) {
    std::vector<T> c = x.c;
    multiply_accumulate_plus_times<T>(x.av(), x.bv(), Matrix<T>{c.data(), x.m, x.n, x.ldc}, product,
                                      options);
    return c;
}

// Levels that `product` runs on x.
template <typename T>
int levels(const PlusTimesCase<T>& x, const PlusTimesOptions& product) {
    if (product.algorithm == ProductAlgorithm::Classical) return 0;
    return strassen_depth(x.m, x.k, x.n, product.threshold);
}

template <typename T>
class PlusTimesProduct : public ::testing::Test {};
using ValueTypes = ::testing::Types<std::int32_t, std::int64_t, float, double>;
TYPED_TEST_SUITE(PlusTimesProduct, ValueTypes);

TEST(PlusTimesSemiring, IntegersWrapAsTwosComplement) {
    using I32 = PlusTimes<std::int32_t>;
    using I64 = PlusTimes<std::int64_t>;
    constexpr auto max32 = std::numeric_limits<std::int32_t>::max();
    constexpr auto min32 = std::numeric_limits<std::int32_t>::min();
    static_assert(I32::add(max32, 1) == min32);
    static_assert(I32::mul(65536, 65536) == 0);
    static_assert(I32::mul(min32, -1) == min32);
    static_assert(I32::multiply_add(max32, 2, 3) == 1);  // 2^32 - 2 + 3
    static_assert(I64::mul(std::int64_t{1} << 62, 4) == 0);
    static_assert(I64::add(std::numeric_limits<std::int64_t>::max(), 1) ==
                  std::numeric_limits<std::int64_t>::min());
    static_assert(PlusTimes<double>::multiply_add(1.5, 2.0, 0.25) == 3.25);
    static_assert(PlusTimes<float>::zero == 0.0f && PlusTimes<float>::one == 1.0f);
    EXPECT_TRUE(I32::exact && I64::exact && !PlusTimes<float>::exact);
}

TYPED_TEST(PlusTimesProduct, SmallAndOddShapesMatchReference) {
    using T = TypeParam;
    std::mt19937_64 rng(kRegressionSeeds[1]);
    const std::size_t sizes[] = {1, 2, 3, 4, 5, 7, 8, 13, 16, 33};
    for (std::size_t m : sizes)
        for (std::size_t k : sizes)
            for (std::size_t n : sizes) {
                const auto x = random_case<T>(rng, m, k, n);
                const auto expected = reference_product(x);
                for (const auto& product : {classical(), strassen(1), strassen(2), strassen(3)}) {
                    const std::string what = "m=" + std::to_string(m) + " k=" + std::to_string(k) +
                                             " n=" + std::to_string(n) +
                                             " levels=" + std::to_string(levels(x, product));
                    check_against_reference(x, run(x, product), expected,
                                            error_bound(x, levels(x, product)), what);
                    if (::testing::Test::HasFailure()) return;
                }
            }
}

TYPED_TEST(PlusTimesProduct, EmptyDimensions) {
    using T = TypeParam;
    std::mt19937_64 rng(kRegressionSeeds[0]);
    for (auto [m, k, n] : {std::array<std::size_t, 3>{0, 3, 4}, {3, 0, 4}, {3, 4, 0}, {0, 0, 0}}) {
        const auto x = random_case<T>(rng, m, k, n);
        // k = 0 leaves C as it was.
        check_against_reference(x, run(x, strassen(1)), reference_product(x), 0, "empty");
    }
}

// Every pair of 2 x 2 integer matrices over {-2 .. 1} through one Strassen-Winograd level (the
// seven products are then single multiplications), and every 3 x 3 pair over {-1, 0, 1} with a
// sampled quarter of them through one level and the peeled row, column and k.
TEST(PlusTimesBruteForce, EveryTinyIntegerProduct) {
    auto check_all = [](std::size_t size, int low, int high, std::uint64_t stride) {
        const std::size_t cells = size * size;
        const std::uint64_t values = std::uint64_t(high - low + 1);
        std::uint64_t count = 1;
        for (std::size_t c = 0; c < cells; ++c) count *= values;
        PlusTimesCase<std::int32_t> x;
        x.m = x.k = x.n = x.lda = x.ldb = x.ldc = size;
        x.a.resize(cells), x.b.resize(cells), x.c.assign(cells, 7);
        auto decode = [&](std::uint64_t code, std::vector<std::int32_t>& v) {
            for (auto& e : v) e = low + int(code % values), code /= values;
        };
        for (std::uint64_t ia = 0; ia < count; ia += stride) {
            decode(ia, x.a);
            for (std::uint64_t ib = ia % stride; ib < count; ib += stride) {
                decode(ib, x.b);
                if (run(x, strassen(1)) != reference_product(x)) {
                    ADD_FAILURE() << "size " << size << ": A code " << ia << ", B code " << ib;
                    return;
                }
            }
        }
    };
    check_all(2, -2, 1, 1);   // 65,536 pairs
    check_all(3, -1, 1, 61);  // every 61st A and B of 19,683 each
}

// Random shapes, thresholds and pools: integers over the whole range (every product overflows)
// give the same bits with Strassen-Winograd as with the classical algorithm and the reference.
TYPED_TEST(PlusTimesProduct, RandomProductsMatchReference) {
    using T = TypeParam;
    static ThreadPool pool3(3);
    ThreadPool* pools[] = {nullptr, &pool3};
    for (std::uint64_t seed : seeds()) {
        std::mt19937_64 rng(seed);
        for (int trial = 0; trial < 12; ++trial) {
            const std::size_t m = 1 + rng() % 150, k = 1 + rng() % 150, n = 1 + rng() % 150;
            const auto x = random_case<T>(rng, m, k, n);
            const auto product = strassen(1 + rng() % 40);
            const auto options = on_cpu(pools[trial % 2]);
            const auto fast = run(x, product, options);
            const auto plain = run(x, classical(), options);
            const std::string what = "seed " + std::to_string(seed) + " trial " +
                                     std::to_string(trial) + " m=" + std::to_string(m) +
                                     " k=" + std::to_string(k) + " n=" + std::to_string(n) +
                                     " threshold=" + std::to_string(product.threshold);
            const auto expected = reference_product(x);
            check_against_reference(x, fast, expected, error_bound(x, levels(x, product)), what);
            check_against_reference(x, plain, expected, error_bound(x, 0), what);
            if constexpr (PlusTimes<T>::exact) {
                EXPECT_EQ(fast, plain) << what;
            }
            if (::testing::Test::HasFailure()) return;
        }
    }
}

// Larger products, several levels: integers bit-identical, floats within the bound (the errors
// measured are printed, as Li reports them).
TYPED_TEST(PlusTimesProduct, DeepRecursionAgreesWithClassical) {
    using T = TypeParam;
    static ThreadPool pool(4);
    std::mt19937_64 rng(kRegressionSeeds[2]);
    const auto x = random_case<T>(rng, 301, 257, 283);
    const auto expected = reference_product(x);
    const auto product = strassen(32);
    const int depth = levels(x, product);
    ASSERT_EQ(depth, 3);
    const auto fast = run(x, product, on_cpu(&pool));
    const auto plain = run(x, classical(), on_cpu(&pool));
    const double fast_error =
        check_against_reference(x, fast, expected, error_bound(x, depth), "strassen");
    const double plain_error =
        check_against_reference(x, plain, expected, error_bound(x, 0), "classical");
    if constexpr (PlusTimes<T>::exact) {
        EXPECT_EQ(fast, plain);
    } else {
        std::cout << "[   INFO   ] 301 x 257 x 283, 3 levels: max abs error strassen " << fast_error
                  << ", classical " << plain_error << "\n";
    }
}

// Each cell sums over k in one order whatever the threads: the same bits for floats too.
TYPED_TEST(PlusTimesProduct, ThreadCountsGiveTheSameBits) {
    using T = TypeParam;
    static ThreadPool pool2(2), pool5(5);
    std::mt19937_64 rng(kRegressionSeeds[0]);
    const auto x = random_case<T>(rng, 200, 517, 300);
    for (const auto& product : {classical(), strassen(40)}) {
        const auto one = run(x, product, on_cpu());
        EXPECT_EQ(one, run(x, product, on_cpu(&pool2)));
        EXPECT_EQ(one, run(x, product, on_cpu(&pool5)));
    }
}

TEST(PlusTimesOptions, AutoUsesStrassenForIntegersAndOptInFloats) {
    // Auto's choice shows in the float bits: at threshold 8, float Strassen rounds differently
    // from classical only when allowed.
    std::mt19937_64 rng(kRegressionSeeds[1]);
    const auto x = random_case<float>(rng, 64, 64, 64);
    PlusTimesOptions automatic;
    automatic.threshold = 8;
    EXPECT_EQ(run(x, automatic), run(x, classical()));
    automatic.allow_float_strassen = true;
    EXPECT_EQ(run(x, automatic), run(x, strassen(8)));
    EXPECT_NE(run(x, automatic), run(x, classical()));
}

TEST(PlusTimesErrors, BadShapesAreInputErrors) {
    std::vector<double> a(12), b(12), c(12);
    auto call = [&](Matrix<const double> av, Matrix<const double> bv, Matrix<double> cv) {
        multiply_accumulate_plus_times<double>(av, bv, cv, {}, on_cpu());
    };
    EXPECT_THROW(call({a.data(), 3, 4, 4}, {b.data(), 3, 4, 4}, {c.data(), 3, 4, 4}), InputError);
    EXPECT_THROW(call({a.data(), 3, 4, 4}, {b.data(), 4, 3, 3}, {c.data(), 3, 4, 4}), InputError);
    EXPECT_THROW(call({a.data(), 3, 4, 3}, {b.data(), 4, 3, 3}, {c.data(), 3, 3, 3}), InputError);
    EXPECT_THROW(call({nullptr, 3, 4, 4}, {b.data(), 4, 3, 3}, {c.data(), 3, 3, 3}), InputError);
    try {
        call({a.data(), 2, 3, 3}, {b.data(), 2, 3, 3}, {c.data(), 2, 3, 3});
        ADD_FAILURE() << "no error";
    } catch (const InputError& e) {
        EXPECT_NE(std::string(e.what()).find("A is 2 x 3, B is 2 x 3"), std::string::npos)
            << e.what();
    }
}

TEST(PlusTimesErrors, FloatStrassenNeedsTheOptIn) {
    std::vector<float> a(4, 1), b(4, 1), c(4, 0);
    PlusTimesOptions o;
    o.algorithm = ProductAlgorithm::StrassenWinograd;
    try {
        multiply_accumulate_plus_times<float>({a.data(), 2, 2, 2}, {b.data(), 2, 2, 2},
                                              {c.data(), 2, 2, 2}, o, on_cpu());
        ADD_FAILURE() << "no error";
    } catch (const InputError& e) {
        EXPECT_NE(std::string(e.what()).find("allow_float_strassen"), std::string::npos);
    }
    std::vector<std::int32_t> ia(4, 1), ib(4, 1), ic(4, 0);
    multiply_accumulate_plus_times<std::int32_t>({ia.data(), 2, 2, 2}, {ib.data(), 2, 2, 2},
                                                 {ic.data(), 2, 2, 2}, o, on_cpu());
    EXPECT_EQ(ic, std::vector<std::int32_t>(4, 2));
}

// Strassen-Winograd's workspace is checked against the host limit before it is allocated; the
// message says what fits. The classical product needs none.
TEST(PlusTimesErrors, WorkspaceBeyondTheLimitIsAResourceError) {
    const std::size_t n = 256;
    std::vector<std::int64_t> a(n * n, 1), b(n * n, 1), c(n * n, 0);
    RunOptions limited = on_cpu();
    limited.max_memory = 64 * 1024;  // the workspace at threshold 16 is about 680 KiB
    Matrix<const std::int64_t> av{a.data(), n, n, n}, bv{b.data(), n, n, n};
    try {
        multiply_accumulate_plus_times<std::int64_t>(av, bv, {c.data(), n, n, n}, strassen(16),
                                                     limited);
        ADD_FAILURE() << "no error";
    } catch (const ResourceError& e) {
        const std::string text = e.what();
        EXPECT_NE(text.find("plus-times product of 256 x 256 by 256 x 256"), std::string::npos)
            << text;
        EXPECT_NE(text.find("square products up to n = "), std::string::npos) << text;
    }
    multiply_accumulate_plus_times<std::int64_t>(av, bv, {c.data(), n, n, n}, classical(), limited);
    EXPECT_EQ(c, std::vector<std::int64_t>(n * n, std::int64_t(n)));
}

}  // namespace
