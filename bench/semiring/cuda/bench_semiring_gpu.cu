// Kernel timing of bench_semiring_gpu (kernel_timing.hpp): the engine's dense and band kernels
// (src/semiring/cuda/product_kernels.cuh, src/semiring/device/band_packed.cuh) launched on
// device-resident random data and timed with CUDA events.
#include <algorithm>
#include <cstdint>
#include <vector>

#include "core/cuda/cuda_check.cuh"
#include "core/cuda/device_buffer.cuh"
#include "kernel_timing.hpp"
#include "median_event_time.cuh"
#include "semiring/cuda/product_kernels.cuh"
#include "semiring/device/band_packed.cuh"

namespace tropic::bench {

namespace {

using semiring::Shape;
using tropic::detail::cuda::DeviceBuffer;
namespace gpu = semiring::cuda;

// Values in [-range, range], a hash of the index and the seed.
template <typename T>
__global__ void random_fill_kernel(T* data, std::size_t count, std::uint32_t seed, int range) {
    for (std::size_t i = blockIdx.x * std::size_t(blockDim.x) + threadIdx.x; i < count;
         i += std::size_t(gridDim.x) * blockDim.x) {
        std::uint32_t h = std::uint32_t(i) * 2654435761u ^ seed;
        h ^= h >> 15;
        h *= 2246822519u;
        h ^= h >> 13;
        data[i] = T(int(h % std::uint32_t(2 * range + 1)) - range);
    }
}

template <typename T>
double time_dense(Shape shape, int n, int batch, int repeats) {
    using S = semiring::MaxPlus<T>;
    constexpr std::size_t kTile = gpu::kDenseTile;
    const std::size_t padded = (std::size_t(n) + kTile - 1) / kTile * kTile;
    const std::size_t cells = padded * padded;
    DeviceBuffer<T> storage(3 * cells * batch);
    random_fill_kernel<<<1024, 256>>>(storage.data(), storage.size(), 12345u,
                                      semiring::Tropical<T>::bound / 2);
    TROPIC_CUDA_CHECK_LAUNCH("random_fill_kernel");
    const int tiles = int(padded / kTile);
    std::vector<gpu::DenseJob<T>> jobs(batch);
    for (int p = 0; p < batch; ++p) {
        T* base = storage.data() + 3 * cells * p;
        jobs[p] = gpu::DenseJob<T>{base,   base + cells, base + 2 * cells, tiles, tiles, tiles,
                                   padded, padded,       padded,           n,     n};
    }
    DeviceBuffer<gpu::DenseJob<T>> device_jobs;
    device_jobs.assign(jobs);
    const dim3 grid(static_cast<unsigned>(tiles), static_cast<unsigned>(tiles),
                    static_cast<unsigned>(batch));
    const int threads = gpu::DenseTile<S>::kThreads;
    return median_event_seconds(repeats, [&] {
        if (shape == Shape::UpperTriangular)
            gpu::dense_kernel<S, true><<<grid, threads>>>(device_jobs.data());
        else
            gpu::dense_kernel<S, false><<<grid, threads>>>(device_jobs.data());
        TROPIC_CUDA_CHECK_LAUNCH("dense_kernel");
    });
}

template <typename T>
double time_band(int n, int width, int batch, int repeats) {
    const gpu::BandGeometry g = gpu::band_geometry(std::size_t(n), std::size_t(width));
    const std::size_t cells = g.packed_cells();
    DeviceBuffer<T> a(cells * batch), b(cells * batch), c(cells * batch);
    for (T* data : {a.data(), b.data(), c.data()}) {
        random_fill_kernel<<<1024, 256>>>(data, cells * batch, 777u,
                                          semiring::Tropical<T>::bound / 2);
        TROPIC_CUDA_CHECK_LAUNCH("random_fill_kernel");
    }
    const gpu::BandSlots slots(std::size_t(batch), false);
    const gpu::BandSums<T> job = slots.job<T>(a.data(), b.data(), c.data(), g);
    return median_event_seconds(
        repeats, [&] { gpu::launch_band_sums<semiring::MaxPlus<T>>(job, std::size_t(batch)); });
}

}  // namespace

double time_product_kernel(bool int16, Shape shape, int n, int batch, int repeats, int device) {
    TROPIC_CUDA_CHECK(cudaSetDevice(device));
    return int16 ? time_dense<std::int16_t>(shape, n, batch, repeats)
                 : time_dense<std::int32_t>(shape, n, batch, repeats);
}

double time_band_kernel(bool int16, int n, int width, int batch, int repeats, int device) {
    TROPIC_CUDA_CHECK(cudaSetDevice(device));
    return int16 ? time_band<std::int16_t>(n, width, batch, repeats)
                 : time_band<std::int32_t>(n, width, batch, repeats);
}

}  // namespace tropic::bench
