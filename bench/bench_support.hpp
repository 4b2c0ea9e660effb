#pragma once
// What the Google Benchmark drivers in bench/ share: the repetition settings every problem gets
// and a loop that times each iteration with a wall clock as the iteration's manual time. Random
// sequences come from the test support (support/random_rna.hpp).
#include <benchmark/benchmark.h>
#include <fmt/format.h>

#include <algorithm>
#include <chrono>
#include <cstdint>
#include <cstdlib>
#include <cstring>
#include <map>
#include <optional>
#include <random>
#include <thread>
#include <vector>

#include "core/internal/profile.hpp"
#include "support/random_rna.hpp"

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

// Runs `call` once more with the fills' phase profiling on (TROPIC_PROFILE: every phase waited
// for and timed, one line on stderr) and returns the phases it recorded, for counters that divide
// a phase's work by that phase's time.
template <typename Call>
std::map<std::string, profile::Phase> profiled_phases(const Call& call) {
    const bool was_on = profile::enabled();
    profile::take_recorded();  // what earlier calls left
    profile::set_enabled(true);
    try {
        call();
    } catch (...) {
        profile::set_enabled(was_on);
        throw;
    }
    profile::set_enabled(was_on);
    return profile::take_recorded();
}

// n uniform random residues (A, C, G, U) from a generator seeded with `seed`.
inline std::vector<std::uint8_t> seeded_rna(std::size_t n, std::uint64_t seed) {
    std::mt19937_64 rng(seed);
    return test::random_rna(rng, n);
}

// The drivers' own flag, after benchmark::Initialize has taken its flags: "--threads N" or
// nothing (all hardware threads). Anything else prints the usage and gives nullopt.
inline std::optional<unsigned> threads_flag(int argc, char** argv, const char* program) {
    if (argc == 1) return std::max(1u, std::thread::hardware_concurrency());
    if (argc == 3 && std::strcmp(argv[1], "--threads") == 0 && std::atoi(argv[2]) > 0)
        return static_cast<unsigned>(std::atoi(argv[2]));
    benchmark::ReportUnrecognizedArguments(argc, argv);
    fmt::print(stderr, "usage: {} [--benchmark_...] [--threads N]\n", program);
    return std::nullopt;
}

}  // namespace tropic::bench
