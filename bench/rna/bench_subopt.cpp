// Suboptimal structures, CPU on every thread against CUDA, in-process (CUDA context created
// before timing), one random 2,000-nt record (seed 1, uniform A, C, G, U; Turner 2004, dangles 2):
//   subopt/{cpu,cuda}/zuker     RNAsubopt -z
//   subopt/{cpu,cuda}/e:50      RNAsubopt -e 0.5
//   subopt/{cpu,cuda}/e:100     RNAsubopt -e 1 (at most 200,000 structures, else the row reports
//                               the guard's error)
// One run per row (each takes seconds; --benchmark_repetitions=N for more). Wall time in ms;
// counters: structures (the list's length) and the run's phases in seconds (profiled, which
// costs a device synchronisation per phase): fill_s (the MFE tables), copies_s (device tables
// into the host's layout; cuda only), outside_s (Zuker's outside table, with its copy back on
// cuda), traces_s (Zuker's traces, on the host), enumeration_s (the -e search, on the host). The
// cuda rows compare their list with the CPU's, byte for byte: a difference stops the run with
// exit code 3. After the runs, one line per mode prints the CPU / CUDA ratio of the fastest
// repetitions. TROPIC_SUBOPT_BENCH_LENGTH sets another length (a quick check on a small host).
// bench-quick-filter: subopt/(cpu|cuda)/e:50
#include <benchmark/benchmark.h>
#include <fmt/format.h>

#include <cstdlib>
#include <map>
#include <string>
#include <vector>

#include "bench_support.hpp"
#include "tropic/core/device.hpp"
#include "tropic/core/thread_pool.hpp"
#include "tropic/rna/subopt.hpp"

namespace {

using tropic::rna::SuboptStructure;

std::size_t length() {
    static const std::size_t n = [] {
        const char* text = std::getenv("TROPIC_SUBOPT_BENCH_LENGTH");
        return text != nullptr ? std::strtoul(text, nullptr, 10) : 2000ul;
    }();
    return n;
}
bool mismatch = false;
std::map<std::string, std::vector<SuboptStructure>> cpu_lists;  // by mode
std::map<std::string, double> best_ms;                          // by row

tropic::ThreadPool& pool() {
    static tropic::ThreadPool p(0);
    return p;
}

const std::vector<std::uint8_t>& record() {
    static const std::vector<std::uint8_t> seq = tropic::bench::seeded_rna(length(), 1);
    return seq;
}

// One run of `mode` ("zuker" or an -e range in dcal/mol) on `backend`.
std::vector<SuboptStructure> run(tropic::Backend backend, int delta) {
    tropic::RunOptions options;
    options.backend = backend;
    options.pool = &pool();
    const auto& params = tropic::rna::turner2004_params();
    if (delta < 0) return tropic::rna::subopt_zuker(record(), params, {}, options);
    tropic::rna::SuboptParams sp;
    sp.delta = delta;
    sp.max_structures = 200'000;  // a row that would list more reports the error and goes on
    return tropic::rna::subopt(record(), params, {}, sp, options).structures;
}

void bench_subopt(benchmark::State& state, tropic::Backend backend, int delta) {
    const std::string mode = delta < 0 ? "zuker" : fmt::format("e:{}", delta);
    const bool cuda = backend == tropic::Backend::Cuda;
    std::vector<SuboptStructure> list;
    std::map<std::string, tropic::profile::Phase> phases;  // of the timed run itself
    double total = 0;
    try {
        total = tropic::bench::run_wall_timed(state, [&] {
            phases = tropic::bench::profiled_phases([&] { list = run(backend, delta); });
        });
    } catch (const std::exception& error) {
        state.SkipWithError(error.what());
        return;
    }
    if (!cuda) {
        cpu_lists[mode] = list;
    } else if (cpu_lists.contains(mode)) {
        const auto& cpu = cpu_lists[mode];
        bool same = cpu.size() == list.size();
        for (std::size_t s = 0; same && s < cpu.size(); ++s)
            same = cpu[s].structure == list[s].structure && cpu[s].energy == list[s].energy;
        if (!same) {
            mismatch = true;
            state.SkipWithError("the CUDA list differs from the CPU's");
            return;
        }
    }
    const std::string row = fmt::format("{}/{}", cuda ? "cuda" : "cpu", mode);
    const double ms = 1e3 * total / static_cast<double>(state.iterations());
    if (!best_ms.contains(row) || ms < best_ms[row]) best_ms[row] = ms;
    state.counters["structures"] = static_cast<double>(list.size());
    for (const char* phase : {"fill", "table copies", "outside", "traces", "enumeration"}) {
        const auto found = phases.find(fmt::format("subopt: {}", phase));
        if (found == phases.end()) continue;
        std::string name = phase;
        if (name == "table copies") name = "copies";
        state.counters[name + "_s"] = found->second.seconds;
    }
}

}  // namespace

int main(int argc, char** argv) {
    benchmark::Initialize(&argc, argv);
    if (benchmark::ReportUnrecognizedArguments(argc, argv)) return 1;
    const bool have_device = tropic::cuda_device_count() > 0;
    if (!have_device)
        std::printf("no CUDA device: the cpu rows only\n");
    else
        run(tropic::Backend::Cuda, 0);  // context creation, not timed
    std::printf("subopt: %zu nt, CPU on %u threads\n", length(), pool().size());
    for (int delta : {-1, 50, 100}) {
        const std::string mode = delta < 0 ? "zuker" : fmt::format("e:{}", delta);
        for (tropic::Backend backend : {tropic::Backend::Cpu, tropic::Backend::Cuda}) {
            if (backend == tropic::Backend::Cuda && !have_device) continue;
            const char* side = backend == tropic::Backend::Cuda ? "cuda" : "cpu";
            benchmark::RegisterBenchmark(fmt::format("subopt/{}/{}", side, mode).c_str(),
                                         bench_subopt, backend, delta)
                ->Unit(benchmark::kMillisecond)
                ->UseManualTime()
                ->Iterations(1);
        }
    }
    benchmark::RunSpecifiedBenchmarks();
    benchmark::Shutdown();
    for (const char* mode : {"zuker", "e:50", "e:100"}) {
        const std::string cpu = fmt::format("cpu/{}", mode), cuda = fmt::format("cuda/{}", mode);
        if (best_ms.contains(cpu) && best_ms.contains(cuda))
            std::printf("subopt %s at %zu nt: CPU %.1f ms, CUDA %.1f ms, ratio %.2fx\n", mode,
                        length(), best_ms[cpu], best_ms[cuda], best_ms[cpu] / best_ms[cuda]);
    }
    return mismatch ? 3 : 0;
}
