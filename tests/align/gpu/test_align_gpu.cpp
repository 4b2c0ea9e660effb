// GPU == CPU for one pair's alignment: the device's forward fill gives the CPU's score and end
// (score only), and with a traceback from its checkpoints the same ranges and CIGAR, in all four
// modes, on random and related pairs, at the lengths where strips, lanes and chunks change
// (0, 1, 2, 31, 32, 33, ...) and on pairs of 10^4-10^5. Every CIGAR re-scores to the score.
// Without a CUDA device every test SKIPs visibly.
#include <gtest/gtest.h>

#include <random>
#include <string>
#include <vector>

#include "align/pairwise/cuda/pair_cuda.hpp"
#include "align/pairwise/tile_kernels.hpp"
#include "align/pairwise/traceback.hpp"
#include "support/gpu_test.hpp"
#include "support/random_alignment.hpp"
#include "tropic/align/pairwise.hpp"
#include "tropic/core/error.hpp"

namespace tropic::align {
namespace {

using Seq = std::vector<std::uint8_t>;
constexpr AlignMode kModes[] = {AlignMode::Local, AlignMode::Global, AlignMode::Glocal,
                                AlignMode::Overlap};

class AlignGpu : public test::GpuTest {
  protected:
    static PairAlignment on(Backend backend, const Seq& q, const Seq& t, AlignMode mode,
                            const Scoring& scoring, bool score_only) {
        AlignParams params;
        params.mode = mode;
        params.scoring = scoring;
        params.score_only = score_only;
        RunOptions options;
        options.backend = backend;
        options.pool = backend == Backend::Cpu ? &pool() : nullptr;
        return align_pair(q, t, params, options);
    }

