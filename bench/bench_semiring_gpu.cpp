// Tropical engine benchmarks on the GPU: the product kernels alone on device-resident data
// ((max,+), random finite values). Effective steps count only the work the shape needs:
// dense n^3, triangular n(n+1)(n+2)/6, band n * w(w+1)/2 per product (less at the band's end).
// Prints a table with % of the measured H100 ceilings (gpu-host.md) and optional JSON lines.
//
//   bench_semiring_gpu [--quick] [--repeats 5] [--json FILE]
#include <cstdio>
#include <cstdlib>
#include <cstring>
#include <fstream>
#include <nlohmann/json.hpp>
#include <string>
#include <vector>

#include "bench_options.hpp"
#include "tropic/core/device.hpp"
#if TROPIC_HAVE_CUDA
#include "semiring/cuda/product_timing.hpp"
#endif

namespace {

[[maybe_unused]] constexpr double kCeilingInt32 = 16.6e12;
[[maybe_unused]] constexpr double kCeilingInt16x2 = 33.3e12;

[[maybe_unused]] double band_steps(double n, double w) {
    // Sum over rows i of sum over d < min(w, n - i) of (d + 1).
    double total = 0;
    for (double i = 0; i < n; ++i) {
        double span = std::min(w, n - i);
        total += span * (span + 1) / 2;
    }
    return total;
}

}  // namespace

int main(int argc, char** argv) {
    const auto [repeats, quick, json_path] = tropic::bench::parse_bench_options(argc, argv);
#if !TROPIC_HAVE_CUDA
    std::printf("bench_semiring_gpu: SKIPPED: built without CUDA\n");
    (void)repeats, (void)quick;
    return 0;
#else
    auto device = tropic::query_device(0);
    if (!device) {
        std::printf("bench_semiring_gpu: SKIPPED: no CUDA device\n");
        return 0;
    }
    using tropic::semiring::Shape;
    namespace gpu = tropic::semiring::cuda;
    std::printf("device: %s, %d SMs\n\n%-34s %10s %14s %10s\n", device->name.c_str(),
                device->multiprocessors, "problem", "median s", "steps/s", "% ceiling");
    std::ofstream json;
    if (!json_path.empty()) json.open(json_path);
    auto report = [&](const std::string& problem, double seconds, double steps, bool int16) {
        double rate = steps / seconds, ceiling = int16 ? kCeilingInt16x2 : kCeilingInt32;
        std::printf("%-34s %10.5f %14.3e %9.1f%%\n", problem.c_str(), seconds, rate,
                    100 * rate / ceiling);
        std::fflush(stdout);
        if (json)
            json << nlohmann::json{{"problem", problem},
                                   {"median_seconds", seconds},
                                   {"steps_per_second", rate},
                                   {"percent_of_ceiling", 100 * rate / ceiling},
                                   {"device", device->name}}
                        .dump()
                 << "\n";
    };
    std::vector<int> sizes =
        quick ? std::vector<int>{512, 2048} : std::vector<int>{512, 1024, 2048, 4096, 8192, 16384};
    for (bool int16 : {false, true}) {
        const char* type = int16 ? "int16" : "int32";
        for (int n : sizes) {
            double dn = n;
            report(std::string("dense ") + type + " " + std::to_string(n),
                   gpu::time_product_kernel(int16, Shape::Dense, n, 1, repeats, 0), dn * dn * dn,
                   int16);
        }
        for (int n : sizes) {
            double dn = n;
            report(std::string("triangular ") + type + " " + std::to_string(n),
                   gpu::time_product_kernel(int16, Shape::UpperTriangular, n, 1, repeats, 0),
                   dn * (dn + 1) * (dn + 2) / 6, int16);
        }
        for (int batch : {1, 20, 1000}) {
            if (quick && batch == 1000) continue;
            int n = 256;
            double dn = n;
            report(std::string("dense batch ") + type + " " + std::to_string(batch) + " x 256",
                   gpu::time_product_kernel(int16, Shape::Dense, n, batch, repeats, 0),
                   batch * dn * dn * dn, int16);
        }
        struct BandCase {
            int n, width, batch;
        };
        std::vector<BandCase> bands = quick ? std::vector<BandCase>{{20000, 128, 20}}
                                            : std::vector<BandCase>{{20000, 128, 1},
                                                                    {20000, 128, 20},
                                                                    {40000, 128, 1},
                                                                    {20000, 512, 1},
                                                                    {20000, 2048, 1}};
        for (auto [n, width, batch] : bands) {
            report(std::string("band ") + type + " N=" + std::to_string(n) +
                       " W=" + std::to_string(width) + " x" + std::to_string(batch),
                   gpu::time_band_kernel(int16, n, width, batch, repeats, 0),
                   batch * band_steps(n, width), int16);
        }
    }
    return 0;
#endif
}
