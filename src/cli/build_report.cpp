#include "cli/build_report.hpp"

#include <fmt/format.h>

#include <iterator>
#include <nlohmann/json.hpp>
#include <thread>

#include "tropic/core/cpu_features.hpp"
#include "tropic/core/device.hpp"
#include "tropic/semiring/cpu_kernels.hpp"
#include "tropic/version.hpp"

namespace tropic::cli {

namespace {

double gib(std::size_t bytes) {
    return static_cast<double>(bytes) / (1024.0 * 1024.0 * 1024.0);
}

}  // namespace

std::string build_report_text() {
    std::string out = fmt::format("tropic {}\n", kVersion);
    auto line = std::back_inserter(out);
    fmt::format_to(line, "CUDA backend: {}\n",
                   cuda_compiled() ? "compiled in" : "not compiled in (CPU only)");
    fmt::format_to(line, "SIMD: built for {}, tropical engine kernels {} (this CPU: {})\n",
                   simd_level_built(), semiring::cpu_kernel_simd(), simd_level_of_cpu());
    fmt::format_to(line, "CPU threads: {}\n", std::thread::hardware_concurrency());
    const int count = cuda_device_count();
    fmt::format_to(line, "CUDA devices: {}", count);
    for (int d = 0; d < count; ++d) {
        const auto info = query_device(d);
        if (!info) continue;
        fmt::format_to(line, "\ndevice {}: {}, compute {}.{}, {} SMs, {:.1f} GiB ({:.1f} GiB free)",
                       info->index, info->name, info->compute_major, info->compute_minor,
                       info->multiprocessors, gib(info->total_memory), gib(info->free_memory));
    }
    return out;
}

std::string build_report_json() {
    nlohmann::ordered_json out;
    out["version"] = kVersion;
    out["cuda_compiled"] = cuda_compiled();
    out["simd_built"] = simd_level_built();
    out["simd_cpu"] = simd_level_of_cpu();
    out["simd_engine_kernels"] = semiring::cpu_kernel_simd();
    out["cpu_threads"] = std::thread::hardware_concurrency();
    out["devices"] = nlohmann::ordered_json::array();
    const int count = cuda_device_count();
    for (int d = 0; d < count; ++d) {
        const auto info = query_device(d);
        if (!info) continue;
        out["devices"].push_back(
            {{"index", info->index},
             {"name", info->name},
             {"compute_capability", fmt::format("{}.{}", info->compute_major, info->compute_minor)},
             {"multiprocessors", info->multiprocessors},
             {"total_memory", info->total_memory},
             {"free_memory", info->free_memory}});
    }
    return out.dump();
}

}  // namespace tropic::cli
