// CPU Nussinov benchmark (Google Benchmark): the tiled multi-threaded fold against the plain
// single-threaded reference, on random sequences (uniform A, C, G, U; unit weights, min loop 3).
//
//   bench_nussinov_cpu [Google Benchmark flags]
//   bench_nussinov_cpu --benchmark_filter='reference|n:1000/'    (a short run)
//
// Problems: nussinov_reference/n:2000, then nussinov_tiled/n:{1000,2000,5000}/workers:{1,all}
// (workers: the thread pool's size; 1 runs without a pool). Each is run 5 times (repetitions) and
// the console shows mean, median, stddev and cv over them; wall time in ms. Counters:
//   steps_per_second    max-plus steps (n^3/6 per fold) per second of wall time
//   speedup_vs_ref      reference time / this time, at the reference's length (2000)
//   speedup_vs_ref_est  the same at other lengths, the reference's median time scaled by n^3
// The speed-ups need the reference in the same run (it is registered first); a filter that
// leaves it out drops them. At n = 2000 the tiled score is checked against the reference's.
// bench-quick-filter: reference|n:1000/
#include <benchmark/benchmark.h>
#include <fmt/format.h>

#include <algorithm>
#include <cstdint>
#include <optional>
#include <random>
#include <thread>
#include <vector>

#include "bench_support.hpp"
#include "reference/nussinov_reference.hpp"
#include "rna/nussinov/nussinov_cpu.hpp"
#include "tropic/core/thread_pool.hpp"
#include "tropic/rna/nussinov.hpp"

namespace {

constexpr std::size_t kReferenceLength = 2000;

double steps(std::size_t n) {
    double x = static_cast<double>(n);
    return x * x * x / 6.0;
}

// What the reference benchmark measured: seconds per fold of each repetition, and its score.
struct ReferenceRuns {
    std::vector<double> seconds;
    std::optional<std::int64_t> score;

    std::optional<double> median_seconds() const {
        if (seconds.empty()) return std::nullopt;
        std::vector<double> sorted = seconds;
        std::sort(sorted.begin(), sorted.end());
        return sorted[sorted.size() / 2];
    }
};

ReferenceRuns reference_runs;
bool score_mismatch = false;

void bench_reference(benchmark::State& state) {
    const tropic::rna::NussinovParams params;  // min_loop 3, AU = GC = GU = 1
    const auto seq = tropic::bench::seeded_rna(kReferenceLength, 1);
    std::int64_t score = 0;
    const double seconds = tropic::bench::run_wall_timed(
        state, [&] { score = tropic::reference::nussinov_reference_fold(seq, params).score; });
    reference_runs.seconds.push_back(seconds);
    reference_runs.score = score;
    state.counters["steps_per_second"] =
        benchmark::Counter(steps(kReferenceLength), benchmark::Counter::kIsIterationInvariantRate);
}

void bench_tiled(benchmark::State& state, std::size_t n, unsigned workers) {
    const tropic::rna::NussinovParams params;
    const auto seq = tropic::bench::seeded_rna(n, 1);
    std::optional<tropic::ThreadPool> pool;
    if (workers > 1) pool.emplace(workers);
    tropic::rna::NussinovResult result;
    const double seconds = tropic::bench::run_wall_timed(state, [&] {
        result = tropic::rna::detail::fold_nussinov_cpu(seq, params, pool ? &*pool : nullptr);
    });
    if (n == kReferenceLength && reference_runs.score && result.score != *reference_runs.score) {
        score_mismatch = true;
        state.SkipWithError(fmt::format("score {} differs from the reference's {}", result.score,
                                        *reference_runs.score)
                                .c_str());
        return;
    }
    state.counters["steps_per_second"] =
        benchmark::Counter(steps(n), benchmark::Counter::kIsIterationInvariantRate);
    if (auto reference = reference_runs.median_seconds()) {
        const double reference_at_n = *reference * steps(n) / steps(kReferenceLength);
        state.counters[n == kReferenceLength ? "speedup_vs_ref" : "speedup_vs_ref_est"] =
            reference_at_n / seconds;
    }
}

}  // namespace

int main(int argc, char** argv) {
    benchmark::Initialize(&argc, argv);
    if (benchmark::ReportUnrecognizedArguments(argc, argv)) return 1;
    const unsigned all_threads = std::max(1u, std::thread::hardware_concurrency());
    benchmark::AddCustomContext("hardware_threads", std::to_string(all_threads));

    // One reference fold takes seconds: one per repetition.
    tropic::bench::with_repetitions(
        benchmark::RegisterBenchmark(
            fmt::format("nussinov_reference/n:{}", kReferenceLength).c_str(), bench_reference))
        ->UseManualTime()
        ->Iterations(1);
    std::vector<unsigned> worker_counts = {1};
    if (all_threads > 1) worker_counts.push_back(all_threads);
    for (std::size_t n : {1000, 2000, 5000})
        for (unsigned workers : worker_counts) {
            auto* b = tropic::bench::with_repetitions(benchmark::RegisterBenchmark(
                fmt::format("nussinov_tiled/n:{}/workers:{}", n, workers).c_str(), bench_tiled, n,
                workers));
            b->UseManualTime();
            if (n >= 5000) b->Iterations(1);
        }

    benchmark::RunSpecifiedBenchmarks();
    benchmark::Shutdown();
    return score_mismatch ? 3 : 0;
}
