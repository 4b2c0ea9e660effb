// GPU Nussinov benchmark (Google Benchmark): long mode on single sequences and batch mode on many
// short ones, random sequences (uniform A, C, G, U; unit weights, so 16-bit scores and packed
// int16 DPX).
//
//   bench_nussinov_gpu [Google Benchmark flags]
//   bench_nussinov_gpu --benchmark_filter='long/n:(1000|5000)/|batch/count:100000/'   (short run)
//
// Problems: nussinov_long/n:{1000,5000,10000,26000,40000}, then
// nussinov_batch/count:100000/length:100 and nussinov_batch/count:10000/length:500. Each is run 5
// times (repetitions) and the console shows mean, median, stddev and cv over them. The time is the
// wall time of fold_nussinov / fold_nussinov_many (table, traceback, transfers; the calls are
// synchronous), in ms, after one warm-up fold that creates the context. Counters:
//   steps_per_second      max-plus steps of the split reduction, n(n-1)(n+1)/6 per sequence
//   pct_of_ceiling        steps_per_second as % of 33.3e12, the H100's packed int16 DPX rate
//   sequences_per_second  batches only
// After the benchmarks, one more fold per long length that ran, with the phases profiled
// (TROPIC_PROFILE's timing: synchronised phases, not timed here), prints the per-phase profile
// lines to stderr.
// Without a CUDA device it prints "SKIPPED: no CUDA device" and exits 0.
// bench-quick-filter: long/n:(1000|5000)/|batch/count:100000/
#include <benchmark/benchmark.h>
#include <fmt/format.h>

#include <algorithm>
#include <cstdint>
#include <cstdio>
#include <exception>
#include <random>
#include <vector>

#include "bench_support.hpp"
#include "tropic/core/device.hpp"
#include "tropic/rna/nussinov.hpp"

namespace {

// Measured ceiling of the H100 (../shared/gpu-host.md): max-plus steps per second.
constexpr double kCeilingInt16x2 = 33.3e12;

using tropic::rna::EncodedSequence;

// Steps of the split reduction, about n^3/6 per sequence.
double split_steps(double n) {
    return n * (n - 1) * (n + 1) / 6.0;
}

tropic::RunOptions cuda_options() {
    tropic::RunOptions options;
    options.backend = tropic::Backend::Cuda;
    return options;
}

std::vector<const EncodedSequence*> long_lengths_run;  // for the profiled runs afterwards

void set_rate_counters(benchmark::State& state, double steps, double seconds) {
    state.counters["steps_per_second"] =
        benchmark::Counter(steps, benchmark::Counter::kIsIterationInvariantRate);
    state.counters["pct_of_ceiling"] = 100.0 * steps / seconds / kCeilingInt16x2;
}

void bench_long(benchmark::State& state, const EncodedSequence* seq) {
    const tropic::rna::NussinovParams params;
    const auto options = cuda_options();
    try {
        const double seconds = tropic::bench::run_wall_timed(state, [&] {
            benchmark::DoNotOptimize(tropic::rna::fold_nussinov(*seq, params, options).score);
        });
        set_rate_counters(state, split_steps(double(seq->size())), seconds);
    } catch (const std::exception& error) {
        state.SkipWithError(error.what());
        return;
    }
    if (std::find(long_lengths_run.begin(), long_lengths_run.end(), seq) == long_lengths_run.end())
        long_lengths_run.push_back(seq);
}

void bench_batch(benchmark::State& state, const std::vector<EncodedSequence>* seqs) {
    const tropic::rna::NussinovParams params;
    const auto options = cuda_options();
    const double count = double(seqs->size());
    try {
        const double seconds = tropic::bench::run_wall_timed(state, [&] {
            const auto outcomes = tropic::rna::fold_nussinov_many(*seqs, params, options);
            for (const auto& outcome : outcomes) outcome.rethrow_error();
            benchmark::DoNotOptimize(outcomes.data());
        });
        set_rate_counters(state, count * split_steps(double(seqs->front().size())), seconds);
    } catch (const std::exception& error) {
        state.SkipWithError(error.what());
        return;
    }
    state.counters["sequences_per_second"] =
        benchmark::Counter(count, benchmark::Counter::kIsIterationInvariantRate);
}

}  // namespace

int main(int argc, char** argv) {
    benchmark::Initialize(&argc, argv);
    if (benchmark::ReportUnrecognizedArguments(argc, argv)) return 1;
    auto device = tropic::query_device(0);
    if (!device) {
        std::printf("bench_nussinov_gpu: SKIPPED: no CUDA device%s\n",
                    tropic::cuda_compiled() ? "" : " (built without CUDA)");
        return 0;
    }
    std::printf("device: %s, %d SMs, %.1f GB\n", device->name.c_str(), device->multiprocessors,
                device->total_memory / 1e9);
    std::fflush(stdout);
    benchmark::AddCustomContext("device", device->name);
    benchmark::AddCustomContext("ceiling_steps_per_second", "33.3e12 (packed int16 DPX, H100)");

    // The same sequences as the drivers before: one generator, in this order.
    using tropic::test::random_rna;
    std::mt19937_64 rng(42);
    const auto warm_up = random_rna(rng, 300);
    std::vector<EncodedSequence> long_sequences;
    for (std::size_t n : {1000, 5000, 10000, 26000, 40000})
        long_sequences.push_back(random_rna(rng, n));
    struct BatchCase {
        std::size_t count, length;
    };
    std::vector<std::vector<EncodedSequence>> batches;
    for (auto [count, length] : {BatchCase{100000, 100}, BatchCase{10000, 500}}) {
        batches.emplace_back();
        for (std::size_t s = 0; s < count; ++s) batches.back().push_back(random_rna(rng, length));
    }

    // Warm-up: context creation and module load are not part of any measurement.
    (void)tropic::rna::fold_nussinov(warm_up, tropic::rna::NussinovParams{}, cuda_options());

    for (const auto& seq : long_sequences) {
        auto* b = tropic::bench::with_repetitions(benchmark::RegisterBenchmark(
            fmt::format("nussinov_long/n:{}", seq.size()).c_str(), bench_long, &seq));
        b->UseManualTime();
        if (seq.size() >= 26000) b->Iterations(1);  // a fold of 0.3 s or more: one per repetition
    }
    for (const auto& seqs : batches)
        tropic::bench::with_repetitions(
            benchmark::RegisterBenchmark(
                fmt::format("nussinov_batch/count:{}/length:{}", seqs.size(), seqs.front().size())
                    .c_str(),
                bench_batch, &seqs))
            ->UseManualTime();

    benchmark::RunSpecifiedBenchmarks();
    benchmark::Shutdown();

    // One more run per length with per-phase timing (synchronised, so not part of any figure).
    std::fflush(stdout);
    for (const auto* seq : long_lengths_run)
        tropic::bench::profiled_phases([&] {
            (void)tropic::rna::fold_nussinov(*seq, tropic::rna::NussinovParams{}, cuda_options());
        });
    return 0;
}
