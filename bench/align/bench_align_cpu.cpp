// CPU pairwise alignment benchmark (Google Benchmark): score-only local alignment of random,
// unrelated sequences, the kind of pair a database search meets most.
//
//   bench_align_cpu [Google Benchmark flags] [--threads N]
//   bench_align_cpu --benchmark_filter=protein_300       (a short run)
//
// Problems (one thread unless named):
//   local_score/protein_300x300/<kernel>   BLOSUM62, gaps 11/1 (open + k * extend)
//   local_score/dna_10kx10k/<kernel>       +2/-3, gaps 5/2
//     <kernel>: scalar (32-bit cells one by one), sse41/{8,16,32}, avx2/{8,16,32} (the striped
//     kernels this CPU runs: the whole pair as one tile), align_pair (the ladder: narrowest lanes
//     that hold the score; counter score_bits)
//   local_score/dna_20kx20k/align_pair/threads:{1,N}   the tiled fill over a ThreadPool of N
//     (default: all hardware threads); counter speedup_vs_1 (needs the 1-thread row in the run)
//     and efficiency = speedup_vs_1 / N.
//   tiles/dna_50kx50k/one_tile/threads:1, tiles/dna_50kx50k/side:<s>/threads:N   the fill alone
//     (the ladder's first kernel) in tiles of s x s on N threads against one tile on one thread:
//     the tile size's effect on the wavefront (counters speedup_vs_1, efficiency).
// Counters: GCUPS (10^9 cells per second of wall time). Each problem runs 5 times (repetitions);
// the console shows mean, median, stddev and cv; wall time in ms. The striped kernels keep their
// query profile between calls with the same query, as parasail's *_profile functions do.
// bench/align/parasail_side_by_side.py prints these figures beside parasail's.
// bench-quick-filter: protein_300x300
#include <benchmark/benchmark.h>
#include <fmt/format.h>

#include <algorithm>
#include <cstdint>
#include <optional>
#include <random>
#include <string>
#include <thread>
#include <vector>

#include "align/pairwise/pair_fill.hpp"
#include "align/pairwise/tile_kernels.hpp"
#include "align/pairwise/tile_striped.hpp"
#include "bench_support.hpp"
#include "support/random_alignment.hpp"
#include "tropic/align/pairwise.hpp"
#include "tropic/core/thread_pool.hpp"

namespace {

using tropic::align::AlignMode;
using tropic::align::Scoring;
namespace detail = tropic::align::detail;

struct Problem {
    std::string name;
    std::vector<std::uint8_t> query, target;
    Scoring scoring;
    double cells() const {
        return static_cast<double>(query.size()) * static_cast<double>(target.size());
    }
};

Problem protein_problem() {
    std::mt19937_64 rng(1);
    Problem p{"protein_300x300",
              tropic::test::random_protein(rng, 300),
              tropic::test::random_protein(rng, 300),
              {}};
    p.scoring = {tropic::align::builtin_matrix("BLOSUM62"), {11, 1}};
    return p;
}

Problem dna_problem(std::size_t length) {
    std::mt19937_64 rng(2);
    Problem p{fmt::format("dna_{}kx{}k", length / 1000, length / 1000),
              tropic::test::random_dna(rng, length),
              tropic::test::random_dna(rng, length),
              {}};
    p.scoring = {tropic::align::dna_matrix(2, -3, -3), {5, 2}};
    return p;
}

detail::TileProblem tile_problem(const Problem& p) {
    return detail::make_tile_problem(p.query, p.target, AlignMode::Local, p.scoring);
}

bool scalar_kernel(const detail::TileProblem& problem, const detail::TileBounds& tile,
                   const detail::TileEdges& edges, detail::EndCell& best) {
    detail::fill_tile_scalar(problem, tile, edges, best);
    return true;
}

// One kernel on the whole pair as one tile, as align_pair runs a short pair.
void bench_kernel(benchmark::State& state, const Problem& p, detail::TileKernel kernel) {
    const detail::TileProblem problem = tile_problem(p);
    const detail::FillPlan plan{problem.m, problem.n};
    detail::FillOutcome filled;
    tropic::bench::run_wall_timed(
        state, [&] { filled = detail::fill_pair(problem, plan, kernel, false, nullptr, {}, 0); });
    if (filled.saturated) {
        state.SkipWithError("saturated: the score does not fit these lanes");
        return;
    }
    state.counters["GCUPS"] =
        benchmark::Counter(p.cells() / 1e9, benchmark::Counter::kIsIterationInvariantRate);
    state.counters["score"] = static_cast<double>(filled.end.score);
}

std::optional<double> one_thread_seconds;

void bench_align_pair(benchmark::State& state, const Problem& p, unsigned threads) {
    std::optional<tropic::ThreadPool> pool;
    if (threads > 1) pool.emplace(threads);
    tropic::RunOptions options;
    options.pool = pool ? &*pool : nullptr;
    const tropic::align::AlignParams params{AlignMode::Local, p.scoring, true};
    tropic::align::PairAlignment result;
    const double seconds = tropic::bench::run_wall_timed(
        state, [&] { result = tropic::align::align_pair(p.query, p.target, params, options); });
    state.counters["GCUPS"] =
        benchmark::Counter(p.cells() / 1e9, benchmark::Counter::kIsIterationInvariantRate);
    state.counters["score"] = static_cast<double>(result.score);
    state.counters["score_bits"] = result.score_bits;
    if (p.cells() < 1e8) return;
    if (threads == 1) one_thread_seconds = seconds;
    if (one_thread_seconds && threads > 1) {
        state.counters["speedup_vs_1"] = *one_thread_seconds / seconds;
        state.counters["efficiency"] = *one_thread_seconds / seconds / threads;
    }
}

}  // namespace

