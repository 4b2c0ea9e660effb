#pragma once
// What this build of tropic is and what it can run on: the version, the CUDA backend (compiled in
// or not), the SIMD level of the build and of the CPU, the CPU threads and the GPUs. `tropic
// device` prints it, and `tropic --version`.
#include <string>

namespace tropic::cli {

// Lines of "key: value", without a final newline.
std::string build_report_text();

// One JSON object, without a newline.
std::string build_report_json();

}  // namespace tropic::cli
