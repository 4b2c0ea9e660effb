#pragma once
// Benchmark hooks of the CUDA tropical engine: the median time of the product kernels alone on
// device-resident, random finite (max,+) data, without transfers or packing. Used by
// bench/semiring/bench_semiring_gpu.cpp; CUDA builds only.
#include "tropic/semiring/product.hpp"

namespace tropic::semiring::cuda {

// A batch of n x n dense or upper-triangular products.
double time_product_kernel(bool int16, Shape shape, int n, int batch, int repeats, int device);
// A batch of n x n upper-banded products of the given width.
double time_band_kernel(bool int16, int n, int width, int batch, int repeats, int device);

}  // namespace tropic::semiring::cuda
