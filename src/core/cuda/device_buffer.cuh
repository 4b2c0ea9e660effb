#pragma once
// RAII owner of device memory. Allocation failures raise ResourceError with the size asked for.
#include <cuda_runtime.h>

#include <algorithm>
#include <cstddef>
#include <span>
#include <utility>

#include "core/cuda/cuda_check.cuh"

namespace tropic::detail::cuda {

template <typename T>
class DeviceBuffer {
  public:
    DeviceBuffer() = default;
    explicit DeviceBuffer(std::size_t count) { resize(count); }
    ~DeviceBuffer() { release(); }
    DeviceBuffer(const DeviceBuffer&) = delete;
    DeviceBuffer& operator=(const DeviceBuffer&) = delete;
    DeviceBuffer(DeviceBuffer&& other) noexcept
        : data_(std::exchange(other.data_, nullptr)), count_(std::exchange(other.count_, 0)) {}
    DeviceBuffer& operator=(DeviceBuffer&& other) noexcept {
        if (this != &other) {
            release();
            data_ = std::exchange(other.data_, nullptr);
            count_ = std::exchange(other.count_, 0);
        }
        return *this;
    }

    // Discards the contents; reallocates only when growing.
    void resize(std::size_t count) {
        if (count <= count_) return;
        release();
        void* p = nullptr;
        cudaError_t status = cudaMalloc(&p, count * sizeof(T));
        if (status != cudaSuccess) {
            (void)cudaGetLastError();
            throw ResourceError("cannot allocate " + std::to_string(count * sizeof(T)) +
                                " bytes of GPU memory: " + cudaGetErrorString(status));
        }
        data_ = static_cast<T*>(p);
        count_ = count;
    }

    // Copies `host` in (growing the buffer; at least one element, so data() is never null).
    void assign(std::span<const T> host) {
        resize(std::max<std::size_t>(host.size(), 1));
        if (!host.empty())
            TROPIC_CUDA_CHECK(
                cudaMemcpy(data_, host.data(), host.size() * sizeof(T), cudaMemcpyHostToDevice));
    }

    T* data() noexcept { return data_; }
    const T* data() const noexcept { return data_; }
    std::size_t size() const noexcept { return count_; }

  private:
    void release() noexcept {
        if (data_) cudaFree(data_);
        data_ = nullptr;
        count_ = 0;
    }
    T* data_ = nullptr;
    std::size_t count_ = 0;
};

}  // namespace tropic::detail::cuda
