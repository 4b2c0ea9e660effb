// CPU database search benchmark (Google Benchmark): the scan of a 300-aa protein query against a
// synthetic protein database, score only, on one thread and on all of them, and the whole search
// (scan, top 10, their alignments).
//
//   bench_search_cpu [Google Benchmark flags] [--threads N]
//
// The database: 100,000 sequences (about 3.5 x 10^7 residues, enough to keep 16 threads busy) of
// residues drawn with BLOSUM62's background frequencies and lengths log-normal with mean ~350
// (sigma 0.6, clamped to 10..5,000), UniProt's shape; stored as a database stores them
// (ascending length). BLOSUM62, gaps 11/1.
//   scan/protein_300/threads:{1,N}     detail::scan_cpu, the CPU scan of align::Searcher
//   search/protein_300/threads:{1,N}   the whole search (top 10 aligned)
// Counters: GCUPS (10^9 cells per second of wall time) and, for N threads, per_thread (GCUPS / N).
// bench/align/parasail_side_by_side.py --search prints these beside parasail's per-thread GCUPS
// on the same kind of data.
// bench-quick-filter: scan/protein_300/threads:1
#include <benchmark/benchmark.h>
#include <fmt/format.h>

#include <algorithm>
#include <cmath>
#include <cstdint>
#include <optional>
#include <random>
#include <string>
#include <thread>
#include <vector>

#include "align/search/scan_cpu.hpp"
#include "bench_support.hpp"
#include "support/search_database.hpp"
#include "tropic/align/search.hpp"
#include "tropic/core/thread_pool.hpp"

namespace {

namespace align = tropic::align;

// BLOSUM62's background frequencies (Henikoff and Henikoff 1992, as NCBI's tables list them) in
// core's protein order A R N D C Q E G H I L K M F P S T W Y V.
constexpr double kBackground[20] = {0.074, 0.052, 0.045, 0.054, 0.025, 0.034, 0.054,
                                    0.074, 0.026, 0.068, 0.099, 0.058, 0.025, 0.047,
                                    0.039, 0.057, 0.051, 0.013, 0.032, 0.073};

std::vector<std::uint8_t> background_protein(std::mt19937_64& rng, std::size_t n) {
    std::discrete_distribution<int> residue(std::begin(kBackground), std::end(kBackground));
    std::vector<std::uint8_t> seq(n);
    for (auto& r : seq) r = static_cast<std::uint8_t>(residue(rng));
    return seq;
}

std::vector<std::vector<std::uint8_t>> synthetic_sequences() {
    constexpr std::size_t kSequences = 100000;
    std::mt19937_64 rng(14);
    // exp(mu + sigma^2 / 2) = 350.
    const double sigma = 0.6, mu = std::log(350.0) - sigma * sigma / 2;
    std::lognormal_distribution<double> length(mu, sigma);
    std::vector<std::vector<std::uint8_t>> seqs;
    for (std::size_t k = 0; k < kSequences; ++k)
        seqs.push_back(background_protein(
            rng, static_cast<std::size_t>(std::clamp(length(rng), 10.0, 5000.0))));
    return seqs;
}

const tropic::test::SearchDatabase& database() {
    static const tropic::test::SearchDatabase db(synthetic_sequences());
    return db;
}

const std::vector<std::uint8_t>& query() {
    static const std::vector<std::uint8_t> q = [] {
        std::mt19937_64 rng(300);
        return background_protein(rng, 300);
    }();
    return q;
}

align::AlignParams protein_params() {
    return {align::AlignMode::Local, {align::builtin_matrix("BLOSUM62"), {11, 1}}, true};
}

void set_counters(benchmark::State& state, double cells, unsigned threads) {
    state.counters["GCUPS"] =
        benchmark::Counter(cells / 1e9, benchmark::Counter::kIsIterationInvariantRate);
    state.counters["per_thread"] =
        benchmark::Counter(cells / 1e9 / threads, benchmark::Counter::kIsIterationInvariantRate);
    state.counters["threads"] = threads;
}

void bench_scan(benchmark::State& state, unsigned threads) {
    const tropic::test::SearchDatabase& db = database();
    tropic::ThreadPool pool(threads);
    const std::vector<std::span<const std::uint8_t>> queries{query()};
    std::vector<std::int32_t> scores(db.targets.view.count());
    const align::AlignParams params = protein_params();
    tropic::bench::run_wall_timed(
        state, [&] { align::detail::scan_cpu(queries, db.targets.view, params, &pool, scores); });
    set_counters(state, static_cast<double>(query().size()) * db.residues.size(), threads);
    state.counters["best"] = *std::max_element(scores.begin(), scores.end());
}

void bench_search(benchmark::State& state, unsigned threads) {
    const tropic::test::SearchDatabase& db = database();
    tropic::ThreadPool pool(threads);
    const std::vector<std::span<const std::uint8_t>> queries{query()};
    align::SearchParams params;
    params.align = protein_params();
    tropic::RunOptions options;
    options.backend = tropic::Backend::Cpu;
    options.pool = &pool;
    std::size_t hits = 0;
    tropic::bench::run_wall_timed(state, [&] {
        align::Searcher(db.targets, params, options).search(queries, [&](align::QueryHits&& h) {
            hits = h.hits.size();
        });
    });
    set_counters(state, static_cast<double>(query().size()) * db.residues.size(), threads);
    state.counters["hits"] = static_cast<double>(hits);
}

}  // namespace

int main(int argc, char** argv) {
    benchmark::Initialize(&argc, argv);
    const std::optional<unsigned> threads = tropic::bench::threads_flag(argc, argv, argv[0]);
    if (!threads) return 1;
    benchmark::AddCustomContext("hardware_threads",
                                std::to_string(std::max(1u, std::thread::hardware_concurrency())));
    benchmark::AddCustomContext("database_residues", std::to_string(database().residues.size()));
    std::vector<unsigned> thread_counts = {1};
    if (*threads > 1) thread_counts.push_back(*threads);
    for (unsigned n : thread_counts) {
        tropic::bench::with_repetitions(
            benchmark::RegisterBenchmark(fmt::format("scan/protein_300/threads:{}", n).c_str(),
                                         bench_scan, n))
            ->UseManualTime();
        tropic::bench::with_repetitions(
            benchmark::RegisterBenchmark(fmt::format("search/protein_300/threads:{}", n).c_str(),
                                         bench_search, n))
            ->UseManualTime();
    }
    benchmark::RunSpecifiedBenchmarks();
    benchmark::Shutdown();
    return 0;
}
