// GPU BPMax benchmark (Google Benchmark): interact_bpmax with Backend::Cuda in-process, random
// strands (uniform A, C, G, U), default weights, one site.
//
//   bench_bpmax_gpu [Google Benchmark flags]
//
// Problems (the targets of the BPMax issue): bpmax/23x20000/window2:128 (strand 1 unwindowed),
// bpmax/23x800 (no window), and bpmax/23x200. Each runs 5 times; the console shows mean, median,
// stddev and cv. The time is the wall time of interact_bpmax (strand tables on the host; fill,
// site search and traceback on the GPU), after one warm-up call that creates the context.
// Counters:
//   dr_steps_per_second  max-plus steps of the double reduction that the band shape needs (for
//                        each product, sum over its band cells of the k range), per second of
//                        the double reduction itself: its phase time (packing, band products,
//                        unpacking) from one more call per problem with the phases profiled
//                        (TROPIC_PROFILE's timing, which also prints the phase split to stderr)
//   dr_pct_of_ceiling    that as % of the H100's DPX max-plus rate for the pair's score type:
//                        33.3e12 (packed int16) or 16.6e12 (int32)
// Without a CUDA device it prints "SKIPPED: no CUDA device" and exits 0.
#include <benchmark/benchmark.h>

#include <cstdint>
#include <cstdio>
#include <exception>
#include <map>
#include <random>
#include <string>
#include <tuple>
#include <vector>

#include "bench_support.hpp"
#include "rna/bpmax/bpmax_plan.hpp"
#include "tropic/core/device.hpp"
#include "tropic/core/thread_pool.hpp"
#include "tropic/rna/bpmax.hpp"

namespace {

constexpr double kCeilingInt16x2 = 33.3e12, kCeilingInt32 = 16.6e12;

using Seq = std::vector<std::uint8_t>;

struct Problem {
    std::size_t n1, n2, window2;
    Seq s1, s2;
};

std::vector<Problem>& problems() {
    static std::vector<Problem> list = [] {
        std::mt19937_64 rng(2026);
        std::vector<Problem> p;
        for (auto [n1, n2, w2] : {std::tuple<std::size_t, std::size_t, std::size_t>{23, 20000, 128},
                                  {23, 800, 0},
                                  {23, 200, 0}})
            p.push_back(
                {n1, n2, w2, tropic::test::random_rna(rng, n1), tropic::test::random_rna(rng, n2)});
        return p;
    }();
    return list;
}

// Host work (the strand tables, traceback) on all cores, as `tropic rri` does.
tropic::RunOptions cuda_options() {
    static tropic::ThreadPool pool(0);
    tropic::RunOptions options;
    options.pool = &pool;
    options.backend = tropic::Backend::Cuda;
    return options;
}

void bench_pair(benchmark::State& state, const Problem* problem) {
    tropic::rna::BpmaxParams params;
    params.window2 = problem->window2;
    try {
        auto call = [&] {
            benchmark::DoNotOptimize(
                tropic::rna::interact_bpmax(problem->s1, problem->s2, params, cuda_options()));
        };
        tropic::bench::run_wall_timed(state, call);
        // The double reduction's own time, from one profiled call per problem (not per
        // repetition: the figure is the same).
        static std::map<const Problem*, double> dr_seconds;
        if (!dr_seconds.contains(problem))
            dr_seconds[problem] =
                tropic::bench::profiled_phases(call)["bpmax: double reduction"].seconds;
        const double steps =
            tropic::rna::detail::bpmax_double_reduction_steps(problem->n1, problem->n2, params);
        if (dr_seconds[problem] > 0) {
            // The pair runs on int16 tables when they take less memory than int32 ones.
            const bool int16 =
                tropic::rna::detail::bpmax_memory_bytes(problem->n1, problem->n2, params, 1) <
                tropic::rna::detail::bpmax_memory_bytes(problem->n1, problem->n2, params, 1, true);
            const double rate = steps / dr_seconds[problem];
            state.counters["dr_steps_per_second"] = rate;
            state.counters["dr_pct_of_ceiling"] =
                100.0 * rate / (int16 ? kCeilingInt16x2 : kCeilingInt32);
        }
    } catch (const std::exception& error) {
        state.SkipWithError(error.what());
    }
}

}  // namespace

int main(int argc, char** argv) {
    benchmark::Initialize(&argc, argv);
    if (tropic::cuda_device_count() == 0) {
        std::printf("SKIPPED: no CUDA device\n");
        return 0;
    }
    {  // Warm-up: context creation is not part of any problem's time.
        tropic::rna::BpmaxParams params;
        (void)tropic::rna::interact_bpmax(problems()[2].s1, problems()[2].s2, params,
                                          cuda_options());
    }
    for (const Problem& p : problems()) {
        std::string name = "bpmax/" + std::to_string(p.n1) + "x" + std::to_string(p.n2);
        if (p.window2 != 0) name += "/window2:" + std::to_string(p.window2);
        tropic::bench::with_repetitions(
            benchmark::RegisterBenchmark(name.c_str(), bench_pair, &p)->UseManualTime());
    }
    benchmark::RunSpecifiedBenchmarks();
    benchmark::Shutdown();
    return 0;
}
