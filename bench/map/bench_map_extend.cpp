// Read extension benchmark (Google Benchmark): one 150-base read against its 170-base reference
// window, as mapping extends each candidate that passed the filters.
//
//   bench_map_extend [Google Benchmark flags]
//
// Problems (one thread; 64 different pairs, taken in turn, one per iteration):
//   extend/150x170/extend_read     map::detail::extend_read: glocal alignment, clipping, NM, MD
//   extend/150x170/align_pair      align::align_pair in glocal mode alone (set-up, fill, traceback)
//   extend/150x170/align_pair_score_only   the same without a traceback
// Reads carry 2% substitutions and 0.5% indel starts. Times in nanoseconds per extension; each
// problem runs 5 times (repetitions), the console showing mean, median, stddev and cv.
// bench-quick-filter: extend_read
#include <benchmark/benchmark.h>

#include <cstdint>
#include <random>
#include <vector>

#include "bench_support.hpp"
#include "map/extend/extend_read.hpp"
#include "support/random_alignment.hpp"
#include "tropic/align/pairwise.hpp"

namespace {

using Codes = std::vector<std::uint8_t>;

struct Pair {
    Codes read, window;
};

std::vector<Pair> read_pairs() {
    std::mt19937_64 rng(3);
    std::vector<Pair> pairs;
    for (int k = 0; k < 64; ++k) {
        Pair p;
        p.window = tropic::test::random_dna(rng, 170);
        const Codes piece(p.window.begin() + 10, p.window.begin() + 160);
        p.read = tropic::test::mutate(rng, piece, 4, 0.02, 0.005);
        pairs.push_back(std::move(p));
    }
    return pairs;
}

const std::vector<Pair>& pairs() {
    static const std::vector<Pair> all = read_pairs();
    return all;
}

void bench_extend_read(benchmark::State& state) {
    const tropic::map::MapScoring scoring;
    std::size_t k = 0;
    for (auto _ : state) {
        const Pair& p = pairs()[k++ % pairs().size()];
        benchmark::DoNotOptimize(tropic::map::detail::extend_read(p.read, p.window, 0, scoring));
    }
}

void bench_align_pair(benchmark::State& state, bool score_only) {
    tropic::align::AlignParams params;
    params.mode = tropic::align::AlignMode::Glocal;
    params.scoring.matrix = tropic::align::dna_matrix(1, -4, -1);
    params.scoring.gaps = {6, 1};
    params.score_only = score_only;
    std::size_t k = 0;
    for (auto _ : state) {
        const Pair& p = pairs()[k++ % pairs().size()];
        benchmark::DoNotOptimize(tropic::align::align_pair(p.read, p.window, params));
    }
}

benchmark::internal::Benchmark* in_nanoseconds(benchmark::internal::Benchmark* b) {
    return tropic::bench::with_repetitions(b)->Unit(benchmark::kNanosecond);
}

}  // namespace

int main(int argc, char** argv) {
    in_nanoseconds(benchmark::RegisterBenchmark("extend/150x170/extend_read", bench_extend_read));
    in_nanoseconds(
        benchmark::RegisterBenchmark("extend/150x170/align_pair", bench_align_pair, false));
    in_nanoseconds(benchmark::RegisterBenchmark("extend/150x170/align_pair_score_only",
                                                bench_align_pair, true));
    benchmark::Initialize(&argc, argv);
    benchmark::RunSpecifiedBenchmarks();
    benchmark::Shutdown();
    return 0;
}
