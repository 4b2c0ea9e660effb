// cn.mops' local model (the per-window EM), CPU against GPU (Google Benchmark), in-process: the
// CUDA context and the device buffers are made by a warm-up call before timing. Synthetic
// cohorts: Poisson counts around a per-window level with planted copy-number changes (fixed
// seeds, support/random_cohort.hpp), cn.mops' defaults (9 classes, 20 cycles, priorImpact 1).
//   cnv_model/cuda/15x6900000      BM-A's size: 15 samples x 6.9 M windows, one block
//   cnv_model/cuda/1000x250000     1000 samples x 250 k windows (one block of a large cohort)
//   cnv_model/cpu_all/15x1000000   every core; scaled to BM-A (x 6.9) in the summary
//   cnv_model/cpu_all/1000x25000   every core; scaled (x 10) in the summary
//   cnv_model/cpu_1/15x100000, cnv_model/cpu_1/1000x2500
//                                  one thread; scaled (x 69, x 100) in the summary
//   cnv_model/crossover/{cpu,cuda}/<samples>x<windows>
//                                  where `auto` should send a block to the GPU: the summary
//                                  prints the smallest step count (windows x samples x classes x
//                                  cycles) from which the GPU wins at every larger size measured,
//                                  the value for kAutoMinSteps in src/cnv/model/local_model.cpp
// Counters: windows_per_s; gsteps_per_s (10^9 window x sample x class x cycle steps per second);
// for the GPU, kernel_gsteps_per_s and pct_of_fp64_ceiling: the fit kernel alone against 4.4e11
// steps/s, the H100 SXM's 16.7 T FP64 instructions/s over ~38 per step (docs in
// src/cnv/model/cuda/local_model.cu). Without a CUDA device the GPU part prints SKIPPED and the
// CPU part still runs.
// bench-quick-filter: cnv_model/(cuda|cpu_all)/15x1000000|cnv_model/cuda/1000x250000
#include <benchmark/benchmark.h>
#include <fmt/format.h>

#include <algorithm>
#include <cstdio>
#include <map>
#include <memory>
#include <random>
#include <string>
#include <tuple>
#include <vector>

#include "bench_support.hpp"
#include "cnv/model/local_model_backends.hpp"
#include "support/random_cohort.hpp"
#include "tropic/cnv/cnmops_params.hpp"
#include "tropic/cnv/local_model.hpp"
#include "tropic/core/device.hpp"
#include "tropic/core/thread_pool.hpp"

