// Builds without CUDA: the engine's CUDA backend says clearly that it is not compiled in.
#include "semiring/cuda/product_cuda.hpp"
#include "tropic/core/error.hpp"

namespace tropic::semiring::cuda {

namespace {
[[noreturn]] void unavailable() {
    throw ResourceError("this tropic was built without CUDA support; use --backend cpu");
}
}  // namespace

template <typename T>
void multiply_accumulate_batch(Semiring, Shape, std::span<const Product<T>>, int) {
    unavailable();
}
template <typename T>
void multiply_accumulate_batch(Semiring, std::span<const BandProduct<T>>, int) {
    unavailable();
}
template <typename T>
void multiply_accumulate_column(Semiring, Band<const T>, std::size_t, Band<const T>, std::size_t,
                                Band<T>, std::size_t, std::size_t, int) {
    unavailable();
}

TROPIC_SEMIRING_CUDA_INSTANTIATE(std::int16_t)
TROPIC_SEMIRING_CUDA_INSTANTIATE(std::int32_t)

}  // namespace tropic::semiring::cuda
