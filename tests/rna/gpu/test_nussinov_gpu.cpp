// GPU == CPU for Nussinov folding: scores equal, structures identical (same table, same
// traceback rule) and re-scoring to the score. Without a CUDA device every test SKIPs visibly.
#include <gtest/gtest.h>

#include <cmath>
#include <random>
#include <string>

#include "reference/nussinov_reference.hpp"
#include "rna/nussinov/nussinov_cpu.hpp"
#include "support/gpu_test.hpp"
#include "support/outcome_results.hpp"
#include "support/random_rna.hpp"
#include "tropic/core/device.hpp"
#include "tropic/core/error.hpp"
#include "tropic/core/thread_pool.hpp"
#include "tropic/rna/nussinov.hpp"

namespace tropic {
namespace {

using rna::NussinovParams;
using rna::NussinovResult;

class NussinovGpu : public test::GpuTest {
  protected:
    static RunOptions cuda_options() {
        RunOptions options;
        options.backend = Backend::Cuda;
        return options;
    }
    static ThreadPool& pool() {
        static ThreadPool p(0);
        return p;
    }
    static void expect_same(const std::vector<std::uint8_t>& seq, const NussinovParams& params,
                            const NussinovResult& gpu, const NussinovResult& cpu) {
        ASSERT_EQ(gpu.score, cpu.score) << "n=" << seq.size();
        ASSERT_EQ(gpu.structure, cpu.structure) << "n=" << seq.size();
        EXPECT_EQ(rna::score_structure(seq, gpu.structure, params), gpu.score);
    }
};

std::vector<NussinovParams> parameter_sets() {
    std::vector<NussinovParams> sets(4);
    sets[1].weights = rna::PairWeights{2, 3, 1};
    sets[2].min_loop = 0;
    sets[2].weights.gu = 0;
    sets[3].min_loop = 5;
    sets[3].weights = rna::PairWeights{400, 700, 100};  // forces 32-bit scores
    return sets;
}

TEST_F(NussinovGpu, LongModeEqualsCpuAtEdgeLengths) {
    std::mt19937_64 rng(test::test_seed());
    // Tile size is 128: lengths around one and two tiles, and the tiny cases.
    for (std::size_t n : {0, 1, 2, 4, 5, 127, 128, 129, 255, 256, 257, 300, 1000}) {
        for (const auto& params : parameter_sets()) {
            auto seq = test::random_rna(rng, n, 0.5, 0.05);
            auto gpu = rna::fold_nussinov(seq, params, cuda_options());
            auto cpu = rna::detail::fold_nussinov_cpu(seq, params, &pool());
            expect_same(seq, params, gpu, cpu);
        }
    }
}

TEST_F(NussinovGpu, LongModeEqualsReferenceOnRandomLengths) {
    for (std::uint64_t seed : {std::uint64_t(20261121), test::test_seed()}) {
        std::mt19937_64 rng(seed);
        for (int trial = 0; trial < 12; ++trial) {
            std::size_t n = std::uniform_int_distribution<std::size_t>(0, 700)(rng);
            auto params = parameter_sets()[trial % 4];
            auto seq = test::random_rna(rng, n, 0.3 + 0.05 * (trial % 8));
            auto gpu = rna::fold_nussinov(seq, params, cuda_options());
            auto ref = reference::nussinov_reference_fold(seq, params);
            expect_same(seq, params, gpu, ref);
        }
    }
}

TEST_F(NussinovGpu, LongModeEqualsCpuAt10000) {
    std::mt19937_64 rng(test::test_seed());
    auto seq = test::random_rna(rng, 10000);
    NussinovParams params;
    auto gpu = rna::fold_nussinov(seq, params, cuda_options());
    auto cpu = rna::detail::fold_nussinov_cpu(seq, params, &pool());
    expect_same(seq, params, gpu, cpu);
}

TEST_F(NussinovGpu, BatchModeEqualsCpu) {
    std::mt19937_64 rng(test::test_seed());
    for (const auto& params : parameter_sets()) {
        std::vector<rna::EncodedSequence> batch;
        for (std::size_t n : {0, 1, 4, 5, 31, 32, 33, 127, 128, 129})
            batch.push_back(test::random_rna(rng, n));
        for (int r = 0; r < 500; ++r)
            batch.push_back(test::random_rna(
                rng, std::uniform_int_distribution<std::size_t>(0, 200)(rng), 0.5, 0.02));
        batch.push_back(test::random_rna(rng, 1024));
        batch.push_back(test::random_rna(rng, 1500));  // beyond batch length: long mode
        auto options = cuda_options();
        auto gpu = test::results_of(rna::fold_nussinov_many(batch, params, options));
        options.backend = Backend::Auto;  // long records to the GPU, short ones to the CPU
        auto automatic = test::results_of(rna::fold_nussinov_many(batch, params, options));
        ASSERT_EQ(gpu.size(), batch.size());
        ASSERT_EQ(automatic.size(), batch.size());
        for (std::size_t r = 0; r < batch.size(); ++r) {
            auto cpu = rna::detail::fold_nussinov_cpu(batch[r], params, nullptr);
            expect_same(batch[r], params, gpu[r], cpu);
            expect_same(batch[r], params, automatic[r], cpu);
        }
    }
}

TEST_F(NussinovGpu, TooLongForDeviceGivesResourceError) {
    // Just beyond the free device memory with 32-bit scores: refused before anything is allocated.
    auto device = query_device(0);
    ASSERT_TRUE(device.has_value());
    auto n = static_cast<std::size_t>(std::sqrt(double(device->free_memory) / 4) * 1.05);
    std::vector<std::uint8_t> seq(n, 0);
    NussinovParams params;
    params.weights = rna::PairWeights{1000, 1000, 1000};
    try {
        (void)rna::fold_nussinov(seq, params, cuda_options());
        FAIL() << "a " << n << "-nt fold should not fit";
    } catch (const ResourceError& e) {
        EXPECT_NE(std::string(e.what()).find("nt"), std::string::npos) << e.what();
    }
}

}  // namespace
}  // namespace tropic
