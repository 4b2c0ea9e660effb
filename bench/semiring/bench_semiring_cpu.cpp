// CPU tropical engine benchmark (Google Benchmark): (max,+) products, dense, triangular and
// banded, int32 and int16, on the thread pool.
//
//   bench_semiring_cpu [Google Benchmark flags] [--threads N]     (default: all hardware threads)
//   bench_semiring_cpu --benchmark_filter='n:512/'                 (a short run)
//
// Problems: {dense,triangular}/{int32,int16}/n:{512,1024,2048}, then
// band/{int32,int16}/N:20000/W:128/batch:20. Each is run 5 times (repetitions) and the console
// shows mean, median, stddev and cv over them; wall time in ms. Counter steps_per_second counts
// only the work the shape needs: dense m n k, triangular n (n+1) (n+2) / 6, band
// sum_{d<w} (n-d)(d+1) per product (about n w (w+1) / 2).
// bench-quick-filter: n:512/
#include <benchmark/benchmark.h>
#include <fmt/format.h>

#include <algorithm>
#include <cstdint>
#include <cstdlib>
#include <cstring>
#include <random>
#include <string>
#include <thread>
#include <vector>

#include "bench_support.hpp"
#include "tropic/core/thread_pool.hpp"
#include "tropic/semiring/product.hpp"

namespace {

using namespace tropic::semiring;
using tropic::RunOptions;

template <typename T>
std::vector<T> random_values(std::size_t count, std::uint64_t seed) {
    std::mt19937_64 rng(seed);
    std::uniform_int_distribution<int> value(-1000, 1000);
    std::vector<T> v(count);
    for (T& x : v) x = static_cast<T>(value(rng));
    return v;
}

template <typename T>
void bench_square(benchmark::State& state, Shape shape, std::size_t n, const RunOptions* options) {
    auto a = random_values<T>(n * n, 1), b = random_values<T>(n * n, 2);
    std::vector<T> c(n * n, Tropical<T>::neg_inf);
    for (auto _ : state)
        multiply_accumulate<T>(Semiring::MaxPlus, shape, Matrix<const T>{a.data(), n, n, n},
                               Matrix<const T>{b.data(), n, n, n}, Matrix<T>{c.data(), n, n, n},
                               *options);
    const double x = static_cast<double>(n);
    const double steps = shape == Shape::UpperTriangular ? x * (x + 1) * (x + 2) / 6 : x * x * x;
    state.counters["steps_per_second"] =
        benchmark::Counter(steps, benchmark::Counter::kIsIterationInvariantRate);
}

template <typename T>
void bench_band(benchmark::State& state, std::size_t n, std::size_t w, std::size_t batch,
                const RunOptions* options) {
    const std::size_t cells = n * w;
    auto a = random_values<T>(cells * batch, 3), b = random_values<T>(cells * batch, 4);
    std::vector<T> c(cells * batch, Tropical<T>::neg_inf);
    std::vector<BandProduct<T>> products;
    for (std::size_t p = 0; p < batch; ++p)
        products.push_back({{a.data() + p * cells, n, w, w},
                            {b.data() + p * cells, n, w, w},
                            {c.data() + p * cells, n, w, w}});
    for (auto _ : state)
        multiply_accumulate_batch<T>(Semiring::MaxPlus, std::span<const BandProduct<T>>(products),
                                     *options);
    const double x = static_cast<double>(n), y = static_cast<double>(w);
    const double steps =
        static_cast<double>(batch) * (x * y * (y + 1) / 2 - (y - 1) * y * (y + 1) / 3);
    state.counters["steps_per_second"] =
        benchmark::Counter(steps, benchmark::Counter::kIsIterationInvariantRate);
}

}  // namespace

int main(int argc, char** argv) {
    benchmark::Initialize(&argc, argv);
    const std::optional<unsigned> threads_given =
        tropic::bench::threads_flag(argc, argv, "bench_semiring_cpu");
    if (!threads_given) return 1;
    const unsigned threads = *threads_given;
    tropic::ThreadPool pool(threads);
    RunOptions options;
    options.backend = tropic::Backend::Cpu;
    options.pool = &pool;
    benchmark::AddCustomContext("threads", std::to_string(threads));

    // Wall time: the products run on the pool's threads.
    auto add = [](const std::string& name, auto fn, auto... args) {
        tropic::bench::with_repetitions(benchmark::RegisterBenchmark(name.c_str(), fn, args...))
            ->UseRealTime();
    };
    for (Shape shape : {Shape::Dense, Shape::UpperTriangular})
        for (std::size_t n : {512, 1024, 2048}) {
            const char* kind = shape == Shape::Dense ? "dense" : "triangular";
            add(fmt::format("{}/int32/n:{}", kind, n), bench_square<std::int32_t>, shape, n,
                &options);
            add(fmt::format("{}/int16/n:{}", kind, n), bench_square<std::int16_t>, shape, n,
                &options);
        }
    const std::size_t band_n = 20000, band_w = 128, band_batch = 20;
    add(fmt::format("band/int32/N:{}/W:{}/batch:{}", band_n, band_w, band_batch),
        bench_band<std::int32_t>, band_n, band_w, band_batch, &options);
    add(fmt::format("band/int16/N:{}/W:{}/batch:{}", band_n, band_w, band_batch),
        bench_band<std::int16_t>, band_n, band_w, band_batch, &options);

    benchmark::RunSpecifiedBenchmarks();
    benchmark::Shutdown();
    return 0;
}
