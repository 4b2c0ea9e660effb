// GPU syntenic alignment benchmark (Google Benchmark), in-process (CUDA context created before
// timing): align_syntenic with --backend cuda on two related DNA sequences with difference blocks
// (DNA +2/-3, gaps 5/2, block cost 30, free block ends):
//   syntenic_gpu/score/dna_16978x18317       the pair (Li's thesis, section 6.1)
//   syntenic_gpu/traceback/dna_16978x18317   the same with its segments (goal: <= 20 ms on an H100)
//   syntenic_gpu/score/dna_1000000x1000000   the throughput goal (>= 1 T cells/s)
//   syntenic_gpu/traceback/dna_100000x100000     a long pair's alignment
//   syntenic_gpu/cpu_traceback/dna_16978x18317   the CPU on every core, for the speed-up
// The sequences: a random query and a target made from it by substitutions (5%), indels (1%) and,
// every ~2,500 residues, a stretch replaced by unrelated residues (the blocks).
// Wall time in ms; counters: gcells_per_s (10^9 cells m n per second of wall time), score, blocks.
// Every traceback is re-scored: a mismatch stops the run with exit code 3.
// bench-quick-filter: dna_16978x18317
#include <benchmark/benchmark.h>
#include <fmt/format.h>

#include <algorithm>
#include <cstdio>
#include <random>
#include <string>
#include <vector>

#include "bench_support.hpp"
#include "support/random_alignment.hpp"
#include "tropic/align/syntenic.hpp"
#include "tropic/core/device.hpp"
#include "tropic/core/thread_pool.hpp"

namespace {

using Seq = std::vector<std::uint8_t>;
bool score_mismatch = false;

struct Pair {
    Seq query, target;
};

Pair related_pair(std::size_t m, std::size_t n, std::uint64_t seed) {
    std::mt19937_64 rng(seed);
    Pair p{tropic::test::random_dna(rng, m), {}};
    const Seq mutated = tropic::test::mutate(rng, p.query, 4, 0.05, 0.01);
    std::uniform_int_distribution<std::size_t> block(200, 800);
    for (std::size_t k = 0; k < mutated.size();) {
        const std::size_t kept = std::min(mutated.size() - k, std::size_t{2500});
        p.target.insert(p.target.end(), mutated.begin() + static_cast<std::ptrdiff_t>(k),
                        mutated.begin() + static_cast<std::ptrdiff_t>(k + kept));
        k += kept + block(rng);
        const Seq other = tropic::test::random_dna(rng, block(rng));
        p.target.insert(p.target.end(), other.begin(), other.end());
    }
    while (p.target.size() < n) p.target.push_back(static_cast<std::uint8_t>(rng() % 4));
    p.target.resize(n);
    return p;
}

const Pair& pair_of(std::size_t m, std::size_t n) {
    static std::vector<std::pair<std::size_t, Pair>> made;
    for (const auto& [key, pair] : made)
        if (key == m * 10'000'019 + n) return pair;
    made.emplace_back(m * 10'000'019 + n, related_pair(m, n, m + n));
    return made.back().second;
}

void bench_syntenic(benchmark::State& state, std::size_t m, std::size_t n, bool score_only,
                    bool cuda) {
    const Pair& pair = pair_of(m, n);
    tropic::align::SyntenicParams params;
    params.score_only = score_only;
    static tropic::ThreadPool pool(0);
    tropic::RunOptions options;
    options.backend = cuda ? tropic::Backend::Cuda : tropic::Backend::Cpu;
    options.pool = cuda ? nullptr : &pool;
    tropic::align::SyntenicAlignment result;
    double seconds = 0;
    try {
        seconds = tropic::bench::run_wall_timed(state, [&] {
            result = tropic::align::align_syntenic(pair.query, pair.target, params, options);
        });
    } catch (const std::exception& error) {
        state.SkipWithError(error.what());
        return;
    }
    if (!score_only) {
        const std::int64_t rescored =
            tropic::align::rescore_syntenic(pair.query, pair.target, result, params);
        if (rescored != result.score) {
            score_mismatch = true;
            state.SkipWithError(fmt::format("the segments re-score to {}, the alignment said {}",
                                            rescored, result.score)
                                    .c_str());
            return;
        }
    }
    if (seconds > 0)
        state.counters["gcells_per_s"] =
            static_cast<double>(m) * static_cast<double>(n) / seconds / 1e9;
    state.counters["score"] = static_cast<double>(result.score);
    state.counters["blocks"] = static_cast<double>(result.blocks);
}

void add(std::size_t m, std::size_t n, bool score_only, bool cuda, int repetitions) {
    benchmark::RegisterBenchmark(fmt::format("syntenic_gpu/{}{}/dna_{}x{}", cuda ? "" : "cpu_",
                                             score_only ? "score" : "traceback", m, n)
                                     .c_str(),
                                 bench_syntenic, m, n, score_only, cuda)
        ->UseManualTime()
        ->Repetitions(repetitions)
        ->DisplayAggregatesOnly(true)
        ->Unit(benchmark::kMillisecond);
}

}  // namespace

int main(int argc, char** argv) {
    benchmark::Initialize(&argc, argv);
    if (benchmark::ReportUnrecognizedArguments(argc, argv)) return 1;
    if (tropic::cuda_device_count() == 0) {
        std::printf("SKIPPED: no CUDA device\n");
        return 0;
    }
    {  // context creation, not timed
        const Seq warm(64, 1);
        tropic::RunOptions options;
        options.backend = tropic::Backend::Cuda;
        (void)tropic::align::align_syntenic(warm, warm, {}, options);
    }
    for (const bool score_only : {true, false}) add(16978, 18317, score_only, true, 5);
    add(1'000'000, 1'000'000, true, true, 1);
    add(100'000, 100'000, false, true, 1);
    add(16978, 18317, false, false, 1);
    benchmark::RunSpecifiedBenchmarks();
    benchmark::Shutdown();
    return score_mismatch ? 3 : 0;
}
