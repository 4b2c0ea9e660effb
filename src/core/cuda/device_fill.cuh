#pragma once
// Fills device memory with one value, asynchronously, on the calling thread's default stream (the
// CUDA code is built with per-thread default streams), through CUB. For values whose bytes are
// all equal (0, -1), cudaMemsetAsync does the same.
#include <cstddef>
#include <cub/device/device_for.cuh>

#include "core/cuda/cuda_check.cuh"

namespace tropic::detail::cuda {

template <typename T>
struct AssignValue {
    T value;
    __device__ void operator()(T& cell) const { cell = value; }
};

template <typename T>
void fill_async(T* data, std::size_t count, T value) {
    if (count == 0) return;
    TROPIC_CUDA_CHECK(
        cub::DeviceFor::ForEachN(data, count, AssignValue<T>{value}, cudaStreamPerThread));
}

}  // namespace tropic::detail::cuda
