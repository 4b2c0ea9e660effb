// GPU pairwise alignment of one long pair (Google Benchmark), in-process (CUDA context created
// before timing), align_pair with --backend cuda:
//   align_gpu/score_local/{100000,1000000}     score only, local, random DNA, n x n
//   align_gpu/score_local_related/1000000      score only, local, 90% identity with indels
//   align_gpu/traceback_local_related/{200000,1000000}
//                                              the same pairs with a traceback (the device's
//                                              forward fill with checkpoints kept on the device,
//                                              then the tiles the path crosses filled again there)
//   align_gpu/score_local_strip/{256,512}       1 Mbp score only with strips of that height
//   align_gpu/traceback_side/{1024,2048,4096}   1 Mbp traceback with checkpoints that far apart
//   align_gpu/score_local/10000000              10 Mbp x 10 Mbp score only, one run (not quick)
//   align_gpu/crossover/{cpu,cuda}/{score,traceback}/{n}
//                                              related n x n pairs on the CPU (every core) and on
//                                              the GPU: where `auto` should send a pair to the GPU
// DNA +2/-3, gaps 5 + 2k. Wall time in ms; counters:
//   tcups               10^12 cells per second (m n / wall time)
//   pct_of_int32_ceiling  against 2.8 T cells/s, the H100's int32 DPX ceiling for an affine cell
//                       (../shared/gpu-host.md)
// Every traceback's CIGAR is re-scored: a mismatch with the reported score stops the run with
// exit code 3.
// bench-quick-filter: score_local/100000|traceback_local_related/200000
#include <benchmark/benchmark.h>
#include <fmt/format.h>

#include <cstdio>
#include <random>
#include <vector>

#include "align/pairwise/cuda/pair_cuda.hpp"
#include "bench_support.hpp"
#include "support/random_alignment.hpp"
#include "tropic/align/pairwise.hpp"
#include "tropic/core/device.hpp"
#include "tropic/core/thread_pool.hpp"

namespace {

using Seq = std::vector<std::uint8_t>;
constexpr double kCeilingCells = 2.8e12;  // ../shared/gpu-host.md, int32 DPX affine cell
bool score_mismatch = false;

tropic::align::AlignParams params_of(bool score_only) {
    tropic::align::AlignParams params;
    params.mode = tropic::align::AlignMode::Local;
    params.scoring = {tropic::align::dna_matrix(2, -3, -3), {5, 2}};
    params.score_only = score_only;
    return params;
}

tropic::align::PairAlignment on_gpu(const Seq& q, const Seq& t, bool score_only) {
    tropic::RunOptions run;
    run.backend = tropic::Backend::Cuda;
    return tropic::align::align_pair(q, t, params_of(score_only), run);
}

void bench_pair(benchmark::State& state, std::size_t n, bool related, bool score_only) {
    std::mt19937_64 rng(n + (related ? 1 : 0));
    const Seq q = tropic::test::random_dna(rng, n);
    Seq t =
        related ? tropic::test::mutate(rng, q, 4, 0.08, 0.004) : tropic::test::random_dna(rng, n);
    tropic::align::PairAlignment result;
    double seconds = 0;
    try {
        seconds = tropic::bench::run_wall_timed(state, [&] { result = on_gpu(q, t, score_only); });
    } catch (const std::exception& error) {
        state.SkipWithError(error.what());
        return;
    }
    if (!score_only) {
        const std::int64_t rescored =
            tropic::align::rescore(q, t, result, params_of(false).scoring);
        if (rescored != result.score) {
            score_mismatch = true;
            state.SkipWithError(
                fmt::format("CIGAR re-scores to {}, the alignment said {}", rescored, result.score)
                    .c_str());
            return;
        }
    }
    const double cells = static_cast<double>(q.size()) * static_cast<double>(t.size());
    if (seconds > 0) {
        state.counters["tcups"] = cells / seconds / 1e12;
        state.counters["pct_of_int32_ceiling"] = 100.0 * cells / seconds / kCeilingCells;
    }
    state.counters["score"] = static_cast<double>(result.score);
}

// The device's kernels with a chosen strip height (score only) or checkpoint spacing (traceback).
void bench_variant(benchmark::State& state, std::size_t n, bool related, bool score_only,
                   std::int64_t size) {
    std::mt19937_64 rng(n + (related ? 1 : 0));
    const Seq q = tropic::test::random_dna(rng, n);
    Seq t =
        related ? tropic::test::mutate(rng, q, 4, 0.08, 0.004) : tropic::test::random_dna(rng, n);
    const tropic::align::AlignParams params = params_of(score_only);
    const auto problem =
        tropic::align::detail::make_tile_problem(q, t, params.mode, params.scoring);
    double seconds = 0;
    std::int64_t score = 0;
    try {
        seconds = tropic::bench::run_wall_timed(state, [&] {
            if (score_only) {
                score =
                    tropic::align::detail::cuda::fill_pair_cuda(problem, 0, 0, 0, size).end.score;
            } else {
                const auto result = tropic::align::detail::cuda::trace_pair_cuda(problem, size, 0);
                if (tropic::align::rescore(q, t, result, params.scoring) != result.score)
                    score_mismatch = true;
                score = result.score;
            }
        });
    } catch (const std::exception& error) {
        state.SkipWithError(error.what());
        return;
    }
    const double cells = static_cast<double>(q.size()) * static_cast<double>(t.size());
    if (seconds > 0) {
        state.counters["tcups"] = cells / seconds / 1e12;
        state.counters["pct_of_int32_ceiling"] = 100.0 * cells / seconds / kCeilingCells;
    }
    state.counters["score"] = static_cast<double>(score);
}

// One related pair on the CPU (a pool of every core) or the GPU, with or without the traceback.
void bench_crossover(benchmark::State& state, std::size_t n, bool cuda, bool score_only) {
    std::mt19937_64 rng(n + 7);
    const Seq q = tropic::test::random_dna(rng, n);
    const Seq t = tropic::test::mutate(rng, q, 4, 0.08, 0.004);
    static tropic::ThreadPool pool(0);
    tropic::RunOptions run;
    run.backend = cuda ? tropic::Backend::Cuda : tropic::Backend::Cpu;
    run.pool = cuda ? nullptr : &pool;
    tropic::align::PairAlignment result;
    const double seconds = tropic::bench::run_wall_timed(
        state, [&] { result = tropic::align::align_pair(q, t, params_of(score_only), run); });
    const double cells = static_cast<double>(q.size()) * static_cast<double>(t.size());
    if (seconds > 0) state.counters["tcups"] = cells / seconds / 1e12;
    state.counters["score"] = static_cast<double>(result.score);
}

}  // namespace

