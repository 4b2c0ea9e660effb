#pragma once
// Random read-count cohorts for the copy-number tests and benchmarks: Poisson counts around a
// per-window level, with planted copy-number changes, windows of low counts (at or below
// minReadCount) and of zeros, and optionally coverages other than 1 (cn.mops' norm = 2).
#include <cmath>
#include <cstddef>
#include <cstdint>
#include <random>
#include <vector>

namespace tropic::test {

struct RandomCohort {
    std::size_t windows = 0, samples = 0;
    std::vector<double> counts;            // [w * samples + s]
    std::vector<double> coverage;          // [s]
    std::vector<double> reference_lambda;  // [w]: a controls' level near the window's own
};

struct CohortShape {
    double min_level = 5, max_level = 200;  // per-window expected count, log-uniform
    double cnv_rate = 0.02;                 // chance that a sample's window carries a change
    double low_rate = 0.03;                 // windows whose counts are all small (0..3)
    double zero_rate = 0.01;                // windows of zeros only
    bool varied_coverage = false;           // coverages in [0.5, 2] instead of all 1
};

inline RandomCohort random_cohort(std::mt19937_64& rng, std::size_t windows, std::size_t samples,
                                  const CohortShape& shape = {}) {
    RandomCohort c;
    c.windows = windows;
    c.samples = samples;
    c.counts.resize(windows * samples);
    c.coverage.assign(samples, 1.0);
    c.reference_lambda.resize(windows);
    std::uniform_real_distribution<double> unit(0.0, 1.0);
    if (shape.varied_coverage)
        for (double& v : c.coverage) v = 0.5 + 1.5 * unit(rng);
    // Copy-number changes: CN0, CN1, CN3, CN4, CN6 relative to CN2.
    constexpr double kFolds[] = {0.0, 0.5, 1.5, 2.0, 3.0};
    const double log_min = std::log(shape.min_level), log_max = std::log(shape.max_level);
    for (std::size_t w = 0; w < windows; ++w) {
        const double kind = unit(rng);
        const double level = std::exp(log_min + (log_max - log_min) * unit(rng));
        c.reference_lambda[w] = level * (0.8 + 0.4 * unit(rng));
        for (std::size_t s = 0; s < samples; ++s) {
            double& x = c.counts[w * samples + s];
            if (kind < shape.zero_rate) {
                x = 0;
            } else if (kind < shape.zero_rate + shape.low_rate) {
                x = static_cast<double>(std::uniform_int_distribution<int>(0, 3)(rng));
            } else {
                double mean = level * c.coverage[s];
                if (unit(rng) < shape.cnv_rate)
                    mean *= kFolds[std::uniform_int_distribution<int>(0, 4)(rng)];
                x = mean > 0 ? static_cast<double>(std::poisson_distribution<long>(mean)(rng)) : 0;
            }
        }
    }
    return c;
}

}  // namespace tropic::test
