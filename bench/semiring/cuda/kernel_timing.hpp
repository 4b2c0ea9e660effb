#pragma once
// The GPU benchmark's timing of the engine's product kernels alone (bench_semiring_gpu.cu): the
// median time of launches on device-resident, random finite (max,+) data, without transfers or
// packing. CUDA builds only.
#include "tropic/semiring/product.hpp"

namespace tropic::bench {

// A batch of n x n dense or upper-triangular products.
double time_product_kernel(bool int16, semiring::Shape shape, int n, int batch, int repeats,
                           int device);
// A batch of n x n upper-banded products of the given width.
double time_band_kernel(bool int16, int n, int width, int batch, int repeats, int device);

}  // namespace tropic::bench
