// CPU mirscan benchmark (Google Benchmark): a synthetic genome of 1 Mbp (background with planted
// precursor-like hairpins, mirscan_bench.hpp) scanned with the defaults on --threads N (default:
// every hardware thread). Counters: mbp_per_second, windows_per_second, per_thread_kbp_per_second
// (one strand's bases per second and thread, the figure compared with RNALfold's in
// bench/mirna/rnalfold_side_by_side.py), the stage counts and fold seconds.
// bench-quick-filter: genome_mbp/1/
#include <benchmark/benchmark.h>

#include "mirscan_bench.hpp"
#include "tropic/core/thread_pool.hpp"

namespace {

unsigned g_threads = 1;

void BM_genome(benchmark::State& state) {
    static std::vector<tropic::SequenceRecord> genome;
    if (genome.empty())
        genome = tropic::bench::synthetic_genome(static_cast<std::size_t>(state.range(0)));
    tropic::ThreadPool pool(g_threads);
    tropic::RunOptions run;
    run.backend = tropic::Backend::Cpu;
    run.pool = &pool;
    tropic::bench::scan_genome(state, genome, run);
    state.counters["threads"] = g_threads;
}

}  // namespace

BENCHMARK(BM_genome)
    ->Name("mirscan_cpu/genome_mbp")
    ->ArgName("")
    ->Arg(1)
    ->Iterations(1)
    ->Unit(benchmark::kSecond)
    ->UseManualTime();

int main(int argc, char** argv) {
    benchmark::Initialize(&argc, argv);
    std::optional<unsigned> threads = tropic::bench::threads_flag(argc, argv, argv[0]);
    if (!threads) return 1;
    g_threads = *threads;
    benchmark::RunSpecifiedBenchmarks();
    benchmark::Shutdown();
    return 0;
}
