// Plus-times products on the CPU (Google Benchmark): the blocked classical kernel against
// Strassen-Winograd at several thresholds, float, double and int32, on the thread pool; the
// threshold sweep behind kCpuStrassenThreshold.
//
//   bench_plus_times_cpu [Google Benchmark flags] [--threads N]   (default: all hardware threads)
//   bench_plus_times_cpu --benchmark_filter='n:1024/'              (a short run)
//
// Problems: {float,double,int32}/n:{1024,2048,4096}/classical and .../threshold:{128,256,512,
// 1024} (C = C + A B, A and B uniform in [-1, 1], int32 in [-1000, 1000]). Each is run 5 times
// (repetitions); wall time in ms. Counters: gflops (2 n^3 / time, in 1e9 per second: the
// classical rate a Strassen-Winograd time is worth). Before timing, each Strassen-Winograd problem
// is checked against the classical product once: int32 bit for bit, floats within a relative
// 1e-4 (float) or 1e-12 (double) of the largest cell; a failed check fails the problem.
// bench-quick-filter: n:1024/
#include <benchmark/benchmark.h>
#include <fmt/format.h>

#include <algorithm>
#include <cmath>
#include <cstdint>
#include <random>
#include <string>
#include <type_traits>
#include <vector>

#include "bench_support.hpp"
#include "tropic/core/thread_pool.hpp"
#include "tropic/semiring/plus_times_product.hpp"

namespace {

using namespace tropic::semiring;
using tropic::RunOptions;

template <typename T>
std::vector<T> random_values(std::size_t count, std::uint64_t seed) {
    std::mt19937_64 rng(seed);
    std::vector<T> v(count);
    for (T& x : v) {
        if constexpr (std::is_integral_v<T>)
            x = T(std::uniform_int_distribution<int>(-1000, 1000)(rng));
        else
            x = T(std::uniform_real_distribution<double>(-1, 1)(rng));
    }
    return v;
}

// Whether `fast` agrees with `plain` as the header says.
template <typename T>
bool agrees(const std::vector<T>& fast, const std::vector<T>& plain) {
    if constexpr (std::is_integral_v<T>) {
        return fast == plain;
    } else {
        double worst = 0, largest = 0;
        for (std::size_t i = 0; i < fast.size(); ++i) {
            worst = std::max(worst, std::fabs(double(fast[i]) - double(plain[i])));
            largest = std::max(largest, std::fabs(double(plain[i])));
        }
        return worst <= (std::is_same_v<T, float> ? 1e-4 : 1e-12) * largest;
    }
}

template <typename T>
void bench_product(benchmark::State& state, std::size_t n, std::size_t threshold,
                   const RunOptions* options) {
    const auto a = random_values<T>(n * n, 1), b = random_values<T>(n * n, 2);
    const Matrix<const T> av{a.data(), n, n, n}, bv{b.data(), n, n, n};
    PlusTimesOptions product;
    product.algorithm =
        threshold == 0 ? ProductAlgorithm::Classical : ProductAlgorithm::StrassenWinograd;
    product.threshold = threshold;
    product.allow_float_strassen = true;
    std::vector<T> c(n * n, T(0));
    if (threshold > 0) {
        std::vector<T> plain(n * n, T(0));
        multiply_accumulate_plus_times<T>(av, bv, {plain.data(), n, n, n},
                                          {ProductAlgorithm::Classical, 0, false}, *options);
        multiply_accumulate_plus_times<T>(av, bv, {c.data(), n, n, n}, product, *options);
        if (!agrees(c, plain)) {
            state.SkipWithError("Strassen-Winograd disagrees with the classical product");
            return;
        }
    }
    for (auto _ : state)
        multiply_accumulate_plus_times<T>(av, bv, {c.data(), n, n, n}, product, *options);
    const double x = static_cast<double>(n);
    state.counters["gflops"] =
        benchmark::Counter(2 * x * x * x / 1e9, benchmark::Counter::kIsIterationInvariantRate);
}

}  // namespace

int main(int argc, char** argv) {
    benchmark::Initialize(&argc, argv);
    const std::optional<unsigned> threads_given =
        tropic::bench::threads_flag(argc, argv, "bench_plus_times_cpu");
    if (!threads_given) return 1;
    const unsigned threads = *threads_given;
    tropic::ThreadPool pool(threads);
    RunOptions options;
    options.backend = tropic::Backend::Cpu;
    options.pool = &pool;
    benchmark::AddCustomContext("threads", std::to_string(threads));

    auto add = [](const std::string& name, auto fn, auto... args) {
        tropic::bench::with_repetitions(benchmark::RegisterBenchmark(name.c_str(), fn, args...))
            ->UseRealTime();
    };
    for (std::size_t n : {1024, 2048, 4096})
        for (std::size_t threshold : {0, 128, 256, 512, 1024}) {
            if (threshold >= n) continue;
            const std::string how =
                threshold == 0 ? "classical" : fmt::format("threshold:{}", threshold);
            add(fmt::format("float/n:{}/{}", n, how), bench_product<float>, n, threshold, &options);
            add(fmt::format("double/n:{}/{}", n, how), bench_product<double>, n, threshold,
                &options);
            add(fmt::format("int32/n:{}/{}", n, how), bench_product<std::int32_t>, n, threshold,
                &options);
        }
    benchmark::RunSpecifiedBenchmarks();
    benchmark::Shutdown();
    return 0;
}
