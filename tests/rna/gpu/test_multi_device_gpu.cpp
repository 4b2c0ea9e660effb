// Several devices (RunOptions::devices) give one device's results, in input order: every RNA batch
// entry point run with two and three logical devices on device 0 ("0,0", "0,0,0": contiguous
// shares, one host thread each, an uneven split with three) equals the same batch on device 0
// alone and, where the backends agree to the last bit, on the CPU. Without a CUDA device every
// test SKIPs visibly.
#include <gtest/gtest.h>

#include <random>
#include <string>
#include <vector>

#include "support/gpu_test.hpp"
#include "support/outcome_results.hpp"
#include "support/random_rna.hpp"
#include "tropic/rna/bpmax.hpp"
#include "tropic/rna/ensemble.hpp"
#include "tropic/rna/mfe.hpp"
#include "tropic/rna/model_details.hpp"
#include "tropic/rna/nussinov.hpp"

namespace tropic {
namespace {

using Seq = std::vector<std::uint8_t>;

class MultiDeviceRnaGpu : public test::GpuTest {
  protected:
    static RunOptions on(std::vector<int> devices) { return run_on(Backend::Cuda, devices); }
    static RunOptions on_cpu() { return run_on(Backend::Cpu); }
    // The device lists every test compares with device 0 alone.
    static std::vector<std::vector<int>> several() { return {{0, 0}, {0, 0, 0}}; }
};

// Lengths mixed so that the shares differ in count: a few long records among short ones.
std::vector<Seq> mixed_batch(std::uint64_t seed, std::size_t count, std::size_t longest) {
    std::mt19937_64 rng(seed);
    std::uniform_int_distribution<std::size_t> length(1, longest / 4);
    std::vector<Seq> seqs;
    for (std::size_t r = 0; r < count; ++r)
        seqs.push_back(test::random_rna(rng, r % 7 == 3 ? longest - r % 5 : length(rng)));
    return seqs;
}

// Every record's structure and score (score_of(result)) the same in both.
template <class Result, class Score>
void expect_same_folds(const std::vector<Result>& got, const std::vector<Result>& want,
                       Score score_of) {
    ASSERT_EQ(got.size(), want.size());
    for (std::size_t r = 0; r < got.size(); ++r) {
        EXPECT_EQ(score_of(got[r]), score_of(want[r])) << "record " << r;
        EXPECT_EQ(got[r].structure, want[r].structure) << "record " << r;
    }
}

TEST_F(MultiDeviceRnaGpu, MfeBatchEqualsOneDeviceAndCpu) {
    const auto seqs = mixed_batch(test::test_seed(), 40, 700);
    const rna::ModelDetails model;
    const auto params = model.energy_params();
    const rna::MfeParams mfe_params;
    const auto cpu = test::results_of(rna::fold_mfe_many(seqs, params, mfe_params, on_cpu()));
    const auto one = test::results_of(rna::fold_mfe_many(seqs, params, mfe_params, on({0})));
    for (const auto& devices : several()) {
        const auto many =
            test::results_of(rna::fold_mfe_many(seqs, params, mfe_params, on(devices)));
        expect_same_folds(many, one, [](const auto& f) { return f.energy; });
        expect_same_folds(many, cpu, [](const auto& f) { return f.energy; });
    }
}

TEST_F(MultiDeviceRnaGpu, NussinovBatchEqualsOneDeviceAndCpu) {
    // Short records go to the batch mode, those over 1,024 nt to the long mode one at a time.
    const auto seqs = mixed_batch(test::test_seed(), 30, 1300);
    const rna::NussinovParams params;
    const auto cpu = test::results_of(rna::fold_nussinov_many(seqs, params, on_cpu()));
    const auto one = test::results_of(rna::fold_nussinov_many(seqs, params, on({0})));
    for (const auto& devices : several()) {
        const auto many = test::results_of(rna::fold_nussinov_many(seqs, params, on(devices)));
        expect_same_folds(many, one, [](const auto& f) { return f.score; });
        expect_same_folds(many, cpu, [](const auto& f) { return f.score; });
    }
}

TEST_F(MultiDeviceRnaGpu, EnsembleBatchEqualsOneDevice) {
    // The device's ensemble sums in its own order (close to the CPU's, test_ensemble_gpu.cpp);
    // shares of the batch must give exactly one device's numbers.
    const auto seqs = mixed_batch(test::test_seed(), 24, 400);
    rna::EnsembleParams ensemble_params;
    ensemble_params.samples = 3;
    ensemble_params.mea = true;
    const rna::ModelDetails model;
    const auto params = model.energy_params();
    const auto factors = model.boltzmann_factors();
    const auto one =
        test::results_of(rna::fold_ensemble_many(seqs, params, factors, ensemble_params, on({0})));
    for (const auto& devices : several()) {
        const auto many = test::results_of(
            rna::fold_ensemble_many(seqs, params, factors, ensemble_params, on(devices)));
        ASSERT_EQ(many.size(), seqs.size());
        for (std::size_t r = 0; r < seqs.size(); ++r) {
            EXPECT_EQ(many[r].mfe.structure, one[r].mfe.structure) << "record " << r;
            EXPECT_EQ(many[r].ensemble_energy, one[r].ensemble_energy) << "record " << r;
            EXPECT_EQ(many[r].centroid, one[r].centroid) << "record " << r;
            EXPECT_EQ(many[r].mea_structure, one[r].mea_structure) << "record " << r;
            EXPECT_EQ(many[r].samples, one[r].samples) << "record " << r;
            ASSERT_EQ(many[r].pairs.size(), one[r].pairs.size()) << "record " << r;
            for (std::size_t p = 0; p < one[r].pairs.size(); ++p) {
                EXPECT_EQ(many[r].pairs[p].i, one[r].pairs[p].i);
                EXPECT_EQ(many[r].pairs[p].j, one[r].pairs[p].j);
                EXPECT_EQ(many[r].pairs[p].probability, one[r].pairs[p].probability);
            }
        }
    }
}

TEST_F(MultiDeviceRnaGpu, BpmaxManyEqualsOneDeviceAndCpu) {
    std::mt19937_64 rng(test::test_seed());
    std::uniform_int_distribution<std::size_t> length(20, 90);
    const Seq query = test::random_rna(rng, 40);
    std::vector<Seq> targets;
    for (int t = 0; t < 13; ++t) targets.push_back(test::random_rna(rng, length(rng)));
    std::vector<rna::BpmaxPairInput> pairs;
    for (const Seq& target : targets) pairs.push_back({query, target, ""});
    rna::BpmaxParams params;
    params.top = 2;
    const auto cpu = test::results_of(rna::interact_bpmax_many(pairs, params, on_cpu()));
    const auto one = test::results_of(rna::interact_bpmax_many(pairs, params, on({0})));
    auto same = [](const rna::BpmaxResult& a, const rna::BpmaxResult& b, std::size_t k) {
        ASSERT_EQ(a.sites.size(), b.sites.size()) << "pair " << k;
        for (std::size_t s = 0; s < a.sites.size(); ++s) {
            EXPECT_EQ(a.sites[s].score, b.sites[s].score) << "pair " << k;
            EXPECT_EQ(a.sites[s].begin1, b.sites[s].begin1) << "pair " << k;
            EXPECT_EQ(a.sites[s].end1, b.sites[s].end1) << "pair " << k;
            EXPECT_EQ(a.sites[s].begin2, b.sites[s].begin2) << "pair " << k;
            EXPECT_EQ(a.sites[s].end2, b.sites[s].end2) << "pair " << k;
            EXPECT_EQ(a.sites[s].pairs, b.sites[s].pairs) << "pair " << k;
        }
    };
    for (const auto& devices : several()) {
        const auto many = test::results_of(rna::interact_bpmax_many(pairs, params, on(devices)));
        ASSERT_EQ(many.size(), pairs.size());
        for (std::size_t k = 0; k < pairs.size(); ++k) {
            same(many[k], one[k], k);
            same(many[k], cpu[k], k);
        }
    }
}

// A share whose device fails gives its records the error; the others keep their results, and
// the batch's first failure in input order is the one a single device reports first.
TEST_F(MultiDeviceRnaGpu, AnAbsentDeviceFailsItsShareOnly) {
    const auto seqs = mixed_batch(test::test_seed(), 12, 120);
    const rna::ModelDetails model;
    const auto params = model.energy_params();
    RunOptions run = on({0, cuda_device_count() + 5});
    const auto outcomes = rna::fold_mfe_many(seqs, params, rna::MfeParams{}, run);
    ASSERT_EQ(outcomes.size(), seqs.size());
    EXPECT_TRUE(outcomes.front().ok()) << outcomes.front().error;
    EXPECT_FALSE(outcomes.back().ok());
}

}  // namespace
}  // namespace tropic
