// The version and the build, for tropic.__version__, tropic.build_info() and
// `python -m tropic --version`: the tool's own report (src/cli/build_report.cpp, compiled into the
// module too), so that both print the same from one implementation.
#include <nanobind/stl/string.h>

#include "cli/build_report.hpp"
#include "python/python_bindings.hpp"
#include "tropic/core/device.hpp"
#include "tropic/version.hpp"

namespace tropic::python {

void bind_build(nb::module_& m) {
    m.attr("__version__") = kVersion;
    m.def("build_report", &cli::build_report_text,
          "What `tropic --version` prints: one \"key: value\" line each.");
    m.def("build_report_json", &cli::build_report_json,
          "What `tropic --version --json` prints: one JSON object.");
    m.def("cuda_device_count", &cuda_device_count,
          "The number of usable CUDA devices (0 without CUDA support, a driver or a device).");
}

}  // namespace tropic::python
