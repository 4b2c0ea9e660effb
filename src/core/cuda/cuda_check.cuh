#pragma once
// Checked CUDA calls: a failure raises ResourceError naming the call, the file and the line.
#include <cuda_runtime.h>

#include <string>

#include "tropic/core/error.hpp"

namespace tropic::cuda_detail {

[[noreturn]] void throw_cuda_error(cudaError_t status, const char* call, const char* file,
                                   int line);

inline void check(cudaError_t status, const char* call, const char* file, int line) {
    if (status != cudaSuccess) throw_cuda_error(status, call, file, line);
}

}  // namespace tropic::cuda_detail

#define TROPIC_CUDA_CHECK(call) ::tropic::cuda_detail::check((call), #call, __FILE__, __LINE__)
// After a kernel launch: catches launch-configuration errors at once.
#define TROPIC_CUDA_CHECK_LAUNCH(name) \
    ::tropic::cuda_detail::check(cudaGetLastError(), "launch of " name, __FILE__, __LINE__)
