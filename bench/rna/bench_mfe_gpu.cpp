// GPU MFE benchmark (Google Benchmark), in-process (CUDA context created before timing):
//   mfe_gpu/batch:200x20000  20,000 random 200-nt records in one call (batch mode)
//   mfe_gpu/n:{1000,4000,9781,20000}  one record each (long mode)
// Turner 2004, dangles 2, random sequences (uniform A, C, G, U). Wall time in ms; counters:
//   sequences_per_second           records folded per second
//   split_products_pct_of_ceiling  (long mode) the (min,+) steps of the multiloop splits' tile
//                                  products per second of those products' own time (CUDA events),
//                                  against the 16.6 T int32 DPX ceiling of the H100
// The products' time comes from one more fold per problem with the phases profiled
// (TROPIC_PROFILE's timing), which also prints how the time splits between the split products,
// the diagonal kernels and the rest, chunk by chunk. Every structure is re-evaluated: a mismatch
// with the reported energy stops the run with exit code 3.
#include <benchmark/benchmark.h>
#include <fmt/format.h>

#include <map>
#include <utility>
#include <vector>

#include "bench_support.hpp"
#include "tropic/core/device.hpp"
#include "tropic/rna/energy_eval.hpp"
#include "tropic/rna/mfe.hpp"

namespace {

constexpr double kCeilingInt32 = 16.6e12;  // ../shared/gpu-host.md, H100 DPX int32 (max,+)
bool energy_mismatch = false;

std::vector<tropic::rna::MfeResult> fold_on_gpu(
    const std::vector<std::vector<std::uint8_t>>& seqs) {
    tropic::RunOptions run;
    run.backend = tropic::Backend::Cuda;
    std::vector<tropic::rna::MfeResult> results;
    for (auto& outcome : tropic::rna::fold_mfe_many(seqs, tropic::rna::turner2004_params(),
                                                    tropic::rna::MfeParams{}, run)) {
        outcome.rethrow_error();
        results.push_back(std::move(outcome.result));
    }
    return results;
}

void check(benchmark::State& state, const std::vector<std::vector<std::uint8_t>>& seqs,
           const std::vector<tropic::rna::MfeResult>& results) {
    for (std::size_t r = 0; r < seqs.size(); r += std::max<std::size_t>(1, seqs.size() / 200)) {
        const int evaluated = tropic::rna::evaluate_structure(seqs[r], results[r].structure,
                                                              tropic::rna::turner2004_params(),
                                                              tropic::rna::Dangles::Both);
        if (evaluated != results[r].energy) {
            energy_mismatch = true;
            state.SkipWithError(fmt::format("record {}: structure evaluates to {}, fold said {}", r,
                                            evaluated, results[r].energy)
                                    .c_str());
            return;
        }
    }
}

void bench_fold(benchmark::State& state, std::size_t count, std::size_t n) {
    std::vector<std::vector<std::uint8_t>> seqs;
    for (std::size_t r = 0; r < count; ++r) seqs.push_back(tropic::bench::seeded_rna(n, 1 + r));
    std::vector<tropic::rna::MfeResult> results;
    try {
        tropic::bench::run_wall_timed(state, [&] { results = fold_on_gpu(seqs); });
    } catch (const std::exception& error) {
        state.SkipWithError(error.what());
        return;
    }
    check(state, seqs, results);
    state.counters["sequences_per_second"] = benchmark::Counter(
        static_cast<double>(count), benchmark::Counter::kIsIterationInvariantRate);
    // One profiled fold per problem (not per repetition: the figure is the same).
    static std::map<std::pair<std::size_t, std::size_t>, tropic::profile::Phase> products;
    const std::pair<std::size_t, std::size_t> problem{count, n};
    if (!products.contains(problem))
        products[problem] =
            tropic::bench::profiled_phases([&] { fold_on_gpu(seqs); })["mfe: split products"];
    if (count == 1) {
        const tropic::profile::Phase p = products[problem];
        if (p.seconds > 0)
            state.counters["split_products_pct_of_ceiling"] =
                100.0 * p.work / p.seconds / kCeilingInt32;
        state.counters["mfe_kcal"] = results[0].energy / 100.0;
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
    fold_on_gpu({tropic::bench::seeded_rna(100, 1)});  // context creation, not timed
    tropic::bench::with_repetitions(
        benchmark::RegisterBenchmark("mfe_gpu/batch:200x20000", bench_fold, 20000, 200)
            ->UseManualTime());
    for (std::size_t n : {1000, 4000, 9781, 20000})
        tropic::bench::with_repetitions(
            benchmark::RegisterBenchmark(fmt::format("mfe_gpu/n:{}", n).c_str(), bench_fold, 1, n)
                ->UseManualTime());
    benchmark::RunSpecifiedBenchmarks();
    benchmark::Shutdown();
    return energy_mismatch ? 3 : 0;
}
