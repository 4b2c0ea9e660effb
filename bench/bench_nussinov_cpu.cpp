// CPU Nussinov benchmark: the tiled multi-threaded fold against the plain reference.
//
//   bench_nussinov_cpu [--quick]
//
// Prints n, threads, the median seconds of 5 runs, max-plus steps per second (n^3/6 steps per
// fold) and the speed-up over the single-threaded reference (measured at n = 2000; at other
// lengths the reference time is scaled by n^3 and marked "est.").
#include <fmt/format.h>

#include <algorithm>
#include <chrono>
#include <cstdint>
#include <cstring>
#include <random>
#include <thread>
#include <vector>

#include "../tests/reference/nussinov_reference.cpp"
#include "tropic/core/thread_pool.hpp"
#include "tropic/rna/nussinov.hpp"

namespace {

std::vector<std::uint8_t> random_sequence(std::size_t n, std::uint64_t seed) {
    std::mt19937_64 rng(seed);
    std::uniform_int_distribution<int> base(0, 3);
    std::vector<std::uint8_t> seq(n);
    for (auto& b : seq) b = static_cast<std::uint8_t>(base(rng));
    return seq;
}

template <typename Fold>
double median_seconds(int runs, const Fold& fold) {
    std::vector<double> times;
    for (int r = 0; r < runs; ++r) {
        auto start = std::chrono::steady_clock::now();
        fold();
        times.push_back(
            std::chrono::duration<double>(std::chrono::steady_clock::now() - start).count());
    }
    std::sort(times.begin(), times.end());
    return times[times.size() / 2];
}

double steps(std::size_t n) {
    double x = static_cast<double>(n);
    return x * x * x / 6.0;
}

}  // namespace

int main(int argc, char** argv) {
    const bool quick = argc > 1 && std::strcmp(argv[1], "--quick") == 0;
    const int runs = 5;
    const tropic::rna::NussinovParams params;  // min_loop 3, AU = GC = GU = 1
    const unsigned all_threads = std::max(1u, std::thread::hardware_concurrency());

    const std::size_t ref_n = quick ? 500 : 2000;
    auto ref_seq = random_sequence(ref_n, 1);
    std::int64_t ref_score = 0;
    double ref_s = median_seconds(runs, [&] {
        ref_score = tropic::reference::nussinov_reference_fold(ref_seq, params).score;
    });

    fmt::print("{:>6} {:>8} {:>12} {:>16} {:>16}\n", "n", "threads", "median s", "steps/s",
               "vs reference");
    fmt::print("{:>6} {:>8} {:>12.4f} {:>16.3e} {:>16}\n", ref_n, "ref", ref_s,
               steps(ref_n) / ref_s, "1.0x");
    std::vector<std::size_t> lengths =
        quick ? std::vector<std::size_t>{500, 1000} : std::vector<std::size_t>{1000, 2000, 5000};
    std::vector<unsigned> thread_counts = {1};
    if (all_threads > 1) thread_counts.push_back(all_threads);
    for (std::size_t n : lengths) {
        auto seq = n == ref_n ? ref_seq : random_sequence(n, 1);
        for (unsigned threads : thread_counts) {
            tropic::ThreadPool pool(threads);
            tropic::rna::NussinovResult result;
            double s = median_seconds(runs, [&] {
                result = tropic::rna::fold_nussinov_cpu(seq, params, threads > 1 ? &pool : nullptr);
            });
            if (n == ref_n && result.score != ref_score) {
                fmt::print(stderr, "score {} differs from the reference's {}\n", result.score,
                           ref_score);
                return 3;
            }
            double ref_at_n = ref_s * steps(n) / steps(ref_n);
            std::string speedup = fmt::format("{:.1f}x{}", ref_at_n / s, n == ref_n ? "" : " est.");
            fmt::print("{:>6} {:>8} {:>12.4f} {:>16.3e} {:>16}\n", n, threads, s, steps(n) / s,
                       speedup);
        }
    }
    return 0;
}
