// CPU three-sequence alignment benchmark (Google Benchmark): align3 of random, unrelated DNA
// triples (+2/-3), with and without the traceback, on 1, 2, 4, ... threads.
//
//   bench_align3_cpu [Google Benchmark flags] [--threads N]
//   bench_align3_cpu --benchmark_filter=linear_score/160   (a short run)
//
// Problems:
//   align3_cpu/linear_score/<n>/threads:<t>       n x n x n, gap 2 a residue, score only
//   align3_cpu/linear_traceback/<n>/threads:<t>   the same with the traceback
//   align3_cpu/affine_score/<n>/threads:<t>       gaps 5 + 2k (13 states a cell), score only
//   align3_cpu/affine_traceback/<n>/threads:<t>   the same with the traceback
//   <t>: 1, 2, 4, ... up to N (default: every hardware thread), and N itself.
// Counters: gcells_per_s (10^9 cells (m+1)(n+1)(p+1) per second of wall time), score, and on
// more than one thread speedup_vs_1 and efficiency = speedup_vs_1 / threads (they need the
// 1-thread row of the same problem in the run). Every traceback's columns are re-scored: a
// mismatch with the reported score stops the run with exit code 3.
// bench-quick-filter: linear_score/160|affine_score/64
#include <benchmark/benchmark.h>
#include <fmt/format.h>

#include <map>
#include <optional>
#include <random>
#include <string>
#include <thread>
#include <vector>

#include "bench_support.hpp"
#include "support/random_triple.hpp"
#include "tropic/align/align3.hpp"
#include "tropic/core/thread_pool.hpp"

namespace {

using tropic::align::Scoring;

bool score_mismatch = false;

struct Problem {
    std::string name;  // linear_score/400 ...
    tropic::test::Triple triple;
    Scoring scoring;
    bool score_only = true;
    double cells() const {
        return static_cast<double>(triple.a.size() + 1) * static_cast<double>(triple.b.size() + 1) *
               static_cast<double>(triple.c.size() + 1);
    }
};

Problem make_problem(std::size_t n, bool affine, bool score_only) {
    std::mt19937_64 rng(n);
    Problem p;
    p.name = fmt::format("{}_{}/{}", affine ? "affine" : "linear",
                         score_only ? "score" : "traceback", n);
    p.triple = tropic::test::random_triple(rng, n, n, n, false, false);
    p.scoring = {tropic::align::dna_matrix(2, -3, -3), {affine ? 5 : 0, 2}};
    p.score_only = score_only;
    return p;
}

// Seconds of the 1-thread row of each problem, for the speed-ups.
std::map<std::string, double> one_thread_seconds;

void bench_align3(benchmark::State& state, const Problem& p, unsigned threads) {
    std::optional<tropic::ThreadPool> pool;
    if (threads > 1) pool.emplace(threads);
    tropic::RunOptions options;
    options.backend = tropic::Backend::Cpu;
    options.pool = pool ? &*pool : nullptr;
    const tropic::align::Align3Params params{p.scoring, p.score_only};
    tropic::align::Align3Result result;
    const double seconds = tropic::bench::run_wall_timed(
        state, [&] { result = tropic::align::align3(p.triple.view(), params, options); });
    if (!p.score_only &&
        tropic::align::rescore3(p.triple.view(), result.columns, p.scoring) != result.score) {
        score_mismatch = true;
        state.SkipWithError("the columns do not re-score to the reported score");
        return;
    }
    if (seconds > 0) state.counters["gcells_per_s"] = p.cells() / seconds / 1e9;
    state.counters["score"] = static_cast<double>(result.score);
    if (threads == 1) one_thread_seconds[p.name] = seconds;
    const auto one = one_thread_seconds.find(p.name);
    if (threads > 1 && one != one_thread_seconds.end() && seconds > 0) {
        state.counters["speedup_vs_1"] = one->second / seconds;
        state.counters["efficiency"] = one->second / seconds / threads;
    }
}

// 1, 2, 4, ... below `most`, then `most`.
std::vector<unsigned> thread_ladder(unsigned most) {
    std::vector<unsigned> counts;
    for (unsigned t = 1; t < most; t *= 2) counts.push_back(t);
    counts.push_back(most);
    return counts;
}

}  // namespace

int main(int argc, char** argv) {
    benchmark::Initialize(&argc, argv);
    const std::optional<unsigned> threads = tropic::bench::threads_flag(argc, argv, argv[0]);
    if (!threads) return 1;
    benchmark::AddCustomContext("hardware_threads",
                                std::to_string(std::max(1u, std::thread::hardware_concurrency())));
    static const std::vector<Problem> problems = {
        make_problem(160, false, true), make_problem(160, false, false),
        make_problem(400, false, true), make_problem(400, false, false),
        make_problem(64, true, true),   make_problem(64, true, false),
        make_problem(160, true, true),  make_problem(160, true, false)};
    for (const Problem& p : problems)
        for (unsigned t : thread_ladder(*threads))
            tropic::bench::with_repetitions(
                benchmark::RegisterBenchmark(
                    fmt::format("align3_cpu/{}/threads:{}", p.name, t).c_str(), bench_align3, p, t))
                ->UseManualTime();
    benchmark::RunSpecifiedBenchmarks();
    benchmark::Shutdown();
    return score_mismatch ? 3 : 0;
}