int main(int argc, char** argv) {
    benchmark::Initialize(&argc, argv);
    if (benchmark::ReportUnrecognizedArguments(argc, argv)) return 1;
    if (tropic::cuda_device_count() == 0) {
        std::printf("SKIPPED: no CUDA device\n");
        return 0;
    }
    on_gpu(Seq(100, 1), Seq(100, 2), true);  // context creation, not timed
    for (std::size_t n : {100'000, 1'000'000})
        tropic::bench::with_repetitions(
            benchmark::RegisterBenchmark(fmt::format("align_gpu/score_local/{}", n).c_str(),
                                         bench_pair, n, false, true)
                ->UseManualTime());
    tropic::bench::with_repetitions(
        benchmark::RegisterBenchmark("align_gpu/score_local_related/1000000", bench_pair,
                                     std::size_t{1'000'000}, true, true)
            ->UseManualTime());
    tropic::bench::with_repetitions(
        benchmark::RegisterBenchmark("align_gpu/traceback_local_related/200000", bench_pair,
                                     std::size_t{200'000}, true, false)
            ->UseManualTime());
    // One run: the largest traceback.
    benchmark::RegisterBenchmark("align_gpu/traceback_local_related/1000000", bench_pair,
                                 std::size_t{1'000'000}, true, false)
        ->UseManualTime()
        ->Iterations(1)
        ->Unit(benchmark::kMillisecond);
    for (std::int64_t strip : {256, 512})
        benchmark::RegisterBenchmark(fmt::format("align_gpu/score_local_strip/{}", strip).c_str(),
                                     bench_variant, std::size_t{1'000'000}, false, true, strip)
            ->UseManualTime()
            ->Repetitions(3)
            ->DisplayAggregatesOnly(true)
            ->Unit(benchmark::kMillisecond);
    for (std::int64_t side : {1024, 2048, 4096})
        benchmark::RegisterBenchmark(fmt::format("align_gpu/traceback_side/{}", side).c_str(),
                                     bench_variant, std::size_t{1'000'000}, true, false, side)
            ->UseManualTime()
            ->Iterations(1)
            ->Unit(benchmark::kMillisecond);
    benchmark::RegisterBenchmark("align_gpu/score_local/10000000", bench_pair,
                                 std::size_t{10'000'000}, false, true)
        ->UseManualTime()
        ->Iterations(1)
        ->Unit(benchmark::kMillisecond);
    for (std::size_t n : {2'000, 5'000, 10'000, 20'000, 50'000})
        for (bool cuda : {false, true})
            for (bool score_only : {true, false})
                tropic::bench::with_repetitions(
                    benchmark::RegisterBenchmark(
                        fmt::format("align_gpu/crossover/{}/{}/{}", cuda ? "cuda" : "cpu",
                                    score_only ? "score" : "traceback", n)
                            .c_str(),
                        bench_crossover, n, cuda, score_only)
                        ->UseManualTime());
    benchmark::RunSpecifiedBenchmarks();
    benchmark::Shutdown();
    return score_mismatch ? 3 : 0;
}
