// GPU == CPU for BPMax: the F tables cell for cell (both fills compute the same integers), and
// through interact_bpmax the same sites and structures. Without a CUDA device every test SKIPs
// visibly.
#include <gtest/gtest.h>

#include <cstdint>
#include <functional>
#include <random>
#include <string>
#include <vector>

#include "rna/bpmax/bpmax_plan.hpp"
#include "rna/bpmax/bpmax_tables.hpp"
#include "rna/bpmax/cuda/bpmax_cuda.hpp"
#include "support/gpu_test.hpp"
#include "support/random_rna.hpp"
#include "tropic/core/device.hpp"
#include "tropic/core/error.hpp"
#include "tropic/core/thread_pool.hpp"
#include "tropic/rna/bpmax.hpp"

namespace tropic {
namespace {

using rna::BpmaxParams;
using Seq = std::vector<std::uint8_t>;

class BpmaxGpu : public test::GpuTest {
  protected:
    template <typename Score>
    static rna::detail::InteractionTables<Score> shape(const Seq& s1, const Seq& s2,
                                                       const BpmaxParams& params) {
        rna::detail::InteractionTables<Score> f;
        f.length1 = s1.size();
        f.length2 = s2.size();
        f.window1 = rna::detail::effective_window(params.window1, s1.size());
        f.width2 = rna::detail::effective_window(params.window2, s2.size()) + 1;
        f.cells.assign(f.tables() * f.table_cells(), 0);
        return f;
    }

    // Both fills from the same Problem; every cell (padding included) must agree.
    template <typename Score>
    static void expect_same_tables(const Seq& s1, const Seq& s2, const BpmaxParams& params) {
        const auto problem = rna::detail::make_problem<Score>(s1, s2, params);
        auto cpu = shape<Score>(s1, s2, params), gpu = shape<Score>(s1, s2, params);
        RunOptions engine;
        engine.backend = Backend::Cpu;
        engine.pool = &pool();
        rna::detail::fill_interaction_tables(problem, cpu, engine, &pool(), {});
        rna::detail::cuda::fill_interaction_tables(problem, gpu, 0, {});
        for (std::size_t c = 0; c < cpu.cells.size(); ++c)
            ASSERT_EQ(gpu.cells[c], cpu.cells[c])
                << sizeof(Score) * 8 << "-bit, " << s1.size() << " x " << s2.size()
                << " nt, window1 " << params.window1 << ", window2 " << params.window2 << ": cell "
                << c << " of table " << c / cpu.table_cells();
    }

    static void expect_same_sites(const Seq& s1, const Seq& s2, const BpmaxParams& params) {
        RunOptions cpu_options, gpu_options;
        cpu_options.backend = Backend::Cpu;
        cpu_options.pool = &pool();
        gpu_options.backend = Backend::Cuda;
        auto cpu = rna::interact_bpmax(s1, s2, params, cpu_options);
        auto gpu = rna::interact_bpmax(s1, s2, params, gpu_options);
        ASSERT_EQ(gpu.sites.size(), cpu.sites.size());
        for (std::size_t k = 0; k < cpu.sites.size(); ++k) {
            const auto &a = gpu.sites[k], &b = cpu.sites[k];
            EXPECT_EQ(a.score, b.score);
            EXPECT_EQ(a.begin1, b.begin1);
            EXPECT_EQ(a.end1, b.end1);
            EXPECT_EQ(a.begin2, b.begin2);
            EXPECT_EQ(a.end2, b.end2);
            EXPECT_EQ(a.pairs, b.pairs);
            EXPECT_EQ(rna::score_bpmax_structure(s1, s2, a.pairs, params.weights), a.score);
        }
    }
};

BpmaxParams random_params(std::mt19937_64& rng, std::size_t n1, std::size_t n2, int round) {
    BpmaxParams params;
    if (round % 3 == 1) params.weights = rna::BpmaxWeights{1, 1, 1, 1};
    if (round % 3 == 2) {
        std::uniform_int_distribution<int> w(0, 9);
        params.weights = rna::BpmaxWeights{w(rng), w(rng), w(rng), 1};
    }
    std::uniform_int_distribution<std::size_t> pick(0, 3);
    if (pick(rng) == 0) params.window1 = std::uniform_int_distribution<std::size_t>(1, n1)(rng);
    if (pick(rng) != 0) params.window2 = std::uniform_int_distribution<std::size_t>(1, n2)(rng);
    params.top = 1 + pick(rng);
    return params;
}

void run_random(std::uint64_t seed, int rounds,
                const std::function<void(const Seq&, const Seq&, const BpmaxParams&)>& check) {
    std::mt19937_64 rng(seed);
    for (int round = 0; round < rounds; ++round) {
        const std::size_t n1 = std::uniform_int_distribution<std::size_t>(1, 40)(rng);
        const std::size_t n2 = std::uniform_int_distribution<std::size_t>(1, 200)(rng);
        const Seq s1 = test::random_rna(rng, n1, 0.5, 0.05), s2 = test::random_rna(rng, n2);
        SCOPED_TRACE("seed " + std::to_string(seed) + " round " + std::to_string(round));
        check(s1, s2, random_params(rng, n1, n2, round));
        if (::testing::Test::HasFatalFailure()) return;
    }
}

TEST_F(BpmaxGpu, TablesEqualCpuOnRandomPairs) {
    for (std::uint64_t seed : {std::uint64_t{1}, std::uint64_t{20261121}, test::test_seed()})
        run_random(seed, 12, [](const Seq& s1, const Seq& s2, const BpmaxParams& params) {
            expect_same_tables<std::int32_t>(s1, s2, params);
            if (rna::detail::score_fits_int16(s1.size(), s2.size(), params.weights))
                expect_same_tables<std::int16_t>(s1, s2, params);
        });
}

TEST_F(BpmaxGpu, SitesAndStructuresEqualCpu) {
    for (std::uint64_t seed : {std::uint64_t{7}, test::test_seed()})
        run_random(seed, 8, expect_same_sites);
}

TEST_F(BpmaxGpu, EdgeShapes) {
    std::mt19937_64 rng(99);
    // One base each; window 1 on both strands; a long r over several 64-row tiles with the
    // BPMax scan window (width 129, three packed tiles per row tile); windows at the length.
    struct Case {
        std::size_t n1, n2, w1, w2;
    };
    for (Case c :
         {Case{1, 1, 0, 0}, Case{1, 5, 1, 1}, Case{5, 1, 0, 0}, Case{4, 64, 0, 0},
          Case{3, 65, 0, 64}, Case{12, 700, 0, 128}, Case{9, 300, 4, 300}, Case{23, 400, 0, 128}}) {
        BpmaxParams params;
        params.window1 = c.w1;
        params.window2 = c.w2;
        const Seq s1 = test::random_rna(rng, c.n1), s2 = test::random_rna(rng, c.n2);
        SCOPED_TRACE(std::to_string(c.n1) + " x " + std::to_string(c.n2));
        expect_same_tables<std::int32_t>(s1, s2, params);
        expect_same_tables<std::int16_t>(s1, s2, params);
        expect_same_sites(s1, s2, params);
    }
}

}  // namespace
}  // namespace tropic
