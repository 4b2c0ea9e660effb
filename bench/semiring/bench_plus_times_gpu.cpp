// Plus-times products on the GPU (Google Benchmark): plain cuBLAS (SGEMM, DGEMM) against
// tropic's Strassen-Winograd over the same cuBLAS calls, on device-resident random n x n
// operands, timed with CUDA events by cuda/bench_plus_times_gpu.cu (median of 3 after a
// warm-up; only the products, no transfers). int32: the engine's tiled integer kernel, classical
// against Strassen-Winograd (cuBLAS has no int32 GEMM).
//
//   bench_plus_times_gpu [Google Benchmark flags]
//   bench_plus_times_gpu --benchmark_filter='n:(4096|8192)'        (a short run)
//
// Problems:
//   plus_times/{float,double}/n:{4096,8192,16384,32768}, plus_times/int32/n:{4096,8192,16384}
//     at the default threshold (kGpuStrassenThreshold); sizes the device cannot hold are
//     skipped with a note
//   threshold_sweep/{float,double,int32}/n:{8192,16384}/threshold:{1024,...}: Strassen-Winograd
//     at other thresholds, against the same classical time (measured once per type and n)
// Counters (the reported time is Strassen-Winograd's median, in ms):
//   classical_ms, strassen_ms    the medians
//   classical_tflops, strassen_tflops   2 n^3 / time, in 1e12 per second (TFLOPS-equivalent)
//   speedup                      classical_ms / strassen_ms (> 1: Strassen-Winograd wins)
//   levels                       Strassen-Winograd levels above the classical products
//   sw_vs_classical              max |C_sw - C_classical| / max |C_classical| (int32: cells
//                                that differ, which must be 0)
//   classical_err, sw_err        float at n <= 8192: max |C - C_ref| / max |C_ref| against DGEMM
//                                on the same inputs (Li's measure); double: sw_vs_classical is
//                                the error against the classical product
// A comparison beyond the tolerance (float 1e-3, double 1e-10, int32 any cell) fails the problem
// (SkipWithError), so a wrong kernel cannot report a time. The whole run takes about 2 minutes
// on an H100. Without CUDA in the build or a CUDA device it prints "SKIPPED: no CUDA device" and
// exits 0.
// bench-quick-filter: n:(4096|8192)$
#include <benchmark/benchmark.h>

#include <cstdio>
#include <exception>
#include <map>
#include <string>
#include <utility>
#include <vector>

#include "tropic/core/device.hpp"
#include "tropic/semiring/plus_times_product.hpp"
#if TROPIC_HAVE_CUDA
#include <fmt/format.h>

#include "cuda/plus_times_timing.hpp"
#endif

