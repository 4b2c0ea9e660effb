#pragma once
// Page-locked host memory, so that copies to and from the device run asynchronously on a stream.
// Grows only; the contents are not kept when it grows.
#include <cuda_runtime.h>

#include <cstddef>

#include "core/cuda/cuda_check.cuh"

namespace tropic::detail::cuda {

template <typename T>
class PinnedBuffer {
  public:
    PinnedBuffer() = default;
    ~PinnedBuffer() {
        if (data_) cudaFreeHost(data_);
    }
    PinnedBuffer(const PinnedBuffer&) = delete;
    PinnedBuffer& operator=(const PinnedBuffer&) = delete;
    void resize(std::size_t count) {
        if (count <= count_) return;
        if (data_) cudaFreeHost(data_);
        data_ = nullptr;
        count_ = 0;
        TROPIC_CUDA_CHECK(cudaMallocHost(reinterpret_cast<void**>(&data_), count * sizeof(T)));
        count_ = count;
    }
    T* data() noexcept { return data_; }

  private:
    T* data_ = nullptr;
    std::size_t count_ = 0;
};

}  // namespace tropic::detail::cuda
