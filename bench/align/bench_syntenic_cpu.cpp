// CPU syntenic alignment benchmark (Google Benchmark): align_syntenic on two related DNA
// sequences with difference blocks, score only and with the traceback, over thread counts.
//
//   bench_syntenic_cpu [Google Benchmark flags] [--threads N]
//
// Problems (DNA +2/-3, gaps 5/2, block cost 30, free block ends):
//   score/dna_16978x18317/threads:<t>       the pair size (Li's thesis, section 6.1)
//   traceback/dna_16978x18317/threads:<t>   the same with segments (checkpointed traceback)
//   score/dna_50000x50000/threads:<t>, traceback/dna_50000x50000/threads:<t>   a larger pair
//     <t>: 1, 2, 4, ... up to N (default: all hardware threads), and N.
// The sequences: a random query and a target made from it by substitutions (5%), indels (1%) and,
// every ~3,000 residues, a stretch replaced by unrelated residues of another length (the blocks).
// Counters: GCUPS (10^9 cells per second of wall time: each cell updates four matrices),
// speedup_vs_1 and efficiency = speedup_vs_1 / t (needs the threads:1 row in the run), score and
// blocks. Each problem runs 5 times (repetitions), one iteration each; wall time in ms.
// bench-quick-filter: score/dna_16978x18317/threads:1$
#include <benchmark/benchmark.h>
#include <fmt/format.h>

#include <algorithm>
#include <cstdint>
#include <map>
#include <optional>
#include <random>
#include <string>
#include <thread>
#include <vector>

#include "bench_support.hpp"
#include "support/random_alignment.hpp"
#include "tropic/align/syntenic.hpp"
#include "tropic/core/thread_pool.hpp"

namespace {

using tropic::align::SyntenicParams;

struct Problem {
    std::string name;
    std::vector<std::uint8_t> query, target;
    double cells() const {
        return static_cast<double>(query.size()) * static_cast<double>(target.size());
    }
};

// A query of m residues and a related target of exactly n (see the header comment).
Problem related_problem(std::size_t m, std::size_t n, std::uint64_t seed) {
    std::mt19937_64 rng(seed);
    Problem p{fmt::format("dna_{}x{}", m, n), tropic::test::random_dna(rng, m), {}};
    const std::vector<std::uint8_t> mutated = tropic::test::mutate(rng, p.query, 4, 0.05, 0.01);
    std::uniform_int_distribution<std::size_t> block(200, 800);
    for (std::size_t k = 0; k < mutated.size();) {
        const std::size_t kept = std::min(mutated.size() - k, std::size_t{2500});
        p.target.insert(p.target.end(), mutated.begin() + static_cast<std::ptrdiff_t>(k),
                        mutated.begin() + static_cast<std::ptrdiff_t>(k + kept));
        k += kept + block(rng);  // skipped: the query's side of a block
        const std::vector<std::uint8_t> other = tropic::test::random_dna(rng, block(rng));
        p.target.insert(p.target.end(), other.begin(), other.end());
    }
    p.target.resize(n);
    for (std::size_t k = mutated.size(); k < n; ++k)
        p.target[k] = static_cast<std::uint8_t>(rng() % 4);
    return p;
}

SyntenicParams bench_params(bool traceback) {
    SyntenicParams params;
    params.scoring = {tropic::align::dna_matrix(2, -3, -3), {5, 2}};
    params.block_cost = 30;
    params.score_only = !traceback;
    return params;
}

// Seconds of the threads:1 run of each problem and mode, for the speed-up counters.
std::map<std::string, double> one_thread_seconds;

void bench_syntenic(benchmark::State& state, const Problem& p, bool traceback, unsigned threads) {
    std::optional<tropic::ThreadPool> pool;
    if (threads > 1) pool.emplace(threads);
    tropic::RunOptions options;
    options.backend = tropic::Backend::Cpu;
    options.pool = pool ? &*pool : nullptr;
    const SyntenicParams params = bench_params(traceback);
    tropic::align::SyntenicAlignment result;
    const double seconds = tropic::bench::run_wall_timed(
        state, [&] { result = tropic::align::align_syntenic(p.query, p.target, params, options); });
    state.counters["GCUPS"] =
        benchmark::Counter(p.cells() / 1e9, benchmark::Counter::kIsIterationInvariantRate);
    state.counters["score"] = static_cast<double>(result.score);
    state.counters["blocks"] = static_cast<double>(result.blocks);
    const std::string key = p.name + (traceback ? "/traceback" : "/score");
    if (threads == 1) one_thread_seconds[key] = seconds;
    if (const auto one = one_thread_seconds.find(key);
        one != one_thread_seconds.end() && threads > 1) {
        state.counters["speedup_vs_1"] = one->second / seconds;
        state.counters["efficiency"] = one->second / seconds / threads;
    }
}

}  // namespace

int main(int argc, char** argv) {
    benchmark::Initialize(&argc, argv);
    const std::optional<unsigned> threads = tropic::bench::threads_flag(argc, argv, argv[0]);
    if (!threads) return 1;
    benchmark::AddCustomContext("hardware_threads",
                                std::to_string(std::max(1u, std::thread::hardware_concurrency())));
    std::vector<unsigned> thread_counts;
    for (unsigned t = 1; t < *threads; t *= 2) thread_counts.push_back(t);
    thread_counts.push_back(*threads);
    static const std::vector<Problem> problems = {related_problem(16978, 18317, 1),
                                                  related_problem(50000, 50000, 2)};
    for (const Problem& p : problems)
        for (bool traceback : {false, true})
            for (unsigned t : thread_counts)
                tropic::bench::with_repetitions(
                    benchmark::RegisterBenchmark(
                        fmt::format("{}/{}/threads:{}", traceback ? "traceback" : "score", p.name,
                                    t)
                            .c_str(),
                        bench_syntenic, p, traceback, t))
                    ->UseManualTime()
                    ->Iterations(1);
    benchmark::RunSpecifiedBenchmarks();
    benchmark::Shutdown();
    return 0;
}
