// Database search and batched pairs on the GPU (Google Benchmark), in-process (CUDA context and
// the database's copy to the device before timing):
//   search_gpu/protein_scan/{100,300,1000,5000}   one query against a synthetic protein database
//                                                 (BLOSUM62, gaps 11 + k, local, score only)
//   search_gpu/protein_scan_batch/8x300           eight queries in one scan
//   search_gpu/protein_top1000/300                the alignments (CIGARs) of 1,000 hits of a
//                                                 300-aa query: align_pairs_cuda
//   search_gpu/dna_scan/{150,1000}                a DNA query (+2/-3, gaps 5 + 2k) against a DNA
//                                                 database
//   search_gpu/protein_cudasw_lengths/{paired,alone}  20 queries of the lengths of CUDASW++4.0's
//                                                 benchmark queries in one scan, queries of
//                                                 similar length paired in one launch or not
//                                                 (the scores of both ways compared first)
//   search_gpu/glocal_pairs/{100000}              read/reference pairs of 150-300 bp, glocal,
//                                                 with CIGARs (align_pairs_cuda)
// The synthetic protein database follows UniProtKB/Swiss-Prot's composition (the amino-acid
// frequencies its release statistics publish) and a log-normal length distribution with mean
// ~350 aa; its size is SEARCH_BENCH_SEQUENCES (default 2,000,000). Counters:
//   tcups          10^12 cells per second by wall time (query residues x database residues)
//   kernel_tcups   the same by the kernels' own time (scan: CUDA events; pairs: the fill and walk
//                  phases, timed in a profiled run)
//   pct_of_scan    the alignments' time against the scan of their query
//   pct_of_ceiling against 5.5 T cells/s, the H100's packed int16x2 DPX ceiling for an affine
//                  cell (../shared/gpu-host.md; int32 cases against 2.8 T)
// bench-quick-filter: protein_scan/300|glocal_pairs
#include <benchmark/benchmark.h>
#include <fmt/format.h>

#include <algorithm>
#include <chrono>
#include <cmath>
#include <cstdio>
#include <cstdlib>
#include <numeric>
#include <random>
#include <vector>

#include "align/batch/batch_cuda.hpp"
#include "align/search/cuda/device_scanner.hpp"
#include "bench_support.hpp"
#include "support/random_alignment.hpp"
#include "tropic/align/pairwise.hpp"
#include "tropic/core/device.hpp"
#include "tropic/core/thread_pool.hpp"

