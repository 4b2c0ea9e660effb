// GPU mirscan benchmark (Google Benchmark), in-process (CUDA context created before timing):
//   mirscan_gpu/windows:200000x120  200,000 random 120-nt windows folded in one device batch
//                                   (Turner 2004 MFE with structures, as the scan folds them)
//   mirscan_gpu/genome_mbp:N        a synthetic genome of N Mbp scanned with the defaults (120/20
//                                   windows, both strands, 100 shuffles per filtered locus)
// Counters: windows_per_second; for genomes mbp_per_second, hours_for_3_1_gbp (the human genome's
// size at the measured rate), the counts of each stage and the seconds spent folding each kind.
// bench-quick-filter: windows|genome_mbp/20/
#include <benchmark/benchmark.h>

#include <cstdlib>
#include <fstream>
#include <map>

#include "mirscan_bench.hpp"
#include "tropic/core/device.hpp"
#include "tropic/core/thread_pool.hpp"
#include "tropic/rna/mfe.hpp"

namespace {

tropic::RunOptions device_run() {
    static tropic::ThreadPool pool(0);
    tropic::RunOptions run;
    run.backend = tropic::Backend::Cuda;
    run.pool = &pool;
    return run;
}

void BM_windows(benchmark::State& state) {
    const auto count = static_cast<std::size_t>(state.range(0));
    const auto length = static_cast<std::size_t>(state.range(1));
    std::vector<std::vector<std::uint8_t>> windows;
    for (std::size_t i = 0; i < count; ++i)
        windows.push_back(tropic::bench::seeded_rna(length, i + 1));
    try {
        tropic::bench::run_wall_timed(state, [&] {
            auto folds = tropic::rna::fold_mfe_many(windows, tropic::rna::turner2004_params(),
                                                    tropic::rna::MfeParams{}, device_run());
            for (auto& f : folds) f.rethrow_error();
        });
    } catch (const std::exception& error) {
        state.SkipWithError(error.what());
        return;
    }
    state.counters["windows_per_second"] = benchmark::Counter(
        static_cast<double>(count), benchmark::Counter::kIsIterationInvariantRate);
}

void BM_genome(benchmark::State& state) {
    static std::map<std::int64_t, std::vector<tropic::SequenceRecord>> genomes;
    auto& genome = genomes[state.range(0)];
    if (genome.empty())
        genome = tropic::bench::synthetic_genome(static_cast<std::size_t>(state.range(0)));
    tropic::bench::scan_genome(state, genome, device_run());
    // TROPIC_MIRSCAN_GENOME_OUT=PREFIX writes each genome to PREFIX<Mbp>.fa, for timing the
    // command end to end on the same bases.
    if (const char* prefix = std::getenv("TROPIC_MIRSCAN_GENOME_OUT")) {
        std::ofstream out(std::string(prefix) + std::to_string(state.range(0)) + ".fa");
        for (const auto& record : genome)
            out << '>' << record.name << '\n' << record.residues << '\n';
    }
}

}  // namespace

BENCHMARK(BM_windows)
    ->Name("mirscan_gpu/windows")
    ->ArgNames({"", ""})
    ->Args({200000, 120})
    ->Repetitions(5)
    ->DisplayAggregatesOnly(true)
    ->Unit(benchmark::kMillisecond)
    ->UseManualTime();
BENCHMARK(BM_genome)
    ->Name("mirscan_gpu/genome_mbp")
    ->ArgName("")
    ->Arg(20)
    ->Arg(200)
    ->Iterations(1)
    ->Unit(benchmark::kSecond)
    ->UseManualTime();

int main(int argc, char** argv) {
    benchmark::Initialize(&argc, argv);
    if (benchmark::ReportUnrecognizedArguments(argc, argv)) return 1;
    if (!tropic::cuda_compiled() || tropic::cuda_device_count() == 0) {
        std::fprintf(stderr, "SKIPPED: no CUDA device\n");
        return 0;
    }
    tropic::warm_up_device(0);
    benchmark::RunSpecifiedBenchmarks();
    benchmark::Shutdown();
    return 0;
}
