// Builds without CUDA: the GPU code exists and throws the one error of such a build.
#include <cstdint>

#include "core/no_cuda/built_without_cuda.hpp"
#include "semiring/plus_times/cuda/plus_times_cuda.hpp"

namespace tropic::semiring::cuda {

template <typename T>
void multiply_accumulate_plus_times(Matrix<const T>, Matrix<const T>, Matrix<T>,
                                    const detail::PlusTimesPlan&, int) {
    throw_built_without_cuda();
}

PlusTimesDevice::PlusTimesDevice() {
    throw_built_without_cuda();
}
PlusTimesDevice::~PlusTimesDevice() = default;

template <typename T>
void PlusTimesDevice::multiply(Matrix<const T>, Matrix<const T>, Matrix<T>, bool,
                               const detail::PlusTimesPlan&, T*) {
    throw_built_without_cuda();
}

TROPIC_PLUS_TIMES_CUDA_INSTANTIATE(std::int32_t)
TROPIC_PLUS_TIMES_CUDA_INSTANTIATE(std::int64_t)
TROPIC_PLUS_TIMES_CUDA_INSTANTIATE(float)
TROPIC_PLUS_TIMES_CUDA_INSTANTIATE(double)

}  // namespace tropic::semiring::cuda
