#include "core/cuda/cuda_check.cuh"
#include "core/cuda/device_memory.cuh"
#include "tropic/core/device.hpp"

namespace tropic {

namespace detail::cuda {
void throw_cuda_error(cudaError_t status, const char* call, const char* file, int line) {
    (void)cudaGetLastError();  // clear a sticky launch error so later calls report their own
    throw ResourceError(std::string("CUDA error in ") + call + " (" + file + ":" +
                        std::to_string(line) + "): " + cudaGetErrorString(status));
}
}  // namespace detail::cuda

bool cuda_compiled() noexcept {
    return true;
}

int cuda_device_count() noexcept {
    static const int count = [] {
        int n = 0;
        if (cudaGetDeviceCount(&n) != cudaSuccess) {
            (void)cudaGetLastError();
            return 0;
        }
        return n;
    }();
    return count;
}

void warm_up_device(int index) noexcept {
    if (index < 0 || index >= cuda_device_count()) return;
    if (cudaSetDevice(index) == cudaSuccess) (void)cudaFree(nullptr);
    (void)cudaGetLastError();
}

std::optional<DeviceInfo> query_device(int index) {
    if (index < 0 || index >= cuda_device_count()) return std::nullopt;
    cudaDeviceProp prop{};
    TROPIC_CUDA_CHECK(cudaGetDeviceProperties(&prop, index));
    DeviceInfo info;
    info.index = index;
    info.name = prop.name;
    info.compute_major = prop.major;
    info.compute_minor = prop.minor;
    info.multiprocessors = prop.multiProcessorCount;
    info.total_memory = prop.totalGlobalMem;
    info.shared_memory_per_block_optin = prop.sharedMemPerBlockOptin;
    info.free_memory = detail::cuda::device_free_bytes(index);
    return info;
}

}  // namespace tropic
