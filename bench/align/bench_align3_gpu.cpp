// GPU three-sequence alignment benchmark (Google Benchmark), in-process (CUDA context created
// before timing), align3 with --backend cuda on random, unrelated DNA triples (+2/-3):
//   align3_gpu/linear_score/764x771x773        the goal case (score <= 10 ms on an H100),
//                                              gap 2 a residue
//   align3_gpu/linear_traceback/764x771x773    the same with the alignment (goal: <= 3x the score)
//   align3_gpu/linear_score/1500x1500x1500     the throughput goal (>= 100 G cells/s)
//   align3_gpu/linear_traceback/1500x1500x1500
//   align3_gpu/affine_score/<n>, affine_traceback/<n>   gaps 5 + 2k (13 states a cell),
//                                              764x771x773 and 1500x1500x1500 (score only)
//   align3_gpu/cpu_linear_score/764x771x773    the goal case on the CPU (a pool of every core),
//                                              for the speed-up
// Wall time in ms; counters: gcells_per_s (10^9 cells (m+1)(n+1)(p+1) per second of wall time),
// score. Every traceback's columns are re-scored: a mismatch with the reported score stops the
// run with exit code 3.
// bench-quick-filter: linear_score/764x771x773|linear_traceback/764x771x773
#include <benchmark/benchmark.h>
#include <fmt/format.h>

#include <cstdio>
#include <random>
#include <string>

#include "bench_support.hpp"
#include "support/random_triple.hpp"
#include "tropic/align/align3.hpp"
#include "tropic/core/device.hpp"
#include "tropic/core/thread_pool.hpp"

namespace {

using tropic::test::Triple;

bool score_mismatch = false;

tropic::align::Align3Params params_of(bool affine, bool score_only) {
    return {{tropic::align::dna_matrix(2, -3, -3), {affine ? 5 : 0, 2}}, score_only};
}

Triple triple_of(std::size_t m, std::size_t n, std::size_t p) {
    std::mt19937_64 rng(m * 1'000'003 + n * 1009 + p);
    return tropic::test::random_triple(rng, m, n, p, false, false);
}

void bench_align3(benchmark::State& state, std::size_t m, std::size_t n, std::size_t p, bool affine,
                  bool score_only, bool cuda) {
    const Triple t = triple_of(m, n, p);
    const tropic::align::Align3Params params = params_of(affine, score_only);
    static tropic::ThreadPool pool(0);
    tropic::RunOptions options;
    options.backend = cuda ? tropic::Backend::Cuda : tropic::Backend::Cpu;
    options.pool = cuda ? nullptr : &pool;
    tropic::align::Align3Result result;
    double seconds = 0;
    try {
        seconds = tropic::bench::run_wall_timed(
            state, [&] { result = tropic::align::align3(t.view(), params, options); });
    } catch (const std::exception& error) {
        state.SkipWithError(error.what());
        return;
    }
    if (!score_only) {
        const std::int64_t rescored =
            tropic::align::rescore3(t.view(), result.columns, params.scoring);
        if (rescored != result.score) {
            score_mismatch = true;
            state.SkipWithError(fmt::format("the columns re-score to {}, the alignment said {}",
                                            rescored, result.score)
                                    .c_str());
            return;
        }
    }
    const double cells =
        static_cast<double>(m + 1) * static_cast<double>(n + 1) * static_cast<double>(p + 1);
    if (seconds > 0) state.counters["gcells_per_s"] = cells / seconds / 1e9;
    state.counters["score"] = static_cast<double>(result.score);
}

struct Size {
    std::size_t m, n, p;
    std::string name() const { return fmt::format("{}x{}x{}", m, n, p); }
};

void add(const std::string& kind, const Size& s, bool affine, bool score_only, bool cuda,
         int repetitions) {
    benchmark::RegisterBenchmark(fmt::format("align3_gpu/{}{}_{}/{}", cuda ? "" : "cpu_", kind,
                                             score_only ? "score" : "traceback", s.name())
                                     .c_str(),
                                 bench_align3, s.m, s.n, s.p, affine, score_only, cuda)
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
        const Triple warm = triple_of(8, 8, 8);
        tropic::RunOptions options;
        options.backend = tropic::Backend::Cuda;
        (void)tropic::align::align3(warm.view(), params_of(false, true), options);
    }
    const Size goal{764, 771, 773}, large{1500, 1500, 1500};
    for (bool score_only : {true, false}) {
        add("linear", goal, false, score_only, true, 5);
        add("linear", large, false, score_only, true, 3);
        add("affine", goal, true, score_only, true, 3);
    }
    add("affine", large, true, true, true, 1);
    add("linear", goal, false, true, false, 1);
    benchmark::RunSpecifiedBenchmarks();
    benchmark::Shutdown();
    return score_mismatch ? 3 : 0;
}
