#pragma once
// CPU backend of the tropical engine (product.hpp). Dimensions are checked by the caller
// (product_dispatch.cpp); pool may be nullptr (the calling thread does all the work).
#include <cstddef>
#include <span>

#include "tropic/semiring/product.hpp"

namespace tropic::semiring::cpu {

template <typename T>
void multiply_accumulate_batch(Semiring semiring, Shape shape, std::span<const Product<T>> batch,
                               ThreadPool* pool);

template <typename T>
void multiply_accumulate_batch(Semiring semiring, std::span<const BandProduct<T>> batch,
                               ThreadPool* pool);

template <typename T>
void multiply_accumulate_column(Semiring semiring, Band<const T> a, std::size_t stride_a,
                                Band<const T> b, std::size_t stride_b, Band<T> c,
                                std::size_t stride_c, std::size_t count, ThreadPool* pool);

}  // namespace tropic::semiring::cpu