namespace {

#if TROPIC_HAVE_CUDA
using tropic::bench::PlusTimesTiming;
using tropic::bench::PlusTimesType;

const char* name(PlusTimesType type) {
    switch (type) {
        case PlusTimesType::Float:
            return "float";
        case PlusTimesType::Double:
            return "double";
        case PlusTimesType::Int32:
            break;
    }
    return "int32";
}

double tolerance(PlusTimesType type) {
    switch (type) {
        case PlusTimesType::Float:
            return 1e-3;
        case PlusTimesType::Double:
            return 1e-10;
        case PlusTimesType::Int32:
            break;
    }
    return 0;
}

// The classical time of each (type, n), measured by the first problem that runs it.
std::map<std::pair<PlusTimesType, std::size_t>, double>& classical_times() {
    static std::map<std::pair<PlusTimesType, std::size_t>, double> times;
    return times;
}

void bench(benchmark::State& state, PlusTimesType type, std::size_t n, std::size_t threshold) {
    const auto key = std::make_pair(type, n);
    const bool known = classical_times().count(key) > 0;
    const bool reference = type == PlusTimesType::Float && n <= 8192 && !known;
    PlusTimesTiming t;
    try {
        t = tropic::bench::time_plus_times(type, n, threshold, !known, reference);
    } catch (const std::exception& error) {
        state.SkipWithError(error.what());
        return;
    }
    if (!t.fits) {
        state.SkipWithError(("skipped: " + t.note).c_str());
        return;
    }
    if (!known) classical_times()[key] = t.classical_seconds;
    const double classical = classical_times()[key];
    if (!(t.strassen_vs_classical <= tolerance(type))) {
        state.SkipWithError(fmt::format("Strassen-Winograd differs from the classical product by "
                                        "{} (tolerance {})",
                                        t.strassen_vs_classical, tolerance(type))
                                .c_str());
        return;
    }
    for (auto _ : state) state.SetIterationTime(t.strassen_seconds);
    const double flops = 2.0 * double(n) * double(n) * double(n);
    state.counters["classical_ms"] = classical * 1e3;
    state.counters["strassen_ms"] = t.strassen_seconds * 1e3;
    state.counters["classical_tflops"] = flops / classical / 1e12;
    state.counters["strassen_tflops"] = flops / t.strassen_seconds / 1e12;
    state.counters["speedup"] = classical / t.strassen_seconds;
    state.counters["levels"] = t.levels;
    state.counters["sw_vs_classical"] = t.strassen_vs_classical;
    if (t.classical_error >= 0) {
        state.counters["classical_err"] = t.classical_error;
        state.counters["sw_err"] = t.strassen_error;
    }
    state.SetLabel(type == PlusTimesType::Int32 ? "vs the engine's int32 kernel" : "vs cuBLAS");
}

void add(const std::string& title, PlusTimesType type, std::size_t n, std::size_t threshold) {
    benchmark::RegisterBenchmark(title.c_str(),
                                 [=](benchmark::State& state) { bench(state, type, n, threshold); })
        ->UseManualTime()
        ->Iterations(1)
        ->Unit(benchmark::kMillisecond);
}

void register_benchmarks() {
    using tropic::semiring::kGpuStrassenThreshold;
    for (PlusTimesType type : {PlusTimesType::Float, PlusTimesType::Double}) {
        for (std::size_t n : {4096, 8192, 16384, 32768})
            add(fmt::format("plus_times/{}/n:{}", name(type), n), type, n, kGpuStrassenThreshold);
    }
    for (std::size_t n : {4096, 8192, 16384})
        add(fmt::format("plus_times/int32/n:{}", n), PlusTimesType::Int32, n,
            kGpuStrassenThreshold);
    for (PlusTimesType type : {PlusTimesType::Float, PlusTimesType::Double, PlusTimesType::Int32})
        for (std::size_t n : {8192, 16384})
            for (std::size_t threshold : {1024, 2048, 4096, 8192}) {
                if (threshold >= n || threshold == kGpuStrassenThreshold) continue;
                add(fmt::format("threshold_sweep/{}/n:{}/threshold:{}", name(type), n, threshold),
                    type, n, threshold);
            }
}
#endif

}  // namespace

int main(int argc, char** argv) {
    benchmark::Initialize(&argc, argv);
    if (benchmark::ReportUnrecognizedArguments(argc, argv)) return 1;
#if !TROPIC_HAVE_CUDA
    std::printf("bench_plus_times_gpu: SKIPPED: no CUDA device (built without CUDA)\n");
    return 0;
#else
    auto device = tropic::query_device(0);
    if (!device) {
        std::printf("bench_plus_times_gpu: SKIPPED: no CUDA device\n");
        return 0;
    }
    std::printf("device: %s, %d SMs, %.1f GiB\n", device->name.c_str(), device->multiprocessors,
                double(device->total_memory) / (1 << 30));
    std::fflush(stdout);
    benchmark::AddCustomContext("device", device->name);
    register_benchmarks();
    benchmark::RunSpecifiedBenchmarks();
    benchmark::Shutdown();
    return 0;
#endif
}
