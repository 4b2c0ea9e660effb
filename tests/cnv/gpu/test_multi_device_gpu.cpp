// Several devices (RunOptions::devices) fit cn.mops' local models as one device does: the
// block's windows in contiguous shares, each share's results placed where its windows are, with
// two and three logical devices on device 0 ("0,0", "0,0,0"), equal to device 0 alone bit for bit
// and to the CPU within the GPU tests' tolerance, both methods. SKIPs without a device.
#include <gtest/gtest.h>

#include <random>
#include <string>

#include "support/gpu_test.hpp"
#include "support/local_model_compare.hpp"
#include "support/random_cohort.hpp"
#include "support/random_rna.hpp"
#include "tropic/cnv/cnmops_params.hpp"
#include "tropic/cnv/local_model.hpp"

namespace tropic::cnv {
namespace {

class MultiDeviceLocalModelGpu : public test::GpuTest {};

void expect_identical(const LocalModelResult& a, const LocalModelResult& b) {
    EXPECT_EQ(a.windows, b.windows);
    EXPECT_EQ(a.samples, b.samples);
    EXPECT_EQ(a.classes, b.classes);
    EXPECT_EQ(a.lambda, b.lambda);
    EXPECT_EQ(a.alpha, b.alpha);
    EXPECT_EQ(a.expected_class, b.expected_class);
    EXPECT_EQ(a.sini, b.sini);
    EXPECT_EQ(a.ini, b.ini);
    EXPECT_EQ(a.prior_only_windows, b.prior_only_windows);
}

TEST_F(MultiDeviceLocalModelGpu, WindowSharesEqualOneDeviceAndCpu) {
    const std::uint64_t seed = test::test_seed();
    std::mt19937_64 rng(seed);
    const test::RandomCohort cohort = test::random_cohort(rng, 20001, 9);
    const LocalModelBlock block{cohort.windows, cohort.samples, cohort.counts.data(),
                                cohort.coverage.data(), cohort.reference_lambda.data()};
    for (const CnmopsParams& params : {CnmopsParams{}, reference_defaults()}) {
        auto fit = [&](Backend backend, std::vector<int> devices) {
            LocalModelResult result;
            fit_local_models(block, params, result, run_on(backend, std::move(devices)));
            return result;
        };
        const LocalModelResult cpu = fit(Backend::Cpu, {});
        const LocalModelResult one = fit(Backend::Cuda, {0});
        EXPECT_TRUE(test::results_match(one, cpu, params, 1e-12));
        for (const std::vector<int>& devices :
             {std::vector<int>{0, 0}, std::vector<int>{0, 0, 0}}) {
            SCOPED_TRACE(std::to_string(devices.size()) + " devices, seed " + std::to_string(seed));
            expect_identical(fit(Backend::Cuda, devices), one);
        }
    }
}

}  // namespace
}  // namespace tropic::cnv
