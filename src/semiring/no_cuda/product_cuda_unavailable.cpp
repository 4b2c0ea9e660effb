// Builds without CUDA: the GPU code exists and throws the one error of such a build.
#include "core/no_cuda/built_without_cuda.hpp"
#include "semiring/cuda/product_cuda.hpp"

namespace tropic::semiring::cuda {

template <typename T>
void multiply_accumulate_batch(Semiring, Shape, std::span<const Product<T>>, int) {
    throw_built_without_cuda();
}
template <typename T>
void multiply_accumulate_batch(Semiring, std::span<const BandProduct<T>>, int) {
    throw_built_without_cuda();
}
template <typename T>
void multiply_accumulate_column(Semiring, Band<const T>, std::size_t, Band<const T>, std::size_t,
                                Band<T>, std::size_t, std::size_t, int) {
    throw_built_without_cuda();
}

TROPIC_SEMIRING_CUDA_INSTANTIATE(std::int16_t)
TROPIC_SEMIRING_CUDA_INSTANTIATE(std::int32_t)

}  // namespace tropic::semiring::cuda
