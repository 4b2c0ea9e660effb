// GPU ensemble benchmark (Google Benchmark), in-process (CUDA context created before timing).
// Turner 2004, dangles 2, 37 °C, uniform random A, C, G, U with fixed seeds:
//   ensemble_gpu/n:{1000,2000,4000,10000}
//       one record: fill_ensemble_cuda with the outside pass and the pair probabilities back on
//       the host; the record's MFE (computed before timing, as fold -p has it) seeds the scale;
//       counter inside_fills: fills of the inside tables
//   ensemble_gpu/batch:200x20000
//       20,000 records of 200 nt in one call, interleaved groups of 1,024 (the default), every
//       probability back on the host as an n x n array (the dense return);
//       /chunk:k: groups of at most k records (TROPIC_ENSEMBLE_CHUNK_FOLDS)
//   ensemble_gpu/batch:200x20000/listed
//       the same with the listed return fold_ensemble_many asks for: the pairs of probability
//       >= 1e-5 and the sums over every pair (pairing tendency, centroid, diversity), made on the
//       device; /groups:g: g groups at once (TROPIC_ENSEMBLE_GROUPS_AT_ONCE, 2 by default),
//       /chunk:k as above, /budget:b: chunks' budget b GiB (TROPIC_ENSEMBLE_BUDGET_GIB, 16),
//       /min_blocks:m: the per-diagonal kernel held to 64 registers (TROPIC_ENSEMBLE_MIN_BLOCKS),
//       /diagonals:k: k diagonals per launch, "all": a pass per launch
//       (TROPIC_ENSEMBLE_DIAGONALS_PER_LAUNCH)
//   ensemble_gpu/batch:200x20000/plain/warp_from:d
//       the same in the plain layout (TROPIC_ENSEMBLE_INTERLEAVE_MAX=0), diagonals from d on a
//       warp per cell (TROPIC_ENSEMBLE_WARP_FROM; 32 is the default)
//   ensemble_gpu_api/batch:200x20000
//       the same records through rna::fold_ensemble_many with the cuda backend, end to end in
//       process: MFE, fill, the listed return and RNAfold -p's summaries on 16 threads
//   ensemble_cpu_threads/n:{1000,2000,4000}
//       fill_ensemble_cpu on a pool of 16 threads, the same records
//   ensemble_samples/n:4000
//       structures drawn per second from a filled 4,000-nt fold (sample_structures on 16
//       threads, after the GPU fill)
// Every GPU run is checked against the CPU (fill_ensemble_cpu, or fold_ensemble_many on the cpu
// backend) on 64 records spread over it: ln Z and every returned probability within 1e-9
// relative, the same pairs listed (records up to 2,000 nt); a mismatch reports an error instead of
// a time.
// Counters: sequences_per_second, samples_per_second. Wall time in ms.
// bench-quick-filter: ensemble_gpu/n:1000|batch:200x2000/
#include <benchmark/benchmark.h>
#include <fmt/format.h>

#include <algorithm>
#include <cmath>
#include <cstdlib>
#include <memory>
#include <optional>
#include <string>
#include <utility>
#include <vector>

#include "bench_support.hpp"
#include "rna/ensemble/cuda/ensemble_cuda.hpp"
#include "rna/ensemble/ensemble_cpu.hpp"
#include "rna/ensemble/ensemble_sampling.hpp"
#include "rna/ensemble/ensemble_summary.hpp"
#include "tropic/core/device.hpp"
#include "tropic/core/thread_pool.hpp"
#include "tropic/rna/ensemble.hpp"
#include "tropic/rna/model_details.hpp"

