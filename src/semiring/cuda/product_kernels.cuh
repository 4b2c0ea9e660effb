#pragma once
// The kernels of the engine's CUDA backend on host-memory views (product_cuda.cu), and what they
// take: dense and triangular products of padded device matrices on 128 x 128 block tiles, and
// the slot lists of the band kernel (band_packed.cuh). The GPU benchmark launches the same
// kernels on device-resident data.
#include <cuda_runtime.h>

#include <cstddef>
#include <cstdint>
#include <vector>

#include "core/cuda/device_buffer.cuh"
#include "semiring/device/band_packed.cuh"
#include "semiring/device/tropical_block_tile.cuh"

namespace tropic::semiring::cuda {

inline constexpr int kDenseTile = 128;

template <typename S>
using DenseTile = TropicalBlockTile<S, BLayout::RowMajor, kDenseTile>;

template <typename T>
struct DenseJob {
    const T* a;
    const T* b;
    T* c;
    int m_tiles, n_tiles, k_tiles;
    std::size_t lda, ldb, ldc;  // padded leading dimensions
    int rows, cols;             // C's valid extent
};

// Block (x, y) of product z = blockIdx.z computes C's tile (y, x) of job z; triangular products
// skip the tiles below the diagonal and the k-tiles outside [y, x].
template <typename S, bool kTriangular, typename T = typename S::value_type>
__global__ void __launch_bounds__(DenseTile<S>::kThreads) dense_kernel(const DenseJob<T>* jobs) {
    using Tile = DenseTile<S>;
    __shared__ typename Tile::SharedStorage smem;
    const DenseJob<T> job = jobs[blockIdx.z];
    const int I = blockIdx.y, J = blockIdx.x;
    if (I >= job.m_tiles || J >= job.n_tiles) return;
    if (kTriangular && I > J) return;
    const int k_begin = kTriangular ? I : 0;
    const int k_end = kTriangular ? J + 1 : job.k_tiles;
    Tile tile;
    tile.clear_to_zero();
    tile.accumulate(
        job.a + std::size_t(I) * kDenseTile * job.lda + std::size_t(k_begin) * kDenseTile, job.lda,
        job.b + std::size_t(k_begin) * kDenseTile * job.ldb + std::size_t(J) * kDenseTile, job.ldb,
        (k_end - k_begin) * kDenseTile, smem);
    tile.for_each([&](int r, int c, std::int32_t v) {
        int row = I * kDenseTile + r, col = J * kDenseTile + c;
        if (row >= job.rows || col >= job.cols || (kTriangular && row > col)) return;
        T* cell = job.c + std::size_t(row) * job.ldc + col;
        *cell = combine<S>(*cell, v);
    });
}

// Slot lists of band_sums_kernel on the device: either C_z (+)= A_z (x) B_z for every z, or (the
// column pattern) C_z (+)= (+)_{t<z} A_t (x) B_{z-1-t}.
struct BandSlots {
    tropic::detail::cuda::DeviceBuffer<int> term_begin, a_slot, b_slot, c_slot;

    BandSlots(std::size_t count, bool column) {
        std::vector<int> begin(count + 1), a, b, c(count);
        for (std::size_t z = 0; z < count; ++z) {
            begin[z] = int(a.size());
            c[z] = int(z);
            for (std::size_t t = 0; t < (column ? z : 1); ++t) {
                a.push_back(int(column ? t : z));
                b.push_back(int(column ? z - 1 - t : z));
            }
        }
        begin[count] = int(a.size());
        term_begin.assign(begin);
        a_slot.assign(a);
        b_slot.assign(b);
        c_slot.assign(c);
    }

    template <typename T>
    BandSums<T> job(const T* a, const T* b, T* c, const BandGeometry& g) const {
        return {a, b, c, g, term_begin.data(), a_slot.data(), b_slot.data(), c_slot.data()};
    }
};

}  // namespace tropic::semiring::cuda
