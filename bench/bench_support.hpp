#pragma once
// What the Google Benchmark drivers in bench/ share: the repetition settings every problem gets
// and a loop that times each iteration with a wall clock as the iteration's manual time.
#include <benchmark/benchmark.h>

#include <chrono>
#include <cstdint>
#include <random>
#include <vector>

namespace tropic::bench {

// Every problem: 5 repetitions; the console shows their aggregates (mean, median, stddev, cv) and
// --benchmark_out files also keep each repetition. Times in milliseconds.
inline benchmark::internal::Benchmark* with_repetitions(benchmark::internal::Benchmark* b) {
    return b->Repetitions(5)->DisplayAggregatesOnly(true)->Unit(benchmark::kMillisecond);
}

// The benchmark loop for benchmarks registered with UseManualTime(): runs `body` once per
// iteration, measures it with steady_clock (wall time, so worker threads and synchronous GPU calls
// count) and hands that to Google Benchmark. Returns the mean seconds per iteration of this
// repetition, for counters that are ratios of times (speed-up, % of a ceiling).
template <typename Body>
double run_wall_timed(benchmark::State& state, const Body& body) {
    double total = 0;
    for (auto _ : state) {
        const auto start = std::chrono::steady_clock::now();
        body();
        const double seconds =
            std::chrono::duration<double>(std::chrono::steady_clock::now() - start).count();
        state.SetIterationTime(seconds);
        total += seconds;
    }
    return state.iterations() > 0 ? total / static_cast<double>(state.iterations()) : 0.0;
}

// n random residues, uniform over A, C, G, U (Base codes 0..3), reproducible from the seed.
inline std::vector<std::uint8_t> random_sequence(std::size_t n, std::uint64_t seed) {
    std::mt19937_64 rng(seed);
    std::uniform_int_distribution<int> base(0, 3);
    std::vector<std::uint8_t> seq(n);
    for (auto& b : seq) b = static_cast<std::uint8_t>(base(rng));
    return seq;
}

}  // namespace tropic::bench