namespace {

template <typename Body>
double run_wall_timed_once(const Body& body) {
    const auto start = std::chrono::steady_clock::now();
    body();
    return std::chrono::duration<double>(std::chrono::steady_clock::now() - start).count();
}

using Seq = std::vector<std::uint8_t>;
using tropic::align::AlignMode;
using tropic::align::AlignParams;
using tropic::align::detail::TargetView;
using tropic::align::detail::cuda::DeviceScanner;
constexpr double kPackedCeiling = 5.5e12, kInt32Ceiling = 2.8e12;

// Amino-acid frequencies (%) in NCBI's code order A R N D C Q E G H I L K M F P S T W Y V
// (UniProtKB/Swiss-Prot release statistics).
constexpr double kComposition[20] = {8.25, 5.53, 4.06, 5.46, 1.38, 3.93, 6.72, 7.07, 2.27, 5.91,
                                     9.64, 5.80, 2.41, 3.86, 4.74, 6.65, 5.36, 1.10, 2.92, 6.86};

struct Database {
    std::vector<std::uint8_t> residues;
    std::vector<std::uint64_t> offsets{0};
    TargetView view() const { return {residues, offsets}; }
    std::size_t count() const { return offsets.size() - 1; }
};

// A fast generator: the databases hold ~10^9 residues.
struct SplitMix {
    std::uint64_t state;
    std::uint64_t next() {
        std::uint64_t z = (state += 0x9e3779b97f4a7c15ull);
        z = (z ^ (z >> 30)) * 0xbf58476d1ce4e5b9ull;
        z = (z ^ (z >> 27)) * 0x94d049bb133111ebull;
        return z ^ (z >> 31);
    }
};

Seq protein_like(SplitMix& rng, std::size_t n) {
    static const std::vector<std::uint8_t> table = [] {
        std::vector<std::uint8_t> t;
        for (int a = 0; a < 20; ++a)
            t.insert(t.end(), static_cast<std::size_t>(std::lround(kComposition[a] * 100)),
                     static_cast<std::uint8_t>(a));
        return t;
    }();
    Seq s(n);
    for (auto& r : s) r = table[rng.next() % table.size()];
    return s;
}

const Database& protein_database() {
    static const Database db = [] {
        const char* size = std::getenv("SEARCH_BENCH_SEQUENCES");
        const std::size_t count = size ? std::strtoull(size, nullptr, 10) : 2'000'000;
        std::mt19937_64 rng(350);
        std::lognormal_distribution<double> length(std::log(350.0) - 0.18, 0.6);
        std::vector<std::size_t> lengths(count);
        for (auto& n : lengths) n = std::clamp<std::size_t>(std::lround(length(rng)), 20, 35000);
        std::sort(lengths.begin(), lengths.end());  // a database is stored by length
        Database d;
        SplitMix fast{42};
        d.residues.reserve(std::accumulate(lengths.begin(), lengths.end(), std::size_t{0}));
        for (std::size_t n : lengths) {
            const Seq s = protein_like(fast, n);
            d.residues.insert(d.residues.end(), s.begin(), s.end());
            d.offsets.push_back(d.residues.size());
        }
        return d;
    }();
    return db;
}

const Database& dna_database() {
    static const Database db = [] {
        std::mt19937_64 rng(1000);
        std::uniform_int_distribution<std::size_t> length(500, 1500);
        std::vector<std::size_t> lengths(500'000);
        for (auto& n : lengths) n = length(rng);
        std::sort(lengths.begin(), lengths.end());
        Database d;
        SplitMix fast{7};
        for (std::size_t n : lengths) {
            for (std::size_t k = 0; k < n; ++k)
                d.residues.push_back(static_cast<std::uint8_t>(fast.next() & 3));
            d.offsets.push_back(d.residues.size());
        }
        return d;
    }();
    return db;
}

AlignParams protein_params(AlignMode mode = AlignMode::Local) {
    AlignParams params;
    params.mode = mode;
    params.scoring = {tropic::align::builtin_matrix("BLOSUM62"), {11, 1}};
    params.score_only = true;
    return params;
}
AlignParams dna_params(AlignMode mode = AlignMode::Local) {
    AlignParams params;
    params.mode = mode;
    params.scoring = {tropic::align::dna_matrix(2, -3, -3), {5, 2}};
    params.score_only = true;
    return params;
}

// Query pairs on or off for a scope (on again afterwards, the default).
class PairsScope {
  public:
    explicit PairsScope(bool on) { tropic::align::detail::cuda::set_query_pairs(on); }
    ~PairsScope() { tropic::align::detail::cuda::set_query_pairs(true); }
    PairsScope(const PairsScope&) = delete;
    PairsScope& operator=(const PairsScope&) = delete;
};

// One scan of queries of the given lengths (random, or protein-like) against the database, with
// query pairs on or off; the scores with pairs are checked against those without.
void bench_scan(benchmark::State& state, bool protein, std::vector<std::size_t> lengths,
                bool pairs) {
    const Database& db = protein ? protein_database() : dna_database();
    SplitMix rng{lengths.front()};
    std::vector<Seq> qs;
    for (std::size_t length : lengths) {
        if (protein) {
            qs.push_back(protein_like(rng, length));
        } else {
            Seq s(length);
            for (auto& b : s) b = static_cast<std::uint8_t>(rng.next() & 3);
            qs.push_back(s);
        }
    }
    std::vector<std::span<const std::uint8_t>> spans(qs.begin(), qs.end());
    std::vector<std::int32_t> scores(qs.size() * db.count());
    try {
        DeviceScanner scanner(db.view(), protein ? protein_params() : dna_params(), 0);
        const PairsScope scope(pairs);
        scanner.scan(spans, scores);  // warm-up
        if (pairs && qs.size() > 1) {
            const std::vector<std::int32_t> paired = scores;
            tropic::align::detail::cuda::set_query_pairs(false);
            scanner.scan(spans, scores);
            tropic::align::detail::cuda::set_query_pairs(true);
            if (scores != paired) {
                state.SkipWithError("the paired scan's scores differ from the single scans'");
                return;
            }
        }
        const double before = scanner.kernel_seconds();
        const double seconds =
            tropic::bench::run_wall_timed(state, [&] { scanner.scan(spans, scores); });
        const double cells =
            static_cast<double>(std::accumulate(lengths.begin(), lengths.end(), std::size_t{0})) *
            static_cast<double>(db.residues.size());
        const double kernel =
            (scanner.kernel_seconds() - before) / static_cast<double>(state.iterations());
        state.counters["tcups"] = cells / seconds / 1e12;
        state.counters["kernel_tcups"] = cells / kernel / 1e12;
        state.counters["pct_of_ceiling"] = 100.0 * cells / kernel / kPackedCeiling;
        state.counters["rescored"] = static_cast<double>(scanner.rescored());
    } catch (const std::exception& error) {
        state.SkipWithError(error.what());
    }
}

void bench_top_alignments(benchmark::State& state, std::size_t hits, std::size_t length) {
    const Database& db = protein_database();
    SplitMix rng{length + 1};
    const Seq query = protein_like(rng, length);
    std::vector<std::span<const std::uint8_t>> spans{query};
    std::vector<std::int32_t> scores(db.count());
    try {
        DeviceScanner scanner(db.view(), protein_params(), 0);
        scanner.scan(spans, scores);
        std::vector<std::size_t> order(db.count());
        std::iota(order.begin(), order.end(), std::size_t{0});
        std::partial_sort(order.begin(), order.begin() + static_cast<std::ptrdiff_t>(hits),
                          order.end(), [&](std::size_t a, std::size_t b) {
                              return scores[a] != scores[b] ? scores[a] > scores[b] : a < b;
                          });
        std::vector<tropic::align::AlignPairInput> pairs;
        for (std::size_t k = 0; k < hits; ++k) {
            const std::size_t t = order[k];
            pairs.push_back({query,
                             {db.residues.data() + db.offsets[t],
                              static_cast<std::size_t>(db.offsets[t + 1] - db.offsets[t])},
                             "hit"});
        }
        AlignParams params = protein_params();
        params.score_only = false;
        const double seconds = tropic::bench::run_wall_timed(
            state, [&] { tropic::align::detail::cuda::align_pairs_cuda(pairs, params, 0); });
        // Against the scan of the same query: the alignments' target is 10% of it.
        const double scan = run_wall_timed_once([&] { scanner.scan(spans, scores); });
        state.counters["pct_of_scan"] = 100.0 * seconds / scan;
    } catch (const std::exception& error) {
        state.SkipWithError(error.what());
    }
}

void bench_glocal_pairs(benchmark::State& state, std::size_t count) {
    std::mt19937_64 rng(150);
    std::uniform_int_distribution<std::size_t> length(150, 300);
    std::vector<Seq> reads, references;
    double cells = 0;
    for (std::size_t k = 0; k < count; ++k) {
        Seq reference = tropic::test::random_dna(rng, length(rng) + 20);
        Seq read(reference.begin() + 10, reference.end() - 10);
        read = tropic::test::mutate(rng, read, 4, 0.03, 0.005);
        cells += static_cast<double>(read.size()) * static_cast<double>(reference.size());
        reads.push_back(std::move(read));
        references.push_back(std::move(reference));
    }
    std::vector<tropic::align::AlignPairInput> pairs;
    for (std::size_t k = 0; k < count; ++k) pairs.push_back({reads[k], references[k], "pair"});
    AlignParams params = dna_params(AlignMode::Glocal);
    params.score_only = false;
    try {
        tropic::ThreadPool pool(0);  // the host's share on every core, as align_many runs it
        const auto call = [&] {
            tropic::align::detail::cuda::align_pairs_cuda(pairs, params, 0, &pool);
        };
        const double seconds = tropic::bench::run_wall_timed(state, call);
        const auto phases = tropic::bench::profiled_phases(call);
        const double kernels = phases.at("pairs fill").seconds + phases.at("pairs walk").seconds;
        state.counters["tcups"] = cells / seconds / 1e12;
        state.counters["kernel_tcups"] = cells / kernels / 1e12;
        state.counters["pct_of_ceiling"] = 100.0 * cells / kernels / kInt32Ceiling;
    } catch (const std::exception& error) {
        state.SkipWithError(error.what());
    }
}

}  // namespace

int main(int argc, char** argv) {
    benchmark::Initialize(&argc, argv);
    if (benchmark::ReportUnrecognizedArguments(argc, argv)) return 1;
    if (tropic::cuda_device_count() == 0) {
        std::printf("SKIPPED: no CUDA device\n");
        return 0;
    }
    for (std::size_t length : {100, 300, 1000, 5000})
        tropic::bench::with_repetitions(
            benchmark::RegisterBenchmark(fmt::format("search_gpu/protein_scan/{}", length).c_str(),
                                         bench_scan, true, std::vector<std::size_t>{length}, true)
                ->UseManualTime());
    tropic::bench::with_repetitions(
        benchmark::RegisterBenchmark("search_gpu/protein_scan_batch/8x300", bench_scan, true,
                                     std::vector<std::size_t>(8, 300), true)
            ->UseManualTime());
    tropic::bench::with_repetitions(
        benchmark::RegisterBenchmark("search_gpu/protein_top1000/300", bench_top_alignments,
                                     std::size_t{1000}, std::size_t{300})
            ->UseManualTime());
    for (std::size_t length : {150, 1000})
        tropic::bench::with_repetitions(
            benchmark::RegisterBenchmark(fmt::format("search_gpu/dna_scan/{}", length).c_str(),
                                         bench_scan, false, std::vector<std::size_t>{length}, true)
                ->UseManualTime());
    // The lengths of CUDASW++4.0's 20 benchmark queries (its allqueries.fasta), random
    // protein-like queries, with query pairs and without.
    const std::vector<std::size_t> cudasw_lengths{144,  189,  222,  375,  464,  567,  657,
                                                  729,  850,  1000, 1500, 2005, 2504, 3005,
                                                  3564, 4061, 4548, 4743, 5147, 5478};
    for (bool pairs : {true, false})
        tropic::bench::with_repetitions(
            benchmark::RegisterBenchmark(
                fmt::format("search_gpu/protein_cudasw_lengths/{}", pairs ? "paired" : "alone")
                    .c_str(),
                bench_scan, true, cudasw_lengths, pairs)
                ->UseManualTime());
    tropic::bench::with_repetitions(benchmark::RegisterBenchmark("search_gpu/glocal_pairs/100000",
                                                                 bench_glocal_pairs,
                                                                 std::size_t{100'000})
                                        ->UseManualTime());
    benchmark::RunSpecifiedBenchmarks();
    benchmark::Shutdown();
    return 0;
}
