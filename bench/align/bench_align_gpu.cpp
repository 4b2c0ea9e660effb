// GPU pairwise alignment of one long pair (Google Benchmark), in-process (CUDA context created
// before timing), align_pair with --backend cuda:
//   align_gpu/score_local/{100000,1000000}     score only, local, random DNA, n x n
//   align_gpu/score_local_related/1000000      score only, local, 90% identity with indels
//   align_gpu/traceback_local_related/{200000,1000000}
//                                              the same pairs with a traceback (the device's
//                                              forward fill with checkpoints, then the tiles the
//                                              path crosses filled again on the CPU)
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

#include "bench_support.hpp"
#include "support/random_alignment.hpp"
#include "tropic/align/pairwise.hpp"
#include "tropic/core/device.hpp"

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
    // One run: its CPU side (the crossed tiles filled again) takes about a minute.
    benchmark::RegisterBenchmark("align_gpu/traceback_local_related/1000000", bench_pair,
                                 std::size_t{1'000'000}, true, false)
        ->UseManualTime()
        ->Iterations(1)
        ->Unit(benchmark::kMillisecond);
    benchmark::RunSpecifiedBenchmarks();
    benchmark::Shutdown();
    return score_mismatch ? 3 : 0;
}