namespace {

using tropic::cnv::CnmopsParams;
using tropic::cnv::LocalModelBlock;
using tropic::cnv::LocalModelResult;

constexpr double kCeilingSteps = 16.7e12 / 38;  // FP64 instructions/s over instructions per step
unsigned g_threads = 1;

enum class Where { Cuda, CpuAll, Cpu1 };

// Cohorts are made once per size and kept: BM-A's counts alone are 830 MB.
const tropic::test::RandomCohort& cohort(std::size_t samples, std::size_t windows) {
    static std::map<std::pair<std::size_t, std::size_t>,
                    std::unique_ptr<tropic::test::RandomCohort>>
        kept;
    auto& slot = kept[{samples, windows}];
    if (!slot) {
        std::mt19937_64 rng(samples * 1'000'003 + windows);
        slot = std::make_unique<tropic::test::RandomCohort>(
            tropic::test::random_cohort(rng, windows, samples));
    }
    return *slot;
}

double fit(Where where, const tropic::test::RandomCohort& c, LocalModelResult& result) {
    static tropic::ThreadPool all(g_threads);
    static tropic::ThreadPool one(1);
    tropic::RunOptions run;
    run.backend = where == Where::Cuda ? tropic::Backend::Cuda : tropic::Backend::Cpu;
    run.pool = where == Where::CpuAll ? &all : where == Where::Cpu1 ? &one : nullptr;
    const LocalModelBlock block{c.windows, c.samples, c.counts.data(), c.coverage.data(), nullptr};
    const CnmopsParams params;
    if (where == Where::Cuda)
        tropic::cnv::detail::fit_local_models_cuda(block, params, result, run);
    else
        tropic::cnv::detail::fit_local_models_cpu(block, params, result, run);
    return static_cast<double>(result.prior_only_windows);
}

// Median seconds of each problem, for the summary tables.
std::map<std::tuple<Where, std::size_t, std::size_t>, std::vector<double>> g_seconds;

double steps_of(std::size_t samples, std::size_t windows) {
    const CnmopsParams params;
    return static_cast<double>(samples) * static_cast<double>(windows) *
           static_cast<double>(params.folds.size()) * params.cycles;
}

void bench_fit(benchmark::State& state, Where where, std::size_t samples, std::size_t windows) {
    const tropic::test::RandomCohort& c = cohort(samples, windows);
    // One result per problem, kept over the repetitions, as a pipeline keeps one over its blocks:
    // a fresh 2.8 GB result would add ~0.8 s of first-touch page faults to BM-A's GPU run
    // (measured on the H100 host), which is the allocator's cost, not the model's.
    static std::map<std::pair<std::size_t, std::size_t>, LocalModelResult> results;
    LocalModelResult& result = results[{samples, windows}];
    double seconds = 0;
    try {
        seconds = tropic::bench::run_wall_timed(state, [&] { fit(where, c, result); });
    } catch (const std::exception& error) {
        state.SkipWithError(error.what());
        return;
    }
    g_seconds[{where, samples, windows}].push_back(seconds);
    const double steps = steps_of(samples, windows);
    if (seconds > 0) {
        state.counters["windows_per_s"] = static_cast<double>(windows) / seconds;
        state.counters["gsteps_per_s"] = steps / seconds / 1e9;
    }
    if (where == Where::Cuda) {
        const auto phases = tropic::bench::profiled_phases([&] { fit(where, c, result); });
        const auto kernel = phases.find("cnv local model: fit kernel");
        if (kernel != phases.end() && kernel->second.seconds > 0) {
            state.counters["kernel_gsteps_per_s"] = steps / kernel->second.seconds / 1e9;
            state.counters["pct_of_fp64_ceiling"] =
                100.0 * steps / kernel->second.seconds / kCeilingSteps;
        }
    }
}

void add(Where where, std::size_t samples, std::size_t windows, const char* group,
         int repetitions = 5) {
    benchmark::RegisterBenchmark(fmt::format("cnv_model/{}/{}x{}", group, samples, windows).c_str(),
                                 bench_fit, where, samples, windows)
        ->UseManualTime()
        ->Iterations(1)
        ->Repetitions(repetitions)
        ->DisplayAggregatesOnly(true)
        ->Unit(benchmark::kMillisecond);
}

double median_of(std::vector<double> v) {
    if (v.empty()) return 0;
    std::sort(v.begin(), v.end());
    return v.size() % 2 ? v[v.size() / 2] : (v[v.size() / 2 - 1] + v[v.size() / 2]) / 2;
}

double seconds_of(Where where, std::size_t samples, std::size_t windows) {
    const auto it = g_seconds.find({where, samples, windows});
    return it == g_seconds.end() ? 0 : median_of(it->second);
}

void print_summary(bool gpu) {
    std::printf("\nlocal model, median seconds (CPU sizes scaled linearly to the full size)\n");
    std::printf("%-22s %12s %12s %12s %10s %14s\n", "problem", "cpu_1 s", "cpu_all s", "cuda s",
                "speed-up", "cuda windows/s");
    struct Row {
        const char* name;
        std::size_t samples, windows, cpu_all_windows, cpu_1_windows;
    };
    const Row rows[] = {{"BM-A 15 x 6.9M", 15, 6'900'000, 1'000'000, 100'000},
                        {"1000 x 250k", 1000, 250'000, 25'000, 2'500}};
    for (const Row& r : rows) {
        const double cpu_all = seconds_of(Where::CpuAll, r.samples, r.cpu_all_windows) *
                               static_cast<double>(r.windows) / r.cpu_all_windows;
        const double cpu_1 = seconds_of(Where::Cpu1, r.samples, r.cpu_1_windows) *
                             static_cast<double>(r.windows) / r.cpu_1_windows;
        const double cuda = seconds_of(Where::Cuda, r.samples, r.windows);
        std::printf("%-22s %12.3f %12.3f %12s %10s %14s\n", r.name, cpu_1, cpu_all,
                    gpu ? fmt::format("{:.4f}", cuda).c_str() : "SKIPPED",
                    gpu && cuda > 0 ? fmt::format("{:.1f}x", cpu_all / cuda).c_str() : "-",
                    gpu && cuda > 0 ? fmt::format("{:.3g}", r.windows / cuda).c_str() : "-");
    }
    if (!gpu) return;
    std::printf("\ncrossover (cpu_all = %u threads): median seconds\n", g_threads);
    std::printf("%8s %10s %14s %12s %12s %8s\n", "samples", "windows", "steps", "cpu_all s",
                "cuda s", "winner");
    std::vector<std::pair<double, bool>> by_steps;  // (steps, GPU faster)
    for (const auto& [key, times] : g_seconds) {
        const auto [where, samples, windows] = key;
        if (where != Where::CpuAll || !g_seconds.count({Where::Cuda, samples, windows})) continue;
        const double cpu = median_of(times), cuda = seconds_of(Where::Cuda, samples, windows);
        const double steps = steps_of(samples, windows);
        by_steps.emplace_back(steps, cuda < cpu);
        std::printf("%8zu %10zu %14.3g %12.5f %12.5f %8s\n", samples, windows, steps, cpu, cuda,
                    cuda < cpu ? "cuda" : "cpu");
    }
    std::sort(by_steps.begin(), by_steps.end());
    double min_steps = 0;
    for (std::size_t i = by_steps.size(); i-- > 0;) {
        if (!by_steps[i].second) break;
        min_steps = by_steps[i].first;
    }
    if (min_steps > 0)
        std::printf("suggested kAutoMinSteps: %.3g (the GPU wins at every size from there on)\n",
                    min_steps);
    else
        std::printf("suggested kAutoMinSteps: none measured (the CPU won the largest size)\n");
}

}  // namespace

int main(int argc, char** argv) {
    benchmark::Initialize(&argc, argv);
    const auto threads = tropic::bench::threads_flag(argc, argv, argv[0]);
    if (!threads) return 1;
    g_threads = *threads;
    const bool gpu = tropic::cuda_device_count() > 0;
    if (!gpu) {
        std::printf("SKIPPED: no CUDA device (GPU part); the CPU part runs\n");
    } else {
        LocalModelResult warm;
        fit(Where::Cuda, cohort(15, 1000), warm);  // context and buffers, not timed
        add(Where::Cuda, 15, 6'900'000, "cuda");
        add(Where::Cuda, 1000, 250'000, "cuda");
    }
    add(Where::CpuAll, 15, 1'000'000, "cpu_all");
    add(Where::CpuAll, 1000, 25'000, "cpu_all");
    add(Where::Cpu1, 15, 100'000, "cpu_1", 3);
    add(Where::Cpu1, 1000, 2'500, "cpu_1", 3);
    if (gpu) {
        for (std::size_t samples : {2, 15, 100, 1000})
            for (std::size_t windows : {256, 1024, 4096, 16384, 65536, 262144}) {
                if (samples * windows > 70'000'000) continue;
                add(Where::CpuAll, samples, windows, "crossover/cpu");
                add(Where::Cuda, samples, windows, "crossover/cuda");
            }
    }
    benchmark::RunSpecifiedBenchmarks();
    benchmark::Shutdown();
    print_summary(gpu);
    return 0;
}
