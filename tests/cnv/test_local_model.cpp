// cn.mops' local model on the CPU against the plain reference (tests/reference/cnmops_reference):
// random cohorts (a fresh seed, printed, and fixed regression seeds) for the cohort method and
// the reference method (with cn.mops' recycled prior and with fix_reference_prior), the
// minReadCount edge, zero counts, coverages other than 1 (norm = 2), 1 and 2 samples, odd and
// even sample counts (the median), 13 classes; and properties of the EM itself: the likelihood
// never decreases without a prior, posteriors and alpha sum to 1, flat windows are CN2.
#include <gtest/gtest.h>

#include <cmath>
#include <cstdio>
#include <numeric>
#include <random>
#include <span>
#include <vector>

#include "cnv/model/local_model_backends.hpp"
#include "cnv/model/window_em.hpp"
#include "reference/cnmops_reference.hpp"
#include "support/local_model_compare.hpp"
#include "support/random_cohort.hpp"
#include "tropic/cnv/cnmops_params.hpp"
#include "tropic/cnv/local_model.hpp"
#include "tropic/core/thread_pool.hpp"

namespace tropic::cnv {
namespace {

constexpr double kTolerance = 1e-12;

std::uint64_t fresh_seed() {
    static const std::uint64_t seed = std::random_device{}();
    return seed;
}

ThreadPool& pool() {
    static ThreadPool p(0);
    return p;
}

LocalModelBlock block_of(const test::RandomCohort& cohort) {
    return {cohort.windows, cohort.samples, cohort.counts.data(), cohort.coverage.data(),
            cohort.reference_lambda.data()};
}

LocalModelResult fit_cpu(const test::RandomCohort& cohort, const CnmopsParams& params,
                         bool threaded = true) {
    RunOptions run;
    run.backend = Backend::Cpu;
    run.pool = threaded ? &pool() : nullptr;
    LocalModelResult result;
    detail::fit_local_models_cpu(block_of(cohort), params, result, run);
    return result;
}

reference::CnmopsWindowFit reference_fit(const test::RandomCohort& cohort, std::size_t w,
                                         const CnmopsParams& params) {
    const std::span<const double> x(cohort.counts.data() + w * cohort.samples, cohort.samples);
    if (params.method == Method::Reference)
        return reference::cnmops_reference_window(x, cohort.coverage, cohort.reference_lambda[w],
                                                  params);
    return reference::cnmops_cohort_window(x, cohort.coverage, params);
}

// Every window of the cohort, and the count of prior-only windows, against the reference.
void expect_matches_reference(const test::RandomCohort& cohort, const CnmopsParams& params,
                              const std::string& where) {
    const LocalModelResult got = fit_cpu(cohort, params);
    ASSERT_EQ(got.windows, cohort.windows);
    std::size_t prior_only = 0;
    for (std::size_t w = 0; w < cohort.windows; ++w) {
        const reference::CnmopsWindowFit want = reference_fit(cohort, w, params);
        prior_only += want.prior_only ? 1 : 0;
        ASSERT_TRUE(test::window_matches_reference(got, w, want, params, kTolerance)) << where;
    }
    EXPECT_EQ(got.prior_only_windows, prior_only) << where;
}

CnmopsParams thirteen_class_cohort() {
    CnmopsParams params;
    const CnmopsParams wide = reference_defaults();
    params.folds = wide.folds;
    params.classes = wide.classes;
    return params;
}

std::vector<std::uint64_t> seeds() {
    return {fresh_seed(), 1, 2, 3, 20240611};
}

TEST(LocalModel, PrintsItsFreshSeed) {
    std::printf("fresh seed of this run: %llu\n", static_cast<unsigned long long>(fresh_seed()));
}

TEST(LocalModel, CohortMatchesReference) {
    for (std::uint64_t seed : seeds())
        for (std::size_t samples : {1, 2, 3, 4, 5, 6, 15, 16, 41}) {
            std::mt19937_64 rng(seed * 1000 + samples);
            const test::RandomCohort cohort = test::random_cohort(rng, 300, samples);
            expect_matches_reference(
                cohort, CnmopsParams{},
                "seed " + std::to_string(seed) + ", " + std::to_string(samples) + " samples");
        }
}

TEST(LocalModel, CohortWithCoveragesMatchesReference) {
    test::CohortShape shape;
    shape.varied_coverage = true;
    for (std::uint64_t seed : seeds())
        for (std::size_t samples : {1, 2, 7, 12}) {
            std::mt19937_64 rng(seed * 1000 + samples + 500);
            const test::RandomCohort cohort = test::random_cohort(rng, 200, samples, shape);
            expect_matches_reference(cohort, CnmopsParams{},
                                     "norm=2, seed " + std::to_string(seed) + ", " +
                                         std::to_string(samples) + " samples");
        }
}

TEST(LocalModel, CohortVariantsMatchReference) {
    std::mt19937_64 rng(fresh_seed() + 77);
    const test::RandomCohort cohort = test::random_cohort(rng, 150, 9);
    CnmopsParams params = thirteen_class_cohort();
    expect_matches_reference(cohort, params, "13 classes");
    params = exome_defaults();  // priorImpact 10, minReadCount 1
    expect_matches_reference(cohort, params, "exome defaults");
    params = CnmopsParams{};
    params.prior_impact = 0;
    expect_matches_reference(cohort, params, "priorImpact 0");
    params.cycles = 1;
    expect_matches_reference(cohort, params, "1 cycle");
    params.cycles = 60;
    expect_matches_reference(cohort, params, "60 cycles");
}

TEST(LocalModel, ReferenceMethodMatchesReference) {
    for (bool fix : {false, true})
        for (std::uint64_t seed : seeds())
            for (std::size_t samples : {1, 2, 5, 14, 15}) {
                std::mt19937_64 rng(seed * 1000 + samples + 900);
                test::CohortShape shape;
                shape.varied_coverage = samples % 2 == 0;
                const test::RandomCohort cohort = test::random_cohort(rng, 200, samples, shape);
                CnmopsParams params = reference_defaults();
                params.fix_reference_prior = fix;
                expect_matches_reference(cohort, params,
                                         std::string(fix ? "fixed prior" : "recycled prior") +
                                             ", seed " + std::to_string(seed) + ", " +
                                             std::to_string(samples) + " samples");
            }
}

// The recycled prior really differs from the fixed one (so that the test above tells them apart).
TEST(LocalModel, RecycledPriorDiffersFromFixed) {
    std::mt19937_64 rng(5);
    const test::RandomCohort cohort = test::random_cohort(rng, 50, 5);
    CnmopsParams params = reference_defaults();
    const LocalModelResult recycled = fit_cpu(cohort, params);
    params.fix_reference_prior = true;
    const LocalModelResult fixed = fit_cpu(cohort, params);
    EXPECT_NE(recycled.alpha, fixed.alpha);
}

// Counts at minReadCount everywhere give the prior; one count above it gives a fit.
TEST(LocalModel, MinReadCountEdge) {
    CnmopsParams params;  // minReadCount 5
    test::RandomCohort cohort;
    cohort.windows = 4;
    cohort.samples = 6;
    cohort.coverage.assign(6, 1.0);
    cohort.reference_lambda.assign(4, 5.0);
    cohort.counts = {5, 5, 5, 5, 5, 5,    // all at minReadCount: prior
                     0, 0, 0, 0, 0, 0,    // zeros: prior
                     5, 5, 6, 5, 5, 5,    // one above: a fit
                     0, 0, 0, 0, 0, 40};  // median 0: lambda0 from the mean
    const LocalModelResult got = fit_cpu(cohort, params, false);
    EXPECT_EQ(got.prior_only_windows, 2u);
    const std::size_t n = got.classes;
    for (std::size_t w : {0, 1}) {
        for (std::size_t i = 0; i < n; ++i) {
            EXPECT_EQ(got.lambda[w * n + i], 0.0);
            EXPECT_EQ(got.alpha[w * n + i], i == 2 ? 1.0 : 0.0);
        }
        for (std::size_t k = 0; k < 6; ++k) {
            EXPECT_EQ(got.expected_class[w * 6 + k], 2);
            EXPECT_EQ(got.sini[w * 6 + k], 0.0);
        }
        EXPECT_EQ(got.ini[w], 0.0);
    }
    EXPECT_GT(got.lambda[2 * n + 2], 0.0);
    expect_matches_reference(cohort, params, "minReadCount edge");
    params = reference_defaults();  // minReadCount 1: lambda above it keeps the fit
    cohort.reference_lambda = {1.0, 0.5, 3.0, 2.0};
    cohort.counts[0 * 6 + 0] = 1;
    for (std::size_t k = 0; k < 6; ++k) cohort.counts[0 * 6 + k] = 1;
    const LocalModelResult reference = fit_cpu(cohort, params, false);
    EXPECT_EQ(reference.prior_only_windows, 2u);
    EXPECT_EQ(reference.lambda[0 * reference.classes + 2], 1.0);  // lambda * I, I = 1 on CN2
    expect_matches_reference(cohort, params, "minReadCount edge, reference method");
}

// The per-window median is R's, for odd and even counts, with ties.
TEST(LocalModel, MedianIsRs) {
    std::mt19937_64 rng(fresh_seed() + 3);
    for (std::size_t n = 1; n <= 64; ++n)
        for (int round = 0; round < 20; ++round) {
            std::vector<double> v(n);
            for (double& x : v)
                x = static_cast<double>(std::uniform_int_distribution<int>(0, 9)(rng)) / 3.0;
            std::vector<double> scratch = v;
            EXPECT_EQ(detail::median_of(scratch.data(), 1, n), reference::r_median(v)) << n;
        }
}

TEST(LocalModel, ThreadedEqualsSingleThreaded) {
    std::mt19937_64 rng(fresh_seed() + 11);
    const test::RandomCohort cohort = test::random_cohort(rng, 3000, 7);
    const CnmopsParams params;
    const LocalModelResult a = fit_cpu(cohort, params, true), b = fit_cpu(cohort, params, false);
    EXPECT_EQ(a.lambda, b.lambda);
    EXPECT_EQ(a.alpha, b.alpha);
    EXPECT_EQ(a.sini, b.sini);
    EXPECT_EQ(a.expected_class, b.expected_class);
    EXPECT_EQ(a.ini, b.ini);
}

// EM never lowers the likelihood when nothing but the data pulls on alpha (priorImpact 0), from
// the first M-step on: cn.mops starts from lambda_i = I_i^2 lambda0, outside the model's family
// lambda_i = I_i lambda over which the M-step maximises, so the first cycle may lower it.
TEST(LocalModel, LikelihoodNeverDecreasesWithoutPrior) {
    CnmopsParams params;
    params.prior_impact = 0;
    params.cycles = 30;
    for (std::uint64_t seed : seeds()) {
        std::mt19937_64 rng(seed + 400);
        test::CohortShape shape;
        shape.cnv_rate = 0.2;
        shape.varied_coverage = seed % 2 == 0;
        const test::RandomCohort cohort = test::random_cohort(rng, 200, 10, shape);
        for (std::size_t w = 0; w < cohort.windows; ++w) {
            const reference::CnmopsWindowFit fit = reference_fit(cohort, w, params);
            for (std::size_t c = 2; c < fit.log_likelihood.size(); ++c) {
                const double before = fit.log_likelihood[c - 1], after = fit.log_likelihood[c];
                ASSERT_GE(after, before - 1e-9 * (1 + std::fabs(before)))
                    << "seed " << seed << ", window " << w << ", cycle " << c;
            }
        }
    }
}

TEST(LocalModel, PosteriorsAndAlphaSumToOne) {
    std::mt19937_64 rng(fresh_seed() + 5);
    const test::RandomCohort cohort = test::random_cohort(rng, 300, 8);
    for (const CnmopsParams& params : {CnmopsParams{}, reference_defaults()}) {
        const LocalModelResult got = fit_cpu(cohort, params);
        const std::size_t n = got.classes;
        for (std::size_t w = 0; w < cohort.windows; ++w) {
            const double alpha = std::accumulate(&got.alpha[w * n], &got.alpha[w * n] + n, 0.0);
            EXPECT_NEAR(alpha, 1.0, 1e-12) << w;
            const reference::CnmopsWindowFit fit = reference_fit(cohort, w, params);
            for (std::size_t k = 0; k < cohort.samples; ++k) {
                const double* row = &fit.posterior[k * n];
                EXPECT_NEAR(std::accumulate(row, row + n, 0.0), 1.0, 1e-12) << w << " " << k;
            }
        }
    }
}

// A window where every sample has the same count is CN2 for every sample, at any scale.
TEST(LocalModel, FlatWindowsAreCn2AtEveryScale) {
    for (const CnmopsParams& params : {CnmopsParams{}, thirteen_class_cohort(), exome_defaults()}) {
        test::RandomCohort cohort;
        cohort.samples = 11;
        cohort.coverage.assign(cohort.samples, 1.0);
        for (double level : {6.0, 10.0, 37.0, 100.0, 1000.0, 1e4, 1e5}) {
            cohort.counts.insert(cohort.counts.end(), cohort.samples, level);
            cohort.reference_lambda.push_back(level);
            ++cohort.windows;
        }
        const LocalModelResult got = fit_cpu(cohort, params);
        EXPECT_EQ(got.prior_only_windows, 0u);
        for (std::size_t j = 0; j < got.expected_class.size(); ++j)
            EXPECT_EQ(params.classes[got.expected_class[j]], "CN2")
                << "window " << j / cohort.samples;
        expect_matches_reference(cohort, params, "flat windows");
    }
}

}  // namespace
}  // namespace tropic::cnv
