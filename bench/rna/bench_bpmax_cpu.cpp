// CPU BPMax benchmark (Google Benchmark): one interaction of a random 23 nt query with a random
// target (uniform A, C, G, U; default weights GC 3, AU 1, GU 1.5), full table fill, site search
// and traceback, on a pool of --threads threads.
//
//   bench_bpmax_cpu [Google Benchmark flags] [--threads N]   (default: all hardware threads)
//   bench_bpmax_cpu --benchmark_filter='23x200'               (a short run)
//
// Problems: bpmax_cpu/23x200, bpmax_cpu/23x800 (unwindowed) and bpmax_cpu/23x2000/W2:128. Each is
// run 5 times (repetitions); the console shows mean, median, stddev and cv; wall time in ms.
// Counter steps_per_second: max-plus steps of the double reduction (every band product's
// sum over cells of the split count) plus the two S2 single reductions of every cell, per second.
// bench-quick-filter: 23x200
#include <benchmark/benchmark.h>
#include <fmt/format.h>

#include <algorithm>
#include <cstdint>
#include <cstdlib>
#include <cstring>
#include <random>
#include <thread>
#include <vector>

#include "bench_support.hpp"
#include "rna/bpmax/bpmax_plan.hpp"
#include "tropic/core/thread_pool.hpp"
#include "tropic/rna/bpmax.hpp"

namespace {

void bench_pair(benchmark::State& state, std::size_t n1, std::size_t n2, std::size_t window2,
                tropic::ThreadPool* pool) {
    const auto query = tropic::bench::seeded_rna(n1, 1), target = tropic::bench::seeded_rna(n2, 2);
    tropic::rna::BpmaxParams params;
    params.window2 = window2;
    tropic::RunOptions options;
    options.backend = tropic::Backend::Cpu;
    options.pool = pool;
    std::int64_t score = 0;
    tropic::bench::run_wall_timed(state, [&] {
        score = tropic::rna::interact_bpmax(query, target, params, options).sites.at(0).score;
    });
    state.counters["score"] = params.weights.to_user_units(score);
    state.counters["steps_per_second"] =
        benchmark::Counter(tropic::rna::detail::bpmax_steps(n1, n2, params),
                           benchmark::Counter::kIsIterationInvariantRate);
}

}  // namespace

int main(int argc, char** argv) {
    benchmark::Initialize(&argc, argv);
    const std::optional<unsigned> threads =
        tropic::bench::threads_flag(argc, argv, "bench_bpmax_cpu");
    if (!threads) return 1;
    tropic::ThreadPool pool(*threads);
    benchmark::AddCustomContext("threads", std::to_string(*threads));
    struct Problem {
        std::size_t n1, n2, window2;
    };
    for (Problem p : {Problem{23, 200, 0}, Problem{23, 800, 0}, Problem{23, 2000, 128}}) {
        std::string name = fmt::format("bpmax_cpu/{}x{}", p.n1, p.n2);
        if (p.window2 != 0) name += fmt::format("/W2:{}", p.window2);
        tropic::bench::with_repetitions(
            benchmark::RegisterBenchmark(name.c_str(), bench_pair, p.n1, p.n2, p.window2, &pool))
            ->UseManualTime()
            ->Iterations(1);
    }
    benchmark::RunSpecifiedBenchmarks();
    benchmark::Shutdown();
    return 0;
}
