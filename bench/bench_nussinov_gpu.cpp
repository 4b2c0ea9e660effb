// GPU Nussinov benchmarks: long mode on single sequences and batch mode on many short ones.
// Prints a table (median of --repeats runs, max-plus steps per second, % of the measured H100
// ceiling) and writes the same rows as JSON lines to --json FILE when given.
//
//   bench_nussinov_gpu [--quick] [--repeats 5] [--json FILE]
#include <algorithm>
#include <chrono>
#include <cstdio>
#include <cstdlib>
#include <cstring>
#include <fstream>
#include <nlohmann/json.hpp>
#include <random>
#include <string>
#include <vector>

#include "bench_options.hpp"
#include "tropic/core/device.hpp"
#include "tropic/rna/nussinov.hpp"

namespace {

using Clock = std::chrono::steady_clock;

// Measured ceilings of the H100 (../shared/gpu-host.md): max-plus steps per second.
constexpr double kCeilingInt32 = 16.6e12;
constexpr double kCeilingInt16x2 = 33.3e12;

std::vector<std::uint8_t> random_rna(std::mt19937_64& rng, std::size_t n) {
    std::vector<std::uint8_t> seq(n);
    std::uniform_int_distribution<int> base(0, 3);
    for (auto& b : seq) b = static_cast<std::uint8_t>(base(rng));
    return seq;
}

double median(std::vector<double> v) {
    std::sort(v.begin(), v.end());
    return v[v.size() / 2];
}

// Steps of the split reduction, about n^3/6 per sequence.
double split_steps(double n) {
    return n * (n - 1) * (n + 1) / 6.0;
}

struct Row {
    std::string problem;
    double seconds;
    double steps;
    double ceiling;
    double per_second_items;  // sequences per second for batches, 0 otherwise
};

}  // namespace

int main(int argc, char** argv) {
    const auto [repeats, quick, json_path] = tropic::bench::parse_bench_options(argc, argv);
    auto device = tropic::query_device(0);
    if (!device) {
        std::printf("bench_nussinov_gpu: SKIPPED: no CUDA device\n");
        return 0;
    }
    std::printf("device: %s, %d SMs, %.1f GB\n", device->name.c_str(), device->multiprocessors,
                device->total_memory / 1e9);

    std::mt19937_64 rng(42);
    tropic::rna::NussinovParams params;  // unit weights: 16-bit scores, packed DPX
    tropic::rna::NussinovOptions options;
    options.backend = tropic::Backend::Cuda;
    std::vector<Row> rows;

    // Warm-up: context creation and module load are not part of any row.
    (void)tropic::rna::fold_nussinov(random_rna(rng, 300), params, options);

    std::vector<std::size_t> lengths =
        quick ? std::vector<std::size_t>{1000, 5000}
              : std::vector<std::size_t>{1000, 5000, 10000, 26000, 40000};
    for (std::size_t n : lengths) {
        auto seq = random_rna(rng, n);
        std::vector<double> times;
        for (int r = 0; r < repeats; ++r) {
            auto t0 = Clock::now();
            auto result = tropic::rna::fold_nussinov(seq, params, options);
            times.push_back(std::chrono::duration<double>(Clock::now() - t0).count());
        }
        rows.push_back({"long n=" + std::to_string(n), median(times), split_steps(double(n)),
                        kCeilingInt16x2, 0});
        // One more run with per-phase timing (synchronised, so not part of the median).
        setenv("TROPIC_PROFILE", "1", 1);
        (void)tropic::rna::fold_nussinov(seq, params, options);
        unsetenv("TROPIC_PROFILE");
    }

    struct BatchCase {
        std::size_t count, length;
    };
    std::vector<BatchCase> batches = quick ? std::vector<BatchCase>{{10000, 100}}
                                           : std::vector<BatchCase>{{100000, 100}, {10000, 500}};
    for (auto [count, length] : batches) {
        std::vector<tropic::rna::EncodedSequence> seqs;
        for (std::size_t s = 0; s < count; ++s) seqs.push_back(random_rna(rng, length));
        std::vector<double> times;
        for (int r = 0; r < repeats; ++r) {
            auto t0 = Clock::now();
            auto results = tropic::rna::fold_nussinov_many(seqs, params, options);
            times.push_back(std::chrono::duration<double>(Clock::now() - t0).count());
        }
        double s = median(times);
        rows.push_back({"batch " + std::to_string(count) + " x " + std::to_string(length) + " nt",
                        s, double(count) * split_steps(double(length)), kCeilingInt16x2,
                        double(count) / s});
    }

    std::printf("\n%-24s %12s %16s %10s %14s\n", "problem", "median s", "steps/s", "% ceiling",
                "sequences/s");
    std::ofstream json;
    if (!json_path.empty()) json.open(json_path);
    for (const auto& row : rows) {
        double rate = row.steps / row.seconds;
        std::printf("%-24s %12.4f %16.3e %9.1f%% %14.0f\n", row.problem.c_str(), row.seconds, rate,
                    100.0 * rate / row.ceiling, row.per_second_items);
        if (json)
            json << nlohmann::json{{"problem", row.problem},
                                   {"median_seconds", row.seconds},
                                   {"steps_per_second", rate},
                                   {"percent_of_ceiling", 100.0 * rate / row.ceiling},
                                   {"sequences_per_second", row.per_second_items},
                                   {"device", device->name}}
                        .dump()
                 << "\n";
    }
    std::printf(
        "(ceiling: %.1f T steps/s, packed int16 DPX on the H100; steps = n^3/6 per sequence)\n",
        kCeilingInt16x2 / 1e12);
    (void)kCeilingInt32;
    return 0;
}
