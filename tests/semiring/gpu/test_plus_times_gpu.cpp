// The plus-times products on a CUDA device against the CPU: integers bit for bit (classical and
// Strassen-Winograd, wrapping values), floats within the error bound of the long double
// reference. Without a CUDA device every test SKIPs.
#include <gtest/gtest.h>

#include <cstdint>
#include <iostream>
#include <random>
#include <string>
#include <vector>

#include "semiring/plus_times/strassen_winograd.hpp"
#include "semiring/plus_times_fixtures.hpp"
#include "support/gpu_test.hpp"
#include "support/random_rna.hpp"
#include "tropic/core/error.hpp"

namespace tropic::semiring {
namespace {

template <typename T>
class PlusTimesGpu : public test::GpuTest {
  protected:
    static PlusTimesOptions with(ProductAlgorithm algorithm, std::size_t threshold) {
        PlusTimesOptions o;
        o.algorithm = algorithm;
        o.threshold = threshold;
        o.allow_float_strassen = true;
        return o;
    }
    static std::vector<T> run(const test::PlusTimesCase<T>& x, const PlusTimesOptions& product,
                              Backend backend) {
        std::vector<T> c = x.c;
        multiply_accumulate_plus_times<T>(x.av(), x.bv(), Matrix<T>{c.data(), x.m, x.n, x.ldc},
                                          product, run_on(backend));
        return c;
    }
};
using ValueTypes = ::testing::Types<std::int32_t, std::int64_t, float, double>;
TYPED_TEST_SUITE(PlusTimesGpu, ValueTypes);

TYPED_TEST(PlusTimesGpu, MatchesCpu) {
    using T = TypeParam;
    std::mt19937_64 rng(test::test_seed());
    struct Dims {
        std::size_t m, k, n;
    };
    for (Dims d : {Dims{1, 1, 1}, Dims{3, 5, 7}, Dims{65, 129, 63}, Dims{200, 300, 257},
                   Dims{513, 511, 517}, Dims{1024, 1024, 1024}}) {
        const auto x = test::random_case<T>(rng, d.m, d.k, d.n);
        const auto expected = test::reference_product(x);
        for (auto [algorithm, threshold] :
             {std::pair{ProductAlgorithm::Classical, std::size_t{0}},
              std::pair{ProductAlgorithm::StrassenWinograd, std::size_t{1}},
              std::pair{ProductAlgorithm::StrassenWinograd, std::size_t{16}},
              std::pair{ProductAlgorithm::StrassenWinograd, std::size_t{64}}}) {
            // Every level multiplies the launches by 7: deep recursions only on small products.
            if ((threshold == 1 && d.m > 8) || (threshold == 16 && d.m > 600)) continue;
            const auto product = this->with(algorithm, threshold);
            const int levels = algorithm == ProductAlgorithm::Classical
                                   ? 0
                                   : detail::strassen_depth(d.m, d.k, d.n, threshold);
            const std::string what = std::to_string(d.m) + " x " + std::to_string(d.k) + " x " +
                                     std::to_string(d.n) + ", " + std::to_string(levels) +
                                     " levels";
            const auto gpu = this->run(x, product, Backend::Cuda);
            const double error = test::check_against_reference(
                x, gpu, expected, test::error_bound(x, levels), "gpu " + what);
            if constexpr (PlusTimes<T>::exact) {
                EXPECT_EQ(gpu, this->run(x, product, Backend::Cpu)) << what;
            } else {
                std::cout << "[   INFO   ] " << what << ": max abs error " << error << "\n";
            }
            if (::testing::Test::HasFailure()) return;
        }
    }
}

// A product that cannot fit the device is refused before anything is allocated or read.
TYPED_TEST(PlusTimesGpu, TooLargeForTheDeviceIsAResourceError) {
    using T = TypeParam;
    const std::size_t n = std::size_t{1} << 20;  // 3 x 2^40 elements
    T cell{};
    Matrix<const T> a{&cell, n, n, n};
    try {
        multiply_accumulate_plus_times<T>(a, a, Matrix<T>{&cell, n, n, n}, {},
                                          this->run_on(Backend::Cuda));
        ADD_FAILURE() << "no error";
    } catch (const ResourceError& e) {
        EXPECT_NE(std::string(e.what()).find("square products up to n = "), std::string::npos)
            << e.what();
    }
}

}  // namespace
}  // namespace tropic::semiring