    // The device's alignment against the CPU's; score_bits may differ (the CPU may fill in
    // narrower lanes), everything else must not.
    static void expect_same(const Seq& q, const Seq& t, AlignMode mode, const Scoring& scoring,
                            bool score_only) {
        const std::string where = std::string(mode_name(mode)) + " " + std::to_string(q.size()) +
                                  " x " + std::to_string(t.size()) +
                                  (score_only ? " score only" : " traceback");
        PairAlignment gpu = on(Backend::Cuda, q, t, mode, scoring, score_only);
        const PairAlignment cpu = on(Backend::Cpu, q, t, mode, scoring, score_only);
        ASSERT_EQ(gpu.score, cpu.score) << where;
        ASSERT_EQ(gpu.query_end, cpu.query_end) << where;
        ASSERT_EQ(gpu.target_end, cpu.target_end) << where;
        ASSERT_EQ(gpu.query_begin, cpu.query_begin) << where;
        ASSERT_EQ(gpu.target_begin, cpu.target_begin) << where;
        ASSERT_EQ(gpu.cigar, cpu.cigar) << where;
        gpu.score_bits = cpu.score_bits;
        EXPECT_EQ(gpu, cpu) << where;
        if (!score_only) {
            EXPECT_EQ(rescore(q, t, gpu, scoring), gpu.score) << where;
        }
    }
};

Scoring dna_scoring(int match = 2, int mismatch = -3, int open = 5, int extend = 2) {
    return {dna_matrix(match, mismatch, mismatch), {open, extend}};
}

TEST_F(AlignGpu, EdgeLengthsInEveryMode) {
    std::mt19937_64 rng(11);
    const std::size_t lengths[] = {0, 1, 2, 31, 32, 33, 127, 128, 129, 1000};
    for (std::size_t m : lengths)
        for (std::size_t n : lengths) {
            const Seq q = test::random_dna(rng, m), t = test::random_dna(rng, n);
            for (AlignMode mode : kModes)
                for (bool score_only : {true, false})
                    expect_same(q, t, mode, dna_scoring(), score_only);
        }
}

TEST_F(AlignGpu, RelatedPairsAndOtherCosts) {
    std::mt19937_64 rng(12);
    const Scoring schemes[] = {dna_scoring(), dna_scoring(1, -1, 0, 1), dna_scoring(5, -4, 10, 0),
                               dna_scoring(1, -2, 3, 3)};
    for (const Scoring& scoring : schemes)
        for (std::size_t m : {std::size_t{300}, std::size_t{2000}, std::size_t{5000}}) {
            const Seq q = test::random_dna(rng, m, 0.01);
            const Seq t = test::mutate(rng, q, 4, 0.1, 0.02);
            for (AlignMode mode : kModes)
                for (bool score_only : {true, false}) expect_same(q, t, mode, scoring, score_only);
        }
}

TEST_F(AlignGpu, RandomPairsFreshSeeds) {
    std::random_device device;
    const std::uint64_t seed = (std::uint64_t{device()} << 32) | device();
    SCOPED_TRACE("seed " + std::to_string(seed));
    std::mt19937_64 rng(seed);
    std::uniform_int_distribution<std::size_t> length(0, 3000);
    for (int pair = 0; pair < 12; ++pair) {
        const Seq q = test::random_dna(rng, length(rng));
        const Seq t = pair % 2 == 0 ? test::mutate(rng, q, 4, 0.15, 0.03)
                                    : test::random_dna(rng, length(rng));
        for (AlignMode mode : kModes) {
            expect_same(q, t, mode, dna_scoring(), true);
            expect_same(q, t, mode, dna_scoring(), false);
        }
    }
}

TEST_F(AlignGpu, ProteinPairs) {
    std::mt19937_64 rng(13);
    // A symmetric matrix of BLOSUM-like range over the 24 protein codes (built here, so that the
    // test needs no matrix file).
    Scoring scoring;
    scoring.matrix.alphabet = Alphabet::Protein;
    scoring.matrix.size = 24;
    scoring.matrix.name = "test24";
    scoring.matrix.scores.assign(24 * 24, 0);
    std::uniform_int_distribution<int> off(-4, 1), diag(4, 11);
    for (int a = 0; a < 24; ++a)
        for (int b = 0; b <= a; ++b)
            scoring.matrix.scores[a * 24 + b] = scoring.matrix.scores[b * 24 + a] =
                a == b ? diag(rng) : off(rng);
    scoring.gaps = {11, 1};
    for (std::size_t m : {std::size_t{1}, std::size_t{100}, std::size_t{3000}}) {
        const Seq q = test::random_protein(rng, m, true);
        const Seq t = test::mutate(rng, q, 20, 0.3, 0.02);
        for (AlignMode mode : kModes)
            for (bool score_only : {true, false}) expect_same(q, t, mode, scoring, score_only);
    }
}

TEST_F(AlignGpu, LongPairsOfTenToTheFourAndFive) {
    std::mt19937_64 rng(14);
    struct Case {
        std::size_t m, n;
        bool related;
    };
    const Case cases[] = {{10'000, 10'000, true},
                          {30'000, 20'000, false},
                          {50'000, 50'000, true},
                          {140'000, 100'000, true},
                          {300'000, 2'000, false},
                          // Strips of 512 rows (m >= 2^19), as a 1 Mbp pair gets.
                          {1'100'000, 3'000, true}};
    for (const Case& c : cases) {
        const Seq q = test::random_dna(rng, c.m);
        Seq t = c.related ? test::mutate(rng, q, 4, 0.1, 0.01) : test::random_dna(rng, c.n);
        t.resize(std::min(t.size(), c.n));
        for (AlignMode mode : kModes) expect_same(q, t, mode, dna_scoring(), true);
        // Tracebacks on the larger pairs only where they are quick enough on the CPU side.
        if (c.m * c.n <= 3'000'000'000ULL)
            for (AlignMode mode : {AlignMode::Local, AlignMode::Global})
                expect_same(q, t, mode, dna_scoring(), false);
    }
}

TEST_F(AlignGpu, DeviceCheckpointsEqualTheCpuFills) {
    // The rows and columns the traceback starts from, compared number by number.
    std::mt19937_64 rng(15);
    const Seq q = test::random_dna(rng, 3000);
    const Seq t = test::mutate(rng, q, 4, 0.1, 0.02);
    const Scoring scoring = dna_scoring();
    for (AlignMode mode : kModes) {
        const detail::TileProblem problem = detail::make_tile_problem(q, t, mode, scoring);
        const detail::FillPlan plan{512, 300};
        const detail::FillOutcome cpu = detail::fill_pair(
            problem, plan, detail::kernel_ladder(problem).back().kernel, true, nullptr, {}, 0);
        const detail::cuda::DeviceFill gpu = detail::cuda::fill_pair_cuda(problem, 512, 300, 0);
        EXPECT_EQ(gpu.end.score, cpu.end.score) << mode_name(mode);
        EXPECT_EQ(gpu.end.i, cpu.end.i) << mode_name(mode);
        EXPECT_EQ(gpu.end.j, cpu.end.j) << mode_name(mode);
        EXPECT_EQ(gpu.checkpoints.row_h, cpu.checkpoints.row_h) << mode_name(mode);
        EXPECT_EQ(gpu.checkpoints.row_i, cpu.checkpoints.row_i) << mode_name(mode);
        EXPECT_EQ(gpu.checkpoints.column_h, cpu.checkpoints.column_h) << mode_name(mode);
        EXPECT_EQ(gpu.checkpoints.column_d, cpu.checkpoints.column_d) << mode_name(mode);
    }
}

TEST_F(AlignGpu, DeviceDirectionBytesEqualTheCpus) {
    // The traceback's tile step, byte by byte: random tiles (several strips high, partial as the
    // traceback asks for them) from the CPU's checkpoints, and from random edges.
    std::mt19937_64 rng(17);
    const Scoring scoring = dna_scoring();
    for (AlignMode mode : kModes)
        for (int trial = 0; trial < 6; ++trial) {
            const Seq q = test::random_dna(rng, 200 + rng() % 2500);
            const Seq t = trial % 2 == 0 ? test::mutate(rng, q, 4, 0.1, 0.02)
                                         : test::random_dna(rng, 200 + rng() % 2500);
            const detail::TileProblem problem = detail::make_tile_problem(q, t, mode, scoring);
            const detail::FillPlan plan{700, 450};
            detail::FillOutcome filled = detail::fill_pair(
                problem, plan, detail::kernel_ladder(problem).back().kernel, true, nullptr, {}, 0);
            detail::Checkpoints& c = filled.checkpoints;
            const auto b = static_cast<std::int64_t>(rng() % (c.row_h.size() - 1));
            const auto k = static_cast<std::int64_t>(rng() % (c.column_h.size() - 1));
            const std::int64_t r0 = 1 + b * plan.block_rows, c0 = 1 + k * plan.block_columns;
            const std::int64_t rows = std::min(plan.block_rows, problem.m - r0 + 1);
            const std::int64_t columns = std::min(plan.block_columns, problem.n - c0 + 1);
            detail::DirectionTile tile;
            tile.bounds = {r0, r0 + 1 + static_cast<std::int64_t>(rng() % rows), c0,
                           c0 + 1 + static_cast<std::int64_t>(rng() % columns)};
            if (trial >= 4) {
                // Random edges: any values the recurrences accept.
                std::uniform_int_distribution<std::int32_t> value(-300, 300);
                for (auto& x : c.row_h[b]) x = value(rng);
                for (auto& x : c.row_i[b]) x = rng() % 3 == 0 ? detail::kMinusInfinity : value(rng);
                for (auto& x : c.column_h[k]) x = value(rng);
                for (auto& x : c.column_d[k])
                    x = rng() % 3 == 0 ? detail::kMinusInfinity : value(rng);
                c.column_h[k][r0 - 1] = c.row_h[b][c0 - 1];  // one corner
            }
            tile.top_h = c.row_h[b].data();
            tile.top_i = c.row_i[b].data();
            tile.left_h = c.column_h[k].data();
            tile.left_d = c.column_d[k].data();
            std::vector<std::uint8_t> cpu, gpu;
            detail::fill_directions_cpu(problem, tile, cpu);
            detail::cuda::fill_directions_cuda(problem, tile, gpu, 0);
            ASSERT_EQ(gpu, cpu) << mode_name(mode) << " trial " << trial << " tile rows "
                                << tile.bounds.r0 << ".." << tile.bounds.r1 << " columns "
                                << tile.bounds.c0 << ".." << tile.bounds.c1;
        }
}

TEST_F(AlignGpu, DeviceTracebackWithSmallTiles) {
    // Many tiles on the path (side 128 on pairs of thousands): every tile step, every edge.
    std::mt19937_64 rng(18);
    const Scoring scoring = dna_scoring();
    for (AlignMode mode : kModes)
        for (std::size_t m : {std::size_t{900}, std::size_t{3000}}) {
            const Seq q = test::random_dna(rng, m);
            const Seq t = test::mutate(rng, q, 4, 0.1, 0.02);
            const detail::TileProblem problem = detail::make_tile_problem(q, t, mode, scoring);
            PairAlignment gpu =
                detail::cuda::trace_pair_cuda(problem, detail::cuda::strip_rows(problem.m), 0);
            PairAlignment cpu = on(Backend::Cpu, q, t, mode, scoring, false);
            gpu.score_bits = cpu.score_bits;
            EXPECT_EQ(gpu, cpu) << mode_name(mode) << " " << m;
        }
}

TEST_F(AlignGpu, AutoKeepsSmallPairsOnTheCpu) {
    // A small pair under auto gives the CPU's result (and needs no device to do so).
    std::mt19937_64 rng(16);
    const Seq q = test::random_dna(rng, 500), t = test::random_dna(rng, 400);
    AlignParams params;
    params.scoring = dna_scoring();
    const PairAlignment a = align_pair(q, t, params, RunOptions{});
    RunOptions cpu;
    cpu.backend = Backend::Cpu;
    EXPECT_EQ(a, align_pair(q, t, params, cpu));
}

}  // namespace
}  // namespace tropic::align