// The tiled fill of a long pair on `threads` threads, tiles of side x side cells (0: the whole
// pair as one tile, on one thread), with the ladder's first kernel: how the tile size trades
// the wavefront's start and end against per-tile overhead.
std::optional<double> one_tile_seconds;
void bench_tiles(benchmark::State& state, const Problem& p, std::int64_t side, unsigned threads) {
    const detail::TileProblem problem = tile_problem(p);
    const detail::FillPlan plan =
        side == 0 ? detail::FillPlan{problem.m, problem.n} : detail::FillPlan{side, side};
    std::optional<tropic::ThreadPool> pool;
    if (threads > 1) pool.emplace(threads);
    const detail::KernelChoice kernel = detail::kernel_ladder(problem).front();
    detail::FillOutcome filled;
    const double seconds = tropic::bench::run_wall_timed(state, [&] {
        filled =
            detail::fill_pair(problem, plan, kernel.kernel, false, pool ? &*pool : nullptr, {}, 0);
    });
    if (filled.saturated) {
        state.SkipWithError("saturated");
        return;
    }
    state.counters["GCUPS"] =
        benchmark::Counter(p.cells() / 1e9, benchmark::Counter::kIsIterationInvariantRate);
    state.counters["bits"] = kernel.bits;
    if (side == 0) one_tile_seconds = seconds;
    if (one_tile_seconds && threads > 1) {
        state.counters["speedup_vs_1"] = *one_tile_seconds / seconds;
        state.counters["efficiency"] = *one_tile_seconds / seconds / threads;
    }
}

int main(int argc, char** argv) {
    benchmark::Initialize(&argc, argv);
    const std::optional<unsigned> threads = tropic::bench::threads_flag(argc, argv, argv[0]);
    if (!threads) return 1;
    benchmark::AddCustomContext("hardware_threads",
                                std::to_string(std::max(1u, std::thread::hardware_concurrency())));
    static const std::vector<Problem> problems = {protein_problem(), dna_problem(10000)};
    for (const Problem& p : problems) {
        const std::string prefix = "local_score/" + p.name + "/";
        tropic::bench::with_repetitions(benchmark::RegisterBenchmark((prefix + "scalar").c_str(),
                                                                     bench_kernel, p,
                                                                     &scalar_kernel))
            ->UseManualTime();
        for (detail::SimdIsa isa : detail::kSimdIsas) {
            if (!detail::cpu_supports(isa)) continue;
            for (int bits : {8, 16, 32})
                tropic::bench::with_repetitions(
                    benchmark::RegisterBenchmark(
                        fmt::format("{}{}/{}", prefix, detail::isa_name(isa), bits).c_str(),
                        bench_kernel, p, detail::striped_kernel(isa, bits)))
                    ->UseManualTime();
        }
        tropic::bench::with_repetitions(
            benchmark::RegisterBenchmark((prefix + "align_pair").c_str(), bench_align_pair, p, 1u))
            ->UseManualTime();
    }
    static const Problem long_pair = dna_problem(20000);
    std::vector<unsigned> thread_counts = {1};
    if (*threads > 1) thread_counts.push_back(*threads);
    for (unsigned n : thread_counts)
        tropic::bench::with_repetitions(
            benchmark::RegisterBenchmark(
                fmt::format("local_score/{}/align_pair/threads:{}", long_pair.name, n).c_str(),
                bench_align_pair, long_pair, n))
            ->UseManualTime()
            ->Iterations(1);

    static const Problem tiled_pair = dna_problem(50000);
    tropic::bench::with_repetitions(
        benchmark::RegisterBenchmark(
            fmt::format("tiles/{}/one_tile/threads:1", tiled_pair.name).c_str(), bench_tiles,
            tiled_pair, std::int64_t{0}, 1u))
        ->UseManualTime()
        ->Iterations(1);
    for (std::int64_t side : {256, 512, 1024, 2048, 4096})
        tropic::bench::with_repetitions(
            benchmark::RegisterBenchmark(
                fmt::format("tiles/{}/side:{}/threads:{}", tiled_pair.name, side, *threads).c_str(),
                bench_tiles, tiled_pair, side, *threads))
            ->UseManualTime()
            ->Iterations(1);

    benchmark::RunSpecifiedBenchmarks();
    benchmark::Shutdown();
    return 0;
}
