// The version and the build, for tropic.__version__, tropic.build_info() and
// `python -m tropic --version` (which prints what `tropic --version` prints).
#include <nanobind/stl/string.h>

#include <optional>
#include <thread>

#include "python/python_bindings.hpp"
#include "tropic/core/cpu_features.hpp"
#include "tropic/core/device.hpp"
#include "tropic/semiring/cpu_kernels.hpp"
#include "tropic/version.hpp"

namespace tropic::python {

namespace {

nb::dict device_info(const DeviceInfo& info) {
    nb::dict out;
    out["index"] = info.index;
    out["name"] = info.name;
    out["compute_major"] = info.compute_major;
    out["compute_minor"] = info.compute_minor;
    out["multiprocessors"] = info.multiprocessors;
    out["total_memory"] = info.total_memory;
    out["free_memory"] = info.free_memory;
    return out;
}

nb::dict build_info() {
    nb::dict out;
    out["version"] = kVersion;
    out["cuda_compiled"] = cuda_compiled();
    out["simd_built"] = std::string(simd_level_built());
    out["simd_cpu"] = std::string(simd_level_of_cpu());
    out["simd_engine_kernels"] = std::string(semiring::cpu_kernel_simd());
    out["cpu_threads"] = std::thread::hardware_concurrency();
    nb::list devices;
    const int count = cuda_device_count();
    for (int d = 0; d < count; ++d)
        if (const std::optional<DeviceInfo> info = query_device(d))
            devices.append(device_info(*info));
    out["devices"] = devices;
    return out;
}

}  // namespace

void bind_build(nb::module_& m) {
    m.attr("__version__") = kVersion;
    m.def("build_info", &build_info,
          "The build and what it runs on: version, cuda_compiled, simd_built, simd_cpu, "
          "simd_engine_kernels, cpu_threads and devices (one dict per CUDA device: index, name, "
          "compute_major, compute_minor, multiprocessors, total_memory, free_memory in bytes).");
    m.def("cuda_device_count", &cuda_device_count,
          "The number of usable CUDA devices (0 without CUDA support, a driver or a device).");
}

}  // namespace tropic::python
