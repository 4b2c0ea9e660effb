// GPU == CPU for cn.mops' local model: lambda, alpha, sI/NI and I/NI within 1e-12 (relative, with
// the norm-wise floors of support/local_model_compare.hpp) and identical expected classes and
// prior-only counts, on random cohorts of (windows, samples) = (1, 2), (1000, 15), (100000, 15),
// (5000, 1000), (3000, 2), with coverages other than 1, other class sets, and the reference
// method with 13 classes (recycled and fixed prior). A block larger than one chunk (1 M windows)
// checks the pipelining over chunks. Without a CUDA device every test SKIPs visibly.
#include <gtest/gtest.h>

#include <cstdio>
#include <random>
#include <string>

#include "cnv/model/local_model_backends.hpp"
#include "support/gpu_test.hpp"
#include "support/local_model_compare.hpp"
#include "support/random_cohort.hpp"
#include "tropic/cnv/cnmops_params.hpp"
#include "tropic/cnv/local_model.hpp"

namespace tropic::cnv {
namespace {

constexpr double kTolerance = 1e-12;

std::uint64_t fresh_seed() {
    static const std::uint64_t seed = std::random_device{}();
    return seed;
}

class LocalModelGpu : public test::GpuTest {
  protected:
    static void expect_gpu_equals_cpu(const test::RandomCohort& cohort, const CnmopsParams& params,
                                      const std::string& where) {
        const LocalModelBlock block{cohort.windows, cohort.samples, cohort.counts.data(),
                                    cohort.coverage.data(), cohort.reference_lambda.data()};
        RunOptions cpu_run;
        cpu_run.backend = Backend::Cpu;
        cpu_run.pool = &pool();
        RunOptions gpu_run;
        gpu_run.backend = Backend::Cuda;
        LocalModelResult cpu, gpu;
        detail::fit_local_models_cpu(block, params, cpu, cpu_run);
        detail::fit_local_models_cuda(block, params, gpu, gpu_run);
        EXPECT_TRUE(test::results_match(gpu, cpu, params, kTolerance)) << where;
    }

    static void check(std::size_t windows, std::size_t samples, const CnmopsParams& params,
                      std::uint64_t seed, const test::CohortShape& shape = {}) {
        std::mt19937_64 rng(seed);
        const test::RandomCohort cohort = test::random_cohort(rng, windows, samples, shape);
        expect_gpu_equals_cpu(cohort, params,
                              std::to_string(windows) + " windows x " + std::to_string(samples) +
                                  " samples, seed " + std::to_string(seed));
    }
};

CnmopsParams cohort_with_classes(const CnmopsParams& classes_from) {
    CnmopsParams params;
    params.folds = classes_from.folds;
    params.classes = classes_from.classes;
    return params;
}

TEST_F(LocalModelGpu, PrintsItsFreshSeed) {
    std::printf("fresh seed of this run: %llu\n", static_cast<unsigned long long>(fresh_seed()));
}

TEST_F(LocalModelGpu, CohortSizes) {
    const std::pair<std::size_t, std::size_t> sizes[] = {
        {1, 2}, {1000, 15}, {100000, 15}, {5000, 1000}, {3000, 2}, {777, 1}, {2000, 33}};
    for (std::uint64_t seed : {fresh_seed(), std::uint64_t{12}})
        for (const auto& [windows, samples] : sizes) check(windows, samples, CnmopsParams{}, seed);
}

TEST_F(LocalModelGpu, CohortWithCoverages) {
    test::CohortShape shape;
    shape.varied_coverage = true;
    for (std::size_t samples : {2, 15, 200})
        check(3000, samples, CnmopsParams{}, 31 + samples, shape);
}

TEST_F(LocalModelGpu, OtherClassSets) {
    check(4000, 15, cohort_with_classes(reference_defaults()), fresh_seed() + 1);  // 13 classes
    check(4000, 15, exome_defaults(), fresh_seed() + 2);
    CnmopsParams five;  // a class count without its own kernel
    five.folds = {0.025, 0.5, 1, 1.5, 2};
    five.classes = {"CN0", "CN1", "CN2", "CN3", "CN4"};
    check(4000, 15, five, fresh_seed() + 3);
    CnmopsParams long_run;
    long_run.cycles = 50;
    long_run.prior_impact = 0;
    check(4000, 16, long_run, fresh_seed() + 4);
}

TEST_F(LocalModelGpu, ReferenceMethodThirteenClasses) {
    for (bool fix : {false, true}) {
        CnmopsParams params = reference_defaults();
        params.fix_reference_prior = fix;
        for (std::size_t samples : {1, 2, 15, 1000}) check(3000, samples, params, 77 + samples);
    }
}

// More windows than one chunk holds: the two streams' pipeline and the chunk offsets.
TEST_F(LocalModelGpu, BlockOfSeveralChunks) {
    check(2'300'000, 3, CnmopsParams{}, fresh_seed() + 9);
}

// The kept buffers: a larger call, then a smaller one with other samples, then the first again.
TEST_F(LocalModelGpu, BuffersKeptBetweenCalls) {
    check(50000, 20, CnmopsParams{}, 5);
    check(100, 7, reference_defaults(), 6);
    check(50000, 20, CnmopsParams{}, 5);
}

}  // namespace
}  // namespace tropic::cnv
