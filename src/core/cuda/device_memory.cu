#include "core/cuda/cuda_check.cuh"
#include "core/cuda/device_memory.cuh"

namespace tropic::detail::cuda {

std::uint64_t device_free_bytes(int device) {
    int previous = 0;
    TROPIC_CUDA_CHECK(cudaGetDevice(&previous));
    TROPIC_CUDA_CHECK(cudaSetDevice(device));
    std::size_t free_bytes = 0, total_bytes = 0;
    TROPIC_CUDA_CHECK(cudaMemGetInfo(&free_bytes, &total_bytes));
    TROPIC_CUDA_CHECK(cudaSetDevice(previous));
    return free_bytes;
}

MemoryBudget device_budget(int device, std::uint64_t reusable_bytes) {
    return tropic::device_budget(device, device_free_bytes(device) + reusable_bytes);
}

}  // namespace tropic::detail::cuda