namespace {

using Seq = std::vector<std::uint8_t>;
constexpr unsigned kCpuThreads = 16;

const tropic::rna::BoltzmannFactors& factors() {
    static const tropic::rna::BoltzmannFactors f = tropic::rna::ModelDetails{}.boltzmann_factors();
    return f;
}

tropic::ThreadPool& pool() {
    static tropic::ThreadPool p(kCpuThreads);
    return p;
}

std::vector<Seq> records(std::size_t count, std::size_t n) {
    std::vector<Seq> seqs;
    for (std::size_t r = 0; r < count; ++r) seqs.push_back(tropic::bench::seeded_rna(n, 1 + r));
    return seqs;
}

// The records' MFEs (dcal/mol) on the GPU: fold -p folds them first, and they seed the scale.
std::vector<int> mfe_energies(const std::vector<Seq>& seqs) {
    tropic::RunOptions run;
    run.backend = tropic::Backend::Cuda;
    run.pool = &pool();
    const auto params = tropic::rna::ModelDetails{}.energy_params();
    std::vector<int> out;
    for (const auto& outcome : tropic::rna::fold_mfe_many(seqs, params, {}, run)) {
        outcome.rethrow_error();
        out.push_back(outcome.result.energy);
    }
    return out;
}

constexpr double kListThreshold = 1e-5;  // RNAfold's default --bppmThreshold
constexpr std::size_t kChecked = 64;     // records checked against the CPU

void fill_on_gpu(const std::vector<Seq>& seqs, const std::vector<int>& mfe,
                 std::vector<std::unique_ptr<tropic::rna::detail::EnsembleFold>>& folds,
                 bool keep_inside, bool dense = true) {
    folds.clear();
    std::vector<tropic::rna::detail::cuda::EnsembleJob> jobs;
    for (std::size_t r = 0; r < seqs.size(); ++r) {
        folds.push_back(std::make_unique<tropic::rna::detail::EnsembleFold>());
        jobs.push_back({seqs[r], nullptr, mfe[r], r, folds.back().get()});
    }
    tropic::rna::detail::cuda::fill_ensemble_cuda(jobs, factors(), tropic::rna::MfeParams{},
                                                  {.outside = true,
                                                   .keep_inside = keep_inside,
                                                   .dense = dense,
                                                   .list_threshold = kListThreshold},
                                                  0);
}

bool close(double a, double b) {
    return std::abs(a - b) <= 1e-9 * std::max(std::abs(a), std::abs(b)) + 1e-290;
}

// The records checked against the CPU: kChecked of them, spread over the batch.
std::vector<std::size_t> checked_records(std::size_t count) {
    std::vector<std::size_t> out;
    for (std::size_t k = 0; k < std::min(count, kChecked); ++k)
        out.push_back(k * count / std::min(count, kChecked));
    return out;
}

// The first difference between the GPU's folds and the CPU's on the checked records, if any.
std::optional<std::string> differs_from_cpu(
    const std::vector<Seq>& seqs, const std::vector<int>& mfe,
    const std::vector<std::unique_ptr<tropic::rna::detail::EnsembleFold>>& folds) {
    namespace d = tropic::rna::detail;
    if (folds.size() != seqs.size()) return "no folds";
    for (std::size_t r : checked_records(seqs.size())) {
        d::EnsembleFold cpu;
        d::fill_ensemble_cpu(cpu, seqs[r], factors(), tropic::rna::MfeParams{}, nullptr, mfe[r],
                             true, seqs[r].size() >= 1000 ? &pool() : nullptr);
        const d::EnsembleFold& gpu = *folds[r];
        if (!close(gpu.log_z, cpu.log_z)) return fmt::format("record {}: ln Z", r);
        const d::ProbabilityView p{cpu.qbh.data(), cpu.n()};
        if (gpu.outside_done) {
            for (int i = 0; i < cpu.n(); ++i)
                for (int j = i + 1; j < cpu.n(); ++j)
                    if (!close(gpu.probability(i, j), p(i, j)))
                        return fmt::format("record {}: P({},{})", r, i, j);
        } else {
            const auto want = d::listed_pairs(p, kListThreshold);
            if (!gpu.listed_done || gpu.listed.size() != want.size())
                return fmt::format("record {}: listed pairs", r);
            for (std::size_t k = 0; k < want.size(); ++k)
                if (gpu.listed[k].i != want[k].i || gpu.listed[k].j != want[k].j ||
                    !close(gpu.listed[k].probability, want[k].probability))
                    return fmt::format("record {}: listed pair {}", r, k);
            if (gpu.sums.centroid != d::pair_sums(p).centroid)
                return fmt::format("record {}: centroid", r);
        }
    }
    return std::nullopt;
}

// env: ensemble_fill.cu's variables (name, value) for this benchmark.
using Env = std::vector<std::pair<const char*, const char*>>;

void bench_gpu(benchmark::State& state, std::size_t count, std::size_t n, const Env& env,
               bool dense) {
    const auto seqs = records(count, n);
    std::vector<std::unique_ptr<tropic::rna::detail::EnsembleFold>> folds;
    for (const auto& [name, value] : env) setenv(name, value, 1);
    try {
        const std::vector<int> mfe = mfe_energies(seqs);
        tropic::bench::run_wall_timed(state, [&] { fill_on_gpu(seqs, mfe, folds, false, dense); });
        // Records up to 2,000 nt (longer ones take the CPU too long here; the tests cover them).
        const auto difference = n <= 2000 ? differs_from_cpu(seqs, mfe, folds) : std::nullopt;
        if (difference) state.SkipWithError(("GPU differs from the CPU: " + *difference).c_str());
    } catch (const std::exception& error) {
        state.SkipWithError(error.what());
    }
    for (const auto& [name, value] : env) unsetenv(name);
    state.counters["sequences_per_second"] = benchmark::Counter(
        static_cast<double>(count), benchmark::Counter::kIsIterationInvariantRate);
    if (count == 1 && !folds.empty()) {
        state.counters["ensemble_kcal"] = folds.front()->ensemble_energy();
        state.counters["inside_fills"] = folds.front()->inside_fills;
    }
}

// The same check through the API: the checked records on the cpu backend.
std::optional<std::string> api_differs_from_cpu(
    const std::vector<Seq>& seqs,
    const std::vector<tropic::Outcome<tropic::rna::EnsembleResult>>& gpu) {
    std::vector<Seq> sample;
    const std::vector<std::size_t> checked = checked_records(seqs.size());
    for (std::size_t r : checked) sample.push_back(seqs[r]);
    tropic::RunOptions run;
    run.backend = tropic::Backend::Cpu;
    run.pool = &pool();
    const auto cpu = tropic::rna::fold_ensemble_many(
        sample, tropic::rna::ModelDetails{}.energy_params(), factors(), {}, run);
    for (std::size_t k = 0; k < checked.size(); ++k) {
        cpu[k].rethrow_error();
        const auto& want = cpu[k].result;
        const auto& got = gpu[checked[k]].result;
        const std::size_t r = checked[k];
        if (std::abs(got.ensemble_energy - want.ensemble_energy) >
            1e-9 * (1 + std::abs(want.ensemble_energy)))
            return fmt::format("record {}: ensemble energy", r);
        if (got.centroid != want.centroid || got.pairing_tendency != want.pairing_tendency)
            return fmt::format("record {}: centroid or pairing tendency", r);
        if (got.pairs.size() != want.pairs.size()) return fmt::format("record {}: pairs", r);
        for (std::size_t p = 0; p < want.pairs.size(); ++p)
            if (got.pairs[p].i != want.pairs[p].i || got.pairs[p].j != want.pairs[p].j ||
                !close(got.pairs[p].probability, want.pairs[p].probability))
                return fmt::format("record {}: pair {}", r, p);
    }
    return std::nullopt;
}

void bench_api(benchmark::State& state, std::size_t count, std::size_t n) {
    const auto seqs = records(count, n);
    const tropic::rna::ModelDetails model;
    const auto params = model.energy_params();
    tropic::RunOptions run;
    run.backend = tropic::Backend::Cuda;
    run.pool = &pool();
    try {
        std::vector<tropic::Outcome<tropic::rna::EnsembleResult>> outcomes;
        tropic::bench::run_wall_timed(state, [&] {
            outcomes = tropic::rna::fold_ensemble_many(seqs, params, factors(),
                                                       tropic::rna::EnsembleParams{}, run);
            for (const auto& outcome : outcomes) outcome.rethrow_error();
            benchmark::DoNotOptimize(outcomes.data());
        });
        if (const auto difference = api_differs_from_cpu(seqs, outcomes))
            state.SkipWithError(("GPU differs from the CPU: " + *difference).c_str());
    } catch (const std::exception& error) {
        state.SkipWithError(error.what());
    }
    state.counters["sequences_per_second"] = benchmark::Counter(
        static_cast<double>(count), benchmark::Counter::kIsIterationInvariantRate);
}

void bench_cpu(benchmark::State& state, std::size_t n) {
    const Seq seq = tropic::bench::seeded_rna(n, 1);
    const int mfe = mfe_energies({seq}).front();
    tropic::rna::detail::EnsembleFold fold;
    tropic::bench::run_wall_timed(state, [&] {
        tropic::rna::detail::fill_ensemble_cpu(fold, seq, factors(), tropic::rna::MfeParams{},
                                               nullptr, mfe, true, &pool());
    });
    state.counters["ensemble_kcal"] = fold.ensemble_energy();
    state.counters["inside_fills"] = fold.inside_fills;
}

void bench_samples(benchmark::State& state, std::size_t n, std::size_t samples) {
    const auto seqs = records(1, n);
    std::vector<std::unique_ptr<tropic::rna::detail::EnsembleFold>> folds;
    try {
        fill_on_gpu(seqs, mfe_energies(seqs), folds, true);
    } catch (const std::exception& error) {
        state.SkipWithError(error.what());
        return;
    }
    tropic::bench::run_wall_timed(state, [&] {
        benchmark::DoNotOptimize(
            tropic::rna::detail::sample_structures(*folds.front(), samples, 1, &pool()));
    });
    state.counters["samples_per_second"] = benchmark::Counter(
        static_cast<double>(samples), benchmark::Counter::kIsIterationInvariantRate);
}

}  // namespace

