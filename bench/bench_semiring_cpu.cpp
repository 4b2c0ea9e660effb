// CPU tropical engine benchmark: (max,+) products, dense, triangular and banded, int16 and int32.
//
//   bench_semiring_cpu [--quick] [--threads N]
//
// Prints the problem, the median seconds of 5 runs and effective steps per second, counting only
// the work the shape needs: dense m n k, triangular n (n+1) (n+2) / 6, band sum_{d<w} (n-d)(d+1)
// per product (about n w (w+1) / 2).
#include <fmt/format.h>

#include <algorithm>
#include <chrono>
#include <cstdint>
#include <cstdlib>
#include <cstring>
#include <random>
#include <string>
#include <thread>
#include <vector>

#include "tropic/core/thread_pool.hpp"
#include "tropic/semiring/product.hpp"

namespace {

using namespace tropic::semiring;

template <typename Run>
double median_seconds(int runs, const Run& run) {
    std::vector<double> times;
    for (int r = 0; r < runs; ++r) {
        auto start = std::chrono::steady_clock::now();
        run();
        times.push_back(
            std::chrono::duration<double>(std::chrono::steady_clock::now() - start).count());
    }
    std::sort(times.begin(), times.end());
    return times[times.size() / 2];
}

template <typename T>
std::vector<T> random_values(std::size_t count, std::uint64_t seed) {
    std::mt19937_64 rng(seed);
    std::uniform_int_distribution<int> value(-1000, 1000);
    std::vector<T> v(count);
    for (T& x : v) x = static_cast<T>(value(rng));
    return v;
}

void print_row(const std::string& problem, const char* type, unsigned threads, double seconds,
               double steps) {
    fmt::print("{:<34} {:>6} {:>7} {:>10.4f} {:>14.3e}\n", problem, type, threads, seconds,
               steps / seconds);
}

template <typename T>
void bench_square(Shape shape, std::size_t n, const EngineOptions& options, unsigned threads,
                  const char* type) {
    auto a = random_values<T>(n * n, 1), b = random_values<T>(n * n, 2);
    std::vector<T> c(n * n, Tropical<T>::neg_inf);
    const bool tri = shape == Shape::UpperTriangular;
    double x = static_cast<double>(n);
    double steps = tri ? x * (x + 1) * (x + 2) / 6 : x * x * x;
    double s = median_seconds(5, [&] {
        multiply_accumulate<T>(Semiring::MaxPlus, shape, Matrix<const T>{a.data(), n, n, n},
                               Matrix<const T>{b.data(), n, n, n}, Matrix<T>{c.data(), n, n, n},
                               options);
    });
    print_row(fmt::format("{} {}", tri ? "triangular" : "dense", n), type, threads, s, steps);
}

template <typename T>
void bench_band(std::size_t n, std::size_t w, std::size_t batch, const EngineOptions& options,
                unsigned threads, const char* type) {
    const std::size_t cells = n * w;
    auto a = random_values<T>(cells * batch, 3), b = random_values<T>(cells * batch, 4);
    std::vector<T> c(cells * batch, Tropical<T>::neg_inf);
    std::vector<BandProduct<T>> products;
    for (std::size_t p = 0; p < batch; ++p)
        products.push_back({{a.data() + p * cells, n, w, w},
                            {b.data() + p * cells, n, w, w},
                            {c.data() + p * cells, n, w, w}});
    double x = static_cast<double>(n), y = static_cast<double>(w);
    double steps = static_cast<double>(batch) * (x * y * (y + 1) / 2 - (y - 1) * y * (y + 1) / 3);
    double s = median_seconds(5, [&] {
        multiply_accumulate_batch<T>(Semiring::MaxPlus, std::span<const BandProduct<T>>(products),
                                     options);
    });
    print_row(fmt::format("band N={} W={} batch {}", n, w, batch), type, threads, s, steps);
}

}  // namespace

int main(int argc, char** argv) {
    bool quick = false;
    unsigned threads = std::max(1u, std::thread::hardware_concurrency());
    for (int i = 1; i < argc; ++i) {
        if (std::strcmp(argv[i], "--quick") == 0) {
            quick = true;
        } else if (std::strcmp(argv[i], "--threads") == 0 && i + 1 < argc) {
            threads = static_cast<unsigned>(std::atoi(argv[++i]));
        } else {
            fmt::print(stderr, "usage: bench_semiring_cpu [--quick] [--threads N]\n");
            return 1;
        }
    }
    tropic::ThreadPool pool(threads);
    EngineOptions options;
    options.backend = tropic::Backend::Cpu;
    options.pool = &pool;

    const std::vector<std::size_t> sizes =
        quick ? std::vector<std::size_t>{256, 512} : std::vector<std::size_t>{512, 1024, 2048};
    const std::size_t band_n = quick ? 2000 : 20000, band_batch = quick ? 4 : 20;
    fmt::print("(max,+) on the CPU, median of 5 runs; steps counted for the shape's work only\n");
    fmt::print("{:<34} {:>6} {:>7} {:>10} {:>14}\n", "problem", "type", "threads", "median s",
               "steps/s");
    for (Shape shape : {Shape::Dense, Shape::UpperTriangular})
        for (std::size_t n : sizes) {
            bench_square<std::int32_t>(shape, n, options, threads, "int32");
            bench_square<std::int16_t>(shape, n, options, threads, "int16");
        }
    bench_band<std::int32_t>(band_n, 128, band_batch, options, threads, "int32");
    bench_band<std::int16_t>(band_n, 128, band_batch, options, threads, "int16");
    return 0;
}
