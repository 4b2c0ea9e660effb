// CPU MFE benchmark (Google Benchmark): one fold, Turner 2004, dangles 2, on random sequences
// (uniform A, C, G, U): on one thread, and sharing one long record among the threads of a pool.
//
//   bench_mfe_cpu [Google Benchmark flags] [--threads N]   (default: all hardware threads)
//   bench_mfe_cpu --benchmark_filter='n:200/'               (a short run)
//
// Problems: mfe_cpu/n:{200,1000,2000} (one thread) and mfe_cpu_threads/n:2000 (the pool of
// --threads threads; the context line "threads" says how many). Each is run 5 times (repetitions)
// and the console shows mean, median, stddev and cv over them; wall time in ms. Counters:
//   cells_per_second           DP cells (n^2/2 pairs (i,j)) per second
//   loop_candidates_per_second interior-loop candidates (inner pairs within 30 unpaired bases,
//                              about 496 per cell) per second
// Every fold's structure is re-evaluated; a structure whose energy differs from the reported
// MFE stops the run with exit code 3.
// bench-quick-filter: n:200/
#include <benchmark/benchmark.h>
#include <fmt/format.h>

#include <optional>
#include <random>
#include <string>
#include <vector>

#include "bench_support.hpp"
#include "rna/mfe/mfe_cpu.hpp"
#include "tropic/core/thread_pool.hpp"
#include "tropic/rna/energy_eval.hpp"
#include "tropic/rna/mfe.hpp"

namespace {

bool energy_mismatch = false;

using tropic::bench::seeded_rna;

void bench_mfe(benchmark::State& state, std::size_t n, tropic::ThreadPool* pool) {
    const auto& params = tropic::rna::turner2004_params();
    const tropic::rna::MfeParams mfe_params;
    const auto seq = seeded_rna(n, 1);
    tropic::rna::MfeResult result;
    tropic::bench::run_wall_timed(state, [&] {
        result = tropic::rna::detail::fold_mfe_cpu(seq, params, mfe_params, nullptr, pool);
    });
    const int evaluated =
        tropic::rna::evaluate_structure(seq, result.structure, params, mfe_params.dangles);
    if (evaluated != result.energy) {
        energy_mismatch = true;
        state.SkipWithError(
            fmt::format("structure evaluates to {}, fold reported {}", evaluated, result.energy)
                .c_str());
        return;
    }
    const double cells = static_cast<double>(n) * static_cast<double>(n) / 2.0;
    state.counters["cells_per_second"] =
        benchmark::Counter(cells, benchmark::Counter::kIsIterationInvariantRate);
    state.counters["loop_candidates_per_second"] =
        benchmark::Counter(cells * 496.0, benchmark::Counter::kIsIterationInvariantRate);
    state.counters["mfe_kcal"] = result.energy / 100.0;
}

}  // namespace

int main(int argc, char** argv) {
    benchmark::Initialize(&argc, argv);
    const std::optional<unsigned> threads =
        tropic::bench::threads_flag(argc, argv, "bench_mfe_cpu");
    if (!threads) return 1;
    tropic::ThreadPool pool(*threads);
    benchmark::AddCustomContext("threads", std::to_string(*threads));
    for (std::size_t n : {200, 1000, 2000}) {
        auto* b = tropic::bench::with_repetitions(benchmark::RegisterBenchmark(
            fmt::format("mfe_cpu/n:{}", n).c_str(), bench_mfe, n, nullptr));
        b->UseManualTime();
        if (n >= 1000) b->Iterations(1);
    }
    tropic::bench::with_repetitions(
        benchmark::RegisterBenchmark("mfe_cpu_threads/n:2000", bench_mfe, 2000, &pool))
        ->UseManualTime()
        ->Iterations(1);
    benchmark::RunSpecifiedBenchmarks();
    benchmark::Shutdown();
    return energy_mismatch ? 3 : 0;
}
