// `tropic device`: what this build can run on.
#include <fmt/format.h>

#include <nlohmann/json.hpp>
#include <thread>

#include "cli/commands.hpp"
#include "tropic/core/device.hpp"
#include "tropic/version.hpp"

namespace tropic::cli {

namespace {

double gib(std::size_t bytes) {
    return static_cast<double>(bytes) / (1024.0 * 1024.0 * 1024.0);
}

void print_text() {
    fmt::print("tropic {}\n", kVersion);
    fmt::print("CUDA backend: {}\n",
               cuda_compiled() ? "compiled in" : "not compiled in (CPU only)");
    fmt::print("CPU threads: {}\n", std::thread::hardware_concurrency());
    int count = cuda_device_count();
    fmt::print("CUDA devices: {}\n", count);
    for (int d = 0; d < count; ++d) {
        auto info = query_device(d);
        if (!info) continue;
        fmt::print("device {}: {}, compute {}.{}, {} SMs, {:.1f} GiB ({:.1f} GiB free)\n",
                   info->index, info->name, info->compute_major, info->compute_minor,
                   info->multiprocessors, gib(info->total_memory), gib(info->free_memory));
    }
}

void print_json() {
    nlohmann::ordered_json out;
    out["version"] = kVersion;
    out["cuda_compiled"] = cuda_compiled();
    out["cpu_threads"] = std::thread::hardware_concurrency();
    out["devices"] = nlohmann::ordered_json::array();
    int count = cuda_device_count();
    for (int d = 0; d < count; ++d) {
        auto info = query_device(d);
        if (!info) continue;
        out["devices"].push_back(
            {{"index", info->index},
             {"name", info->name},
             {"compute_capability", fmt::format("{}.{}", info->compute_major, info->compute_minor)},
             {"multiprocessors", info->multiprocessors},
             {"total_memory", info->total_memory},
             {"free_memory", info->free_memory}});
    }
    fmt::print("{}\n", out.dump());
}

}  // namespace

Command add_device_command(CLI::App& app) {
    auto* sub =
        app.add_subcommand("device", "Show the build (CUDA or CPU only) and the GPUs found");
    sub->alias("info");
    auto json = std::make_shared<bool>(false);
    sub->add_flag("--json", *json, "Print one JSON object");
    return {sub, [json] { *json ? print_json() : print_text(); }};
}

}  // namespace tropic::cli
