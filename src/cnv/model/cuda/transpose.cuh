#pragma once
// A tiled matrix transpose on the device, so that the local model reads the caller's
// window-major counts and writes window-major results without a transposition on the host:
// 32 x 32 tiles through shared memory, both the reads and the writes coalesced.
#include <cuda_runtime.h>

#include <cstddef>

namespace tropic::cnv::detail::cuda {

inline constexpr int kTransposeTile = 32;
inline constexpr int kTransposeRowsPerPass = 8;

// out[c * rows + r] = in[r * cols + c]. One block per tile (blockIdx.x over all tiles, so that
// neither grid dimension limits the matrix), blockDim = (32, 8).
template <typename T>
__global__ void transpose_kernel(const T* __restrict__ in, T* __restrict__ out, std::size_t rows,
                                 std::size_t cols) {
    // +1 column: the column reads of the second half do not fall into one shared-memory bank.
    __shared__ T tile[kTransposeTile][kTransposeTile + 1];
    const std::size_t tiles_across = (cols + kTransposeTile - 1) / kTransposeTile;
    const std::size_t r0 = (blockIdx.x / tiles_across) * kTransposeTile;
    const std::size_t c0 = (blockIdx.x % tiles_across) * kTransposeTile;
    for (int dy = threadIdx.y; dy < kTransposeTile; dy += kTransposeRowsPerPass) {
        const std::size_t r = r0 + dy, c = c0 + threadIdx.x;
        if (r < rows && c < cols) tile[dy][threadIdx.x] = in[r * cols + c];
    }
    __syncthreads();
    for (int dy = threadIdx.y; dy < kTransposeTile; dy += kTransposeRowsPerPass) {
        const std::size_t c = c0 + dy, r = r0 + threadIdx.x;
        if (r < rows && c < cols) out[c * rows + r] = tile[threadIdx.x][dy];
    }
}

template <typename T>
void transpose(const T* in, T* out, std::size_t rows, std::size_t cols, cudaStream_t stream) {
    const std::size_t tiles = ((rows + kTransposeTile - 1) / kTransposeTile) *
                              ((cols + kTransposeTile - 1) / kTransposeTile);
    if (tiles == 0) return;
    transpose_kernel<T>
        <<<static_cast<unsigned>(tiles), dim3(kTransposeTile, kTransposeRowsPerPass), 0, stream>>>(
            in, out, rows, cols);
}

}  // namespace tropic::cnv::detail::cuda
