#pragma once
// CUDA backend of the tropical engine (product.hpp), on host-memory views: inputs are copied to
// the device, the products run there, and each C is copied back. Plain C++ interface; in builds
// without CUDA, src/semiring/no_cuda/ provides versions that throw ResourceError.
#include <cstddef>
#include <span>

#include "tropic/semiring/product.hpp"

namespace tropic::semiring::cuda {

template <typename T>
void multiply_accumulate_batch(Semiring semiring, Shape shape, std::span<const Product<T>> batch,
                               int device);

template <typename T>
void multiply_accumulate_batch(Semiring semiring, std::span<const BandProduct<T>> batch,
                               int device);

template <typename T>
void multiply_accumulate_column(Semiring semiring, Band<const T> a, std::size_t stride_a,
                                Band<const T> b, std::size_t stride_b, Band<T> c,
                                std::size_t stride_c, std::size_t count, int device);

// Explicit instantiations for both score types, in the CUDA file and in the no-CUDA stub alike.
#define TROPIC_SEMIRING_CUDA_INSTANTIATE(T)                                                        \
    template void multiply_accumulate_batch<T>(Semiring, Shape, std::span<const Product<T>>, int); \
    template void multiply_accumulate_batch<T>(Semiring, std::span<const BandProduct<T>>, int);    \
    template void multiply_accumulate_column<T>(Semiring, Band<const T>, std::size_t,              \
                                                Band<const T>, std::size_t, Band<T>, std::size_t,  \
                                                std::size_t, int);

}  // namespace tropic::semiring::cuda
