#pragma once
// Checked CUDA calls: a failure raises ResourceError naming the call, the file and the line.
#include <cuda_runtime.h>

#include <string>

#include "tropic/core/error.hpp"

namespace tropic::detail::cuda {

[[noreturn]] void throw_cuda_error(cudaError_t status, const char* call, const char* file,
                                   int line);

inline void check(cudaError_t status, const char* call, const char* file, int line) {
    if (status != cudaSuccess) throw_cuda_error(status, call, file, line);
}

}  // namespace tropic::detail::cuda

#define TROPIC_CUDA_CHECK(call) ::tropic::detail::cuda::check((call), #call, __FILE__, __LINE__)
// After a kernel launch: catches launch-configuration errors at once.
#define TROPIC_CUDA_CHECK_LAUNCH(name) \
    ::tropic::detail::cuda::check(cudaGetLastError(), "launch of " name, __FILE__, __LINE__)