int main(int argc, char** argv) {
    benchmark::Initialize(&argc, argv);
    if (benchmark::ReportUnrecognizedArguments(argc, argv)) return 1;
    if (tropic::cuda_device_count() == 0) {
        std::printf("SKIPPED: no CUDA device\n");
        return 0;
    }
    {  // context creation and first-use costs, not timed
        std::vector<std::unique_ptr<tropic::rna::detail::EnsembleFold>> folds;
        fill_on_gpu(records(1, 100), {0}, folds, false);
    }
    // Long folds once per repetition, three repetitions (10,000 nt: one).
    for (std::size_t n : {1000, 2000, 4000, 10000})
        benchmark::RegisterBenchmark(fmt::format("ensemble_gpu/n:{}", n).c_str(), bench_gpu, 1, n,
                                     Env{}, true)
            ->UseManualTime()
            ->Iterations(1)
            ->Repetitions(n >= 10000 ? 1 : 3)
            ->Unit(benchmark::kMillisecond);
    struct Batch {
        std::string suffix;
        Env env;
        bool dense;
    };
    const std::vector<Batch> batches = {
        {"", {}, true},
        {"/listed", {}, false},
        {"/listed/groups:1", {{"TROPIC_ENSEMBLE_GROUPS_AT_ONCE", "1"}}, false},
        {"/listed/groups:3", {{"TROPIC_ENSEMBLE_GROUPS_AT_ONCE", "3"}}, false},
        {"/listed/groups:4", {{"TROPIC_ENSEMBLE_GROUPS_AT_ONCE", "4"}}, false},
        {"/listed/chunk:2048", {{"TROPIC_ENSEMBLE_CHUNK_FOLDS", "2048"}}, false},
        {"/listed/chunk:4096/groups:3",
         {{"TROPIC_ENSEMBLE_CHUNK_FOLDS", "4096"}, {"TROPIC_ENSEMBLE_GROUPS_AT_ONCE", "3"}},
         false},
        {"/listed/chunk:4096/groups:3/budget:48",
         {{"TROPIC_ENSEMBLE_CHUNK_FOLDS", "4096"},
          {"TROPIC_ENSEMBLE_GROUPS_AT_ONCE", "3"},
          {"TROPIC_ENSEMBLE_BUDGET_GIB", "48"}},
         false},
        {"/listed/min_blocks:8", {{"TROPIC_ENSEMBLE_MIN_BLOCKS", "8"}}, false},
        {"/listed/diagonals:8", {{"TROPIC_ENSEMBLE_DIAGONALS_PER_LAUNCH", "8"}}, false},
        {"/listed/diagonals:all", {{"TROPIC_ENSEMBLE_DIAGONALS_PER_LAUNCH", "0"}}, false},
        {"/listed/diagonals:all/chunk:4096/groups:3/budget:48",
         {{"TROPIC_ENSEMBLE_DIAGONALS_PER_LAUNCH", "0"},
          {"TROPIC_ENSEMBLE_CHUNK_FOLDS", "4096"},
          {"TROPIC_ENSEMBLE_GROUPS_AT_ONCE", "3"},
          {"TROPIC_ENSEMBLE_BUDGET_GIB", "48"}},
         false},
        {"/chunk:4096", {{"TROPIC_ENSEMBLE_CHUNK_FOLDS", "4096"}}, true},
        {"/chunk:256", {{"TROPIC_ENSEMBLE_CHUNK_FOLDS", "256"}}, true},
        {"/plain/warp_from:32", {{"TROPIC_ENSEMBLE_INTERLEAVE_MAX", "0"}}, true},
        {"/plain/warp_from:0",
         {{"TROPIC_ENSEMBLE_INTERLEAVE_MAX", "0"}, {"TROPIC_ENSEMBLE_WARP_FROM", "0"}},
         true},
        {"/plain/warp_from:1000000",
         {{"TROPIC_ENSEMBLE_INTERLEAVE_MAX", "0"}, {"TROPIC_ENSEMBLE_WARP_FROM", "1000000"}},
         true}};
    for (const auto& [suffix, env, dense] : batches)
        benchmark::RegisterBenchmark(fmt::format("ensemble_gpu/batch:200x20000{}", suffix).c_str(),
                                     bench_gpu, 20000, 200, env, dense)
            ->UseManualTime()
            ->Iterations(1)
            ->Repetitions(2)
            ->Unit(benchmark::kMillisecond);
    benchmark::RegisterBenchmark("ensemble_gpu/batch:200x2000", bench_gpu, 2000, 200, Env{}, true)
        ->UseManualTime()
        ->Iterations(1)
        ->Repetitions(2)
        ->Unit(benchmark::kMillisecond);
    benchmark::RegisterBenchmark("ensemble_gpu_api/batch:200x20000", bench_api, 20000, 200)
        ->UseManualTime()
        ->Iterations(1)
        ->Repetitions(2)
        ->Unit(benchmark::kMillisecond);
    benchmark::RegisterBenchmark("ensemble_samples/n:4000", bench_samples, 4000, 20000)
        ->UseManualTime()
        ->Iterations(1)
        ->Repetitions(2)
        ->Unit(benchmark::kMillisecond);
    for (std::size_t n : {1000, 2000, 4000})
        benchmark::RegisterBenchmark(fmt::format("ensemble_cpu_threads/n:{}", n).c_str(), bench_cpu,
                                     n)
            ->UseManualTime()
            ->Iterations(1)
            ->Repetitions(1)
            ->Unit(benchmark::kMillisecond);
    benchmark::RunSpecifiedBenchmarks();
    benchmark::Shutdown();
    return 0;
}
