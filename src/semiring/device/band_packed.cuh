#pragma once
// Bands on the device in the tropical engine's packed tile layout, and the one kernel that
// multiplies them. Used by the engine's host-memory API (product_cuda.cu) and by algorithms that
// keep their bands on the device (BPMax's double reduction).
//
// A band of width w of an n x n matrix is packed into the kBandTile x kBandTile tiles (I, J),
// J - I = 0 .. reach, that hold its cells; tile (I, J) of row-tile I sits at slot
// I * (reach + 1) + (J - I). Cells of those tiles outside the band hold the semiring's zero, so
// tile products need no edge cases. Many bands of one geometry lie in an arena, band s at
// s * packed_cells().
#include <cuda_runtime.h>

#include <algorithm>
#include <cstddef>
#include <cstdint>

#include "core/cuda/cuda_check.cuh"
#include "semiring/device/tropical_block_tile.cuh"
#include "tropic/semiring/tropical.hpp"

namespace tropic::semiring::cuda {

inline constexpr int kBandTile = 64;

struct BandGeometry {
    int n = 0, width = 0, row_tiles = 0;
    int reach = 0;  // tiles right of the diagonal tile that hold band cells
    __host__ __device__ std::size_t tile_cells() const {
        return std::size_t(kBandTile) * kBandTile;
    }
    __host__ __device__ std::size_t packed_cells() const {
        return std::size_t(row_tiles) * (reach + 1) * tile_cells();
    }
};

inline BandGeometry band_geometry(std::size_t n, std::size_t width) {
    BandGeometry g;
    g.n = int(n);
    g.width = int(std::min(width, std::max<std::size_t>(n, 1)));
    g.row_tiles = int((n + kBandTile - 1) / kBandTile);
    g.reach = (kBandTile + g.width - 2) / kBandTile;
    return g;
}

// C = C (+) v for a block tile's result v, with sums that involve an infinity (beyond the finite
// bound) written as the sentinel exactly.
template <typename S, typename T = typename S::value_type>
__device__ inline T combine(T old, std::int32_t v) {
    return T(S::wide::add(std::int32_t(old), S::saturate(v)));
}

// Packs bands z = blockIdx.z (band-only layout, ld, `band_stride` cells apart) into packed slots
// z (packed_cells() apart).
template <typename T>
__global__ void pack_bands_kernel(const T* bands, std::size_t band_stride, std::size_t ld,
                                  BandGeometry g, T* packed, T zero) {
    const int I = blockIdx.y, offset = blockIdx.x;  // tile (I, I + offset)
    const T* band = bands + blockIdx.z * band_stride;
    T* tile = packed + blockIdx.z * g.packed_cells() +
              (std::size_t(I) * (g.reach + 1) + offset) * g.tile_cells();
    for (int cell = threadIdx.x; cell < kBandTile * kBandTile; cell += blockDim.x) {
        int row = I * kBandTile + cell / kBandTile;
        int col = (I + offset) * kBandTile + cell % kBandTile;
        int d = col - row;
        bool inside = row < g.n && col < g.n && d >= 0 && d < g.width;
        tile[cell] = inside ? band[std::size_t(row) * ld + d] : zero;
    }
}

// The inverse, for the cells of the band only: padding of the band layout is left untouched.
template <typename T>
__global__ void unpack_bands_kernel(const T* packed, BandGeometry g, T* bands,
                                    std::size_t band_stride, std::size_t ld) {
    const T* source = packed + blockIdx.z * g.packed_cells();
    T* band = bands + blockIdx.z * band_stride;
    for (std::size_t index = blockIdx.x * std::size_t(blockDim.x) + threadIdx.x;
         index < std::size_t(g.n) * g.width; index += std::size_t(gridDim.x) * blockDim.x) {
        int row = int(index / g.width), d = int(index % g.width);
        int col = row + d;
        if (col >= g.n) continue;
        int I = row / kBandTile, J = col / kBandTile;
        const T* tile = source + (std::size_t(I) * (g.reach + 1) + (J - I)) * g.tile_cells();
        band[std::size_t(row) * ld + d] = tile[(row % kBandTile) * kBandTile + col % kBandTile];
    }
}

template <typename T>
void pack_bands(const T* bands, std::size_t band_stride, std::size_t ld, const BandGeometry& g,
                T* packed, std::size_t count, T zero, cudaStream_t stream = 0) {
    for (std::size_t first = 0; first < count; first += 65535) {
        dim3 grid(g.reach + 1, g.row_tiles, unsigned(std::min<std::size_t>(65535, count - first)));
        pack_bands_kernel<<<grid, 256, 0, stream>>>(bands + first * band_stride, band_stride, ld, g,
                                                    packed + first * g.packed_cells(), zero);
        TROPIC_CUDA_CHECK_LAUNCH("pack_bands_kernel");
    }
}

template <typename T>
void unpack_bands(const T* packed, const BandGeometry& g, T* bands, std::size_t band_stride,
                  std::size_t ld, std::size_t count, cudaStream_t stream = 0) {
    const unsigned blocks =
        unsigned(std::clamp<std::size_t>(std::size_t(g.n) * g.width / 256 + 1, 1, 1024));
    for (std::size_t first = 0; first < count; first += 65535) {
        dim3 grid(blocks, 1, unsigned(std::min<std::size_t>(65535, count - first)));
        unpack_bands_kernel<<<grid, 256, 0, stream>>>(packed + first * g.packed_cells(), g,
                                                      bands + first * band_stride, band_stride, ld);
        TROPIC_CUDA_CHECK_LAUNCH("unpack_bands_kernel");
    }
}

// Sums of band products in one launch: for z < count,
//   C[c_slot[z]] (+)= (+)_{t in [term_begin[z], term_begin[z+1])} A[a_slot[t]] (x) B[b_slot[t]]
// with slots indexing packed arenas (device arrays of indices; products may not share a C).
template <typename T>
struct BandSums {
    const T* a;
    const T* b;
    T* c;
    BandGeometry g;
    const int* term_begin;  // count + 1
    const int* a_slot;      // per term
    const int* b_slot;      // per term
    const int* c_slot;      // per product
};

template <typename S, typename T = typename S::value_type>
__global__ void __launch_bounds__(TropicalBlockTile<S, BLayout::RowMajor, kBandTile>::kThreads)
    band_sums_kernel(BandSums<T> job, int z_offset) {
    using Tile = TropicalBlockTile<S, BLayout::RowMajor, kBandTile>;
    __shared__ typename Tile::SharedStorage smem;
    const BandGeometry& g = job.g;
    const int I = blockIdx.y, J = I + int(blockIdx.x), z = int(blockIdx.z) + z_offset;
    if (J >= g.row_tiles) return;
    const int first = job.term_begin[z], last = job.term_begin[z + 1];
    if (first == last) return;
    const std::size_t slots = g.reach + 1, cells = g.packed_cells();
    Tile tile;
    tile.clear_to_zero();
    for (int t = first; t < last; ++t) {
        const T* a = job.a + std::size_t(job.a_slot[t]) * cells;
        const T* b = job.b + std::size_t(job.b_slot[t]) * cells;
        for (int K = I; K <= J; ++K)
            tile.accumulate(a + (I * slots + (K - I)) * g.tile_cells(), kBandTile,
                            b + (K * slots + (J - K)) * g.tile_cells(), kBandTile, kBandTile, smem);
    }
    T* c = job.c + std::size_t(job.c_slot[z]) * cells + (I * slots + (J - I)) * g.tile_cells();
    tile.for_each([&](int r, int col_in_tile, std::int32_t v) {
        int row = I * kBandTile + r, col = J * kBandTile + col_in_tile;
        int d = col - row;
        if (row >= g.n || col >= g.n || d < 0 || d >= g.width) return;
        T* cell = c + r * kBandTile + col_in_tile;
        *cell = combine<S>(*cell, v);
    });
}

template <typename S, typename T = typename S::value_type>
void launch_band_sums(const BandSums<T>& job, std::size_t count, cudaStream_t stream = 0) {
    using Tile = TropicalBlockTile<S, BLayout::RowMajor, kBandTile>;
    for (std::size_t first = 0; first < count; first += 65535) {
        dim3 grid(job.g.reach + 1, job.g.row_tiles,
                  unsigned(std::min<std::size_t>(65535, count - first)));
        band_sums_kernel<S><<<grid, Tile::kThreads, 0, stream>>>(job, int(first));
        TROPIC_CUDA_CHECK_LAUNCH("band_sums_kernel");
    }
}

}  // namespace tropic::semiring::cuda
