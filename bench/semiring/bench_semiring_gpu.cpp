// Tropical engine benchmark on the GPU (Google Benchmark): the product kernels alone on
// device-resident data ((max,+), random finite values), timed with CUDA events by
// cuda/bench_semiring_gpu.cu, compiled into this driver in CUDA builds (one warm-up and one timed
// launch per iteration; the time reported is the kernel's, as manual time, in ms).
//
//   bench_semiring_gpu [Google Benchmark flags]
//   bench_semiring_gpu --benchmark_filter='n:(512|2048)/|batch:20/'       (a short run)
//
// Problems, for int32 then int16: {dense,triangular}/TYPE/n:{512,...,16384},
// dense_batch/TYPE/batch:{1,20,1000}/n:256 and band/TYPE/N:.../W:.../batch:... (N=20000 W=128
// x1 and x20, N=40000 W=128, N=20000 W=512 and W=2048). Each is run 5 times (repetitions) and
// the console shows mean, median, stddev and cv over them. Counters:
//   steps_per_second  effective steps, counting only the work the shape needs: dense n^3,
//                     triangular n(n+1)(n+2)/6, band n * w(w+1)/2 per product (less at the end)
//   pct_of_ceiling    % of the measured H100 ceiling (gpu-host.md): 16.6e12 for int32 DPX,
//                     33.3e12 for packed int16 DPX (the label names the one used)
// Without CUDA in the build or a CUDA device it prints "SKIPPED: no CUDA device" and exits 0.
// bench-quick-filter: n:(512|2048)/|batch:20/
#include <benchmark/benchmark.h>

#include <algorithm>
#include <cstdio>
#include <exception>
#include <string>
#include <vector>

#include "bench_support.hpp"
#include "tropic/core/device.hpp"
#if TROPIC_HAVE_CUDA
#include <fmt/format.h>

#include "cuda/kernel_timing.hpp"
#endif

namespace {

#if TROPIC_HAVE_CUDA
constexpr double kCeilingInt32 = 16.6e12;
constexpr double kCeilingInt16x2 = 33.3e12;

using tropic::semiring::Shape;
namespace gpu = tropic::bench;

double band_steps(double n, double w) {
    // Sum over rows i of sum over d < min(w, n - i) of (d + 1).
    double total = 0;
    for (double i = 0; i < n; ++i) {
        double span = std::min(w, n - i);
        total += span * (span + 1) / 2;
    }
    return total;
}

// `kernel_seconds` times one launch; the benchmark reports those times as manual time.
template <typename KernelSeconds>
void bench_kernel(benchmark::State& state, bool int16, double steps,
                  const KernelSeconds& kernel_seconds) {
    double total = 0;
    try {
        for (auto _ : state) {
            const double seconds = kernel_seconds();
            state.SetIterationTime(seconds);
            total += seconds;
        }
    } catch (const std::exception& error) {
        state.SkipWithError(error.what());
        return;
    }
    const double ceiling = int16 ? kCeilingInt16x2 : kCeilingInt32;
    state.counters["steps_per_second"] =
        benchmark::Counter(steps, benchmark::Counter::kIsIterationInvariantRate);
    state.counters["pct_of_ceiling"] =
        100.0 * steps * static_cast<double>(state.iterations()) / total / ceiling;
    state.SetLabel(int16 ? "vs 33.3e12 packed int16 DPX" : "vs 16.6e12 int32 DPX");
}

// Each iteration allocates and fills its data and launches twice, so short kernels get more
// iterations per repetition and long ones (over about 10 ms) one.
void add(const std::string& name, bool int16, double steps, auto kernel_seconds) {
    tropic::bench::with_repetitions(
        benchmark::RegisterBenchmark(
            name.c_str(),
            [=](benchmark::State& state) { bench_kernel(state, int16, steps, kernel_seconds); }))
        ->UseManualTime()
        ->Iterations(steps < 1e11 ? 10 : 1);
}

void register_benchmarks() {
    const std::vector<int> sizes = {512, 1024, 2048, 4096, 8192, 16384};
    struct BandCase {
        int n, width, batch;
    };
    const std::vector<BandCase> bands = {
        {20000, 128, 1}, {20000, 128, 20}, {40000, 128, 1}, {20000, 512, 1}, {20000, 2048, 1}};
    for (bool int16 : {false, true}) {
        const char* type = int16 ? "int16" : "int32";
        for (Shape shape : {Shape::Dense, Shape::UpperTriangular})
            for (int n : sizes) {
                const double x = n;
                const bool tri = shape == Shape::UpperTriangular;
                add(fmt::format("{}/{}/n:{}", tri ? "triangular" : "dense", type, n), int16,
                    tri ? x * (x + 1) * (x + 2) / 6 : x * x * x,
                    [=] { return gpu::time_product_kernel(int16, shape, n, 1, 1, 0); });
            }
        for (int batch : {1, 20, 1000}) {
            const int n = 256;
            const double x = n;
            add(fmt::format("dense_batch/{}/batch:{}/n:{}", type, batch, n), int16,
                batch * x * x * x,
                [=] { return gpu::time_product_kernel(int16, Shape::Dense, n, batch, 1, 0); });
        }
        for (auto [n, width, batch] : bands)
            add(fmt::format("band/{}/N:{}/W:{}/batch:{}", type, n, width, batch), int16,
                batch * band_steps(n, width),
                [=] { return gpu::time_band_kernel(int16, n, width, batch, 1, 0); });
    }
}
#endif

}  // namespace

int main(int argc, char** argv) {
    benchmark::Initialize(&argc, argv);
    if (benchmark::ReportUnrecognizedArguments(argc, argv)) return 1;
#if !TROPIC_HAVE_CUDA
    std::printf("bench_semiring_gpu: SKIPPED: no CUDA device (built without CUDA)\n");
    return 0;
#else
    auto device = tropic::query_device(0);
    if (!device) {
        std::printf("bench_semiring_gpu: SKIPPED: no CUDA device\n");
        return 0;
    }
    std::printf("device: %s, %d SMs\n", device->name.c_str(), device->multiprocessors);
    std::fflush(stdout);
    benchmark::AddCustomContext("device", device->name);
    register_benchmarks();
    benchmark::RunSpecifiedBenchmarks();
    benchmark::Shutdown();
    return 0;
#endif
}
