// GPU == CPU, bit for bit, for the tropical engine: every shape x semiring x score type, with
// infinities among the inputs, odd sizes and batches. Without a CUDA device every test SKIPs.
#include <gtest/gtest.h>

#include <random>
#include <vector>

#include "support/gpu_test.hpp"
#include "support/random_rna.hpp"
#include "tropic/core/device.hpp"
#include "tropic/semiring/product.hpp"

namespace tropic::semiring {
namespace {

template <typename T>
class SemiringGpu : public test::GpuTest {
  protected:
    static RunOptions on(Backend backend) {
        RunOptions options;
        options.backend = backend;
        return options;
    }
    // Finite values in a range that keeps int16 sums of two exact, plus some infinities.
    static std::vector<T> random_values(std::mt19937_64& rng, std::size_t count, Semiring s) {
        std::uniform_int_distribution<int> value(-Tropical<T>::bound, Tropical<T>::bound);
        std::uniform_real_distribution<double> unit(0, 1);
        std::vector<T> v(count);
        for (auto& x : v) x = unit(rng) < 0.1 ? Tropical<T>::zero(s) : T(value(rng));
        return v;
    }
};

using ScoreTypes = ::testing::Types<std::int16_t, std::int32_t>;
TYPED_TEST_SUITE(SemiringGpu, ScoreTypes);

TYPED_TEST(SemiringGpu, DenseAndTriangularMatchCpu) {
    using T = TypeParam;
    std::mt19937_64 rng(test::test_seed());
    struct Dims {
        std::size_t m, k, n;
    };
    for (Semiring s : {Semiring::MaxPlus, Semiring::MinPlus}) {
        for (Dims dims : {Dims{1, 1, 1}, Dims{2, 3, 5}, Dims{31, 33, 257}, Dims{128, 128, 128},
                          Dims{129, 300, 127}, Dims{257, 257, 257}}) {
            for (Shape shape : {Shape::Dense, Shape::UpperTriangular}) {
                std::size_t m = dims.m, k = dims.k, n = dims.n;
                if (shape == Shape::UpperTriangular) k = n = m;
                std::size_t lda = k + 3, ldb = n + 1, ldc = n + 2;  // leading dims beyond widths
                auto a = this->random_values(rng, m * lda, s);
                auto b = this->random_values(rng, k * ldb, s);
                auto c_cpu = this->random_values(rng, m * ldc, s);
                auto c_gpu = c_cpu;
                Matrix<const T> av{a.data(), m, k, lda}, bv{b.data(), k, n, ldb};
                multiply_accumulate<T>(s, shape, av, bv, Matrix<T>{c_cpu.data(), m, n, ldc},
                                       this->on(Backend::Cpu));
                multiply_accumulate<T>(s, shape, av, bv, Matrix<T>{c_gpu.data(), m, n, ldc},
                                       this->on(Backend::Cuda));
                ASSERT_EQ(c_cpu, c_gpu) << "m=" << m << " k=" << k << " n=" << n
                                        << " triangular=" << (shape == Shape::UpperTriangular)
                                        << " min-plus=" << (s == Semiring::MinPlus);
            }
        }
    }
}

TYPED_TEST(SemiringGpu, StridedBatchMatchesCpu) {
    using T = TypeParam;
    std::mt19937_64 rng(test::test_seed());
    const std::size_t m = 70, k = 45, n = 90, count = 7;
    for (Semiring s : {Semiring::MaxPlus, Semiring::MinPlus}) {
        auto a = this->random_values(rng, count * m * k, s);
        auto b = this->random_values(rng, count * k * n, s);
        auto c_cpu = this->random_values(rng, count * m * n, s);
        auto c_gpu = c_cpu;
        for (auto [c, backend] :
             {std::pair{&c_cpu, Backend::Cpu}, std::pair{&c_gpu, Backend::Cuda}})
            multiply_accumulate_strided<T>(s, Shape::Dense, Matrix<const T>{a.data(), m, k, k},
                                           m * k, Matrix<const T>{b.data(), k, n, n}, k * n,
                                           Matrix<T>{c->data(), m, n, n}, m * n, count,
                                           this->on(backend));
        ASSERT_EQ(c_cpu, c_gpu);
    }
}

TYPED_TEST(SemiringGpu, BandsMatchCpu) {
    using T = TypeParam;
    std::mt19937_64 rng(test::test_seed());
    struct Case {
        std::size_t n, width;
    };
    for (Semiring s : {Semiring::MaxPlus, Semiring::MinPlus}) {
        for (Case cs : {Case{1, 1}, Case{5, 1}, Case{33, 7}, Case{200, 64}, Case{300, 65},
                        Case{257, 128}, Case{70, 200}, Case{1000, 128}}) {
            std::size_t ld = cs.width + 2;
            auto a = this->random_values(rng, cs.n * ld, s);
            auto b = this->random_values(rng, cs.n * ld, s);
            auto c_cpu = this->random_values(rng, cs.n * ld, s);
            auto c_gpu = c_cpu;
            Band<const T> av{a.data(), cs.n, cs.width, ld}, bv{b.data(), cs.n, cs.width, ld};
            multiply_accumulate<T>(s, av, bv, Band<T>{c_cpu.data(), cs.n, cs.width, ld},
                                   this->on(Backend::Cpu));
            multiply_accumulate<T>(s, av, bv, Band<T>{c_gpu.data(), cs.n, cs.width, ld},
                                   this->on(Backend::Cuda));
            ASSERT_EQ(c_cpu, c_gpu) << "n=" << cs.n << " width=" << cs.width;
        }
    }
}

TYPED_TEST(SemiringGpu, BandBatchMatchesCpu) {
    using T = TypeParam;
    std::mt19937_64 rng(test::test_seed());
    // Three products of one geometry (one launch) and one of another.
    struct Case {
        std::size_t n, width, ld;
    };
    const std::vector<Case> cases{{300, 50, 50}, {300, 50, 50}, {300, 50, 50}, {129, 70, 75}};
    for (Semiring s : {Semiring::MaxPlus, Semiring::MinPlus}) {
        std::vector<std::vector<T>> a, b, c_cpu, c_gpu;
        for (const auto& cs : cases) {
            a.push_back(this->random_values(rng, cs.n * cs.ld, s));
            b.push_back(this->random_values(rng, cs.n * cs.ld, s));
            c_cpu.push_back(this->random_values(rng, cs.n * cs.ld, s));
        }
        c_gpu = c_cpu;
        for (auto [c, backend] :
             {std::pair{&c_cpu, Backend::Cpu}, std::pair{&c_gpu, Backend::Cuda}}) {
            std::vector<BandProduct<T>> batch;
            for (std::size_t p = 0; p < cases.size(); ++p) {
                const auto& cs = cases[p];
                batch.push_back({Band<const T>{a[p].data(), cs.n, cs.width, cs.ld},
                                 Band<const T>{b[p].data(), cs.n, cs.width, cs.ld},
                                 Band<T>{(*c)[p].data(), cs.n, cs.width, cs.ld}});
            }
            multiply_accumulate_batch<T>(s, std::span<const BandProduct<T>>(batch),
                                         this->on(backend));
        }
        ASSERT_EQ(c_cpu, c_gpu);
    }
}

TYPED_TEST(SemiringGpu, ColumnPatternMatchesCpu) {
    using T = TypeParam;
    std::mt19937_64 rng(test::test_seed());
    const std::size_t n = 150, width = 40, ld = 40, count = 6, stride = n * ld;
    for (Semiring s : {Semiring::MaxPlus, Semiring::MinPlus}) {
        auto a = this->random_values(rng, count * stride, s);
        auto b = this->random_values(rng, count * stride, s);
        auto c_cpu = this->random_values(rng, count * stride, s);
        auto c_gpu = c_cpu;
        for (auto [c, backend] :
             {std::pair{&c_cpu, Backend::Cpu}, std::pair{&c_gpu, Backend::Cuda}})
            multiply_accumulate_column<T>(s, Band<const T>{a.data(), n, width, ld}, stride,
                                          Band<const T>{b.data(), n, width, ld}, stride,
                                          Band<T>{c->data(), n, width, ld}, stride, count,
                                          this->on(backend));
        ASSERT_EQ(c_cpu, c_gpu);
    }
}

}  // namespace
}  // namespace tropic::semiring
