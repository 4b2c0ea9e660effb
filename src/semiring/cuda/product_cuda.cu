// CUDA backend of the tropical engine on host-memory views (product_cuda.hpp).
//
// Each matrix is copied into a device buffer padded to whole tiles and filled with the
// semiring's zero sentinel, so the kernels run on full tiles without edge cases: padding
// contributes nothing to any max (or min). Dense and triangular products run on 128 x 128 block
// tiles (triangular ones launch only the tiles on or above the diagonal and only the k-tiles
// between them). Bands are packed into 64 x 64 block tiles that cover the band (about n * 1.5 w
// cells for w = 128), and only the tiles that hold band cells are launched.
#include <algorithm>
#include <cstdint>
#include <string>
#include <vector>

#include "core/cuda/cuda_check.cuh"
#include "core/cuda/device_buffer.cuh"
#include "core/cuda/device_memory.cuh"
#include "core/cuda/device_fill.cuh"
#include "semiring/cuda/product_cuda.hpp"
#include "semiring/cuda/product_kernels.cuh"
#include "semiring/device/band_packed.cuh"
#include "tropic/core/error.hpp"
#include "core/internal/memory_fit.hpp"

namespace tropic::semiring::cuda {

namespace {

using tropic::detail::cuda::DeviceBuffer;

std::size_t round_up(std::size_t v, std::size_t to) {
    return (v + to - 1) / to * to;
}

// Sets the cells below the diagonal of a square padded matrix to `value`.
template <typename T>
__global__ void mask_lower_kernel(T* data, std::size_t n, std::size_t ld, T value) {
    for (std::size_t row = blockIdx.x; row < n; row += gridDim.x)
        for (std::size_t col = threadIdx.x; col < row; col += blockDim.x)
            data[row * ld + col] = value;
}

template <typename T>
void copy_in(T* device, std::size_t device_ld, const T* host, std::size_t host_ld, std::size_t rows,
             std::size_t cols) {
    if (rows == 0 || cols == 0) return;
    TROPIC_CUDA_CHECK(cudaMemcpy2D(device, device_ld * sizeof(T), host, host_ld * sizeof(T),
                                   cols * sizeof(T), rows, cudaMemcpyHostToDevice));
}

template <typename T>
void copy_out(T* host, std::size_t host_ld, const T* device, std::size_t device_ld,
              std::size_t rows, std::size_t cols) {
    if (rows == 0 || cols == 0) return;
    TROPIC_CUDA_CHECK(cudaMemcpy2D(host, host_ld * sizeof(T), device, device_ld * sizeof(T),
                                   cols * sizeof(T), rows, cudaMemcpyDeviceToHost));
}

void check_memory(std::size_t bytes, const char* what) {
    int device = 0;
    TROPIC_CUDA_CHECK(cudaGetDevice(&device));
    const MemoryBudget budget = tropic::detail::cuda::device_budget(device);
    if (bytes > budget.bytes)
        throw ResourceError(
            does_not_fit_message(what, bytes, budget, "use smaller batches or the cpu backend"));
}

template <typename S, typename T = typename S::value_type>
void run_dense(Shape shape, std::span<const Product<T>> batch) {
    constexpr T zero = S::zero;
    // One padded buffer for every operand of the batch.
    std::vector<std::size_t> offsets;
    std::size_t total = 0;
    int max_m = 0, max_n = 0;
    std::vector<DenseJob<T>> jobs(batch.size());
    for (std::size_t p = 0; p < batch.size(); ++p) {
        const auto& job = batch[p];
        std::size_t m = round_up(job.c.rows, kDenseTile), n = round_up(job.c.cols, kDenseTile);
        std::size_t k = round_up(job.a.cols, kDenseTile);
        offsets.push_back(total);
        total += m * k + k * n + m * n;
        jobs[p].m_tiles = int(m / kDenseTile);
        jobs[p].n_tiles = int(n / kDenseTile);
        jobs[p].k_tiles = int(k / kDenseTile);
        jobs[p].lda = k;
        jobs[p].ldb = n;
        jobs[p].ldc = n;
        jobs[p].rows = int(job.c.rows);
        jobs[p].cols = int(job.c.cols);
        max_m = std::max(max_m, jobs[p].m_tiles);
        max_n = std::max(max_n, jobs[p].n_tiles);
    }
    check_memory(total * sizeof(T), "this batch of tropical products");
    DeviceBuffer<T> storage(std::max<std::size_t>(total, 1));
    tropic::detail::cuda::fill_async(storage.data(), total, zero);
    for (std::size_t p = 0; p < batch.size(); ++p) {
        const auto& job = batch[p];
        T* a = storage.data() + offsets[p];
        T* b = a + std::size_t(jobs[p].m_tiles) * kDenseTile * jobs[p].lda;
        T* c = b + std::size_t(jobs[p].k_tiles) * kDenseTile * jobs[p].ldb;
        copy_in(a, jobs[p].lda, job.a.data, job.a.ld, job.a.rows, job.a.cols);
        copy_in(b, jobs[p].ldb, job.b.data, job.b.ld, job.b.rows, job.b.cols);
        copy_in(c, jobs[p].ldc, job.c.data, job.c.ld, job.c.rows, job.c.cols);
        if (shape == Shape::UpperTriangular) {
            // Cells below the diagonal are not part of a triangular operand.
            std::size_t n = job.a.rows;
            mask_lower_kernel<<<1024, 256>>>(a, n, jobs[p].lda, zero);
            mask_lower_kernel<<<1024, 256>>>(b, n, jobs[p].ldb, zero);
            TROPIC_CUDA_CHECK_LAUNCH("mask_lower_kernel");
        }
        jobs[p].a = a;
        jobs[p].b = b;
        jobs[p].c = c;
    }
    DeviceBuffer<DenseJob<T>> device_jobs;
    device_jobs.assign(jobs);
    // Products per launch are bounded by the grid's z extent.
    constexpr std::size_t kMaxZ = 65535;
    for (std::size_t first = 0; first < jobs.size(); first += kMaxZ) {
        dim3 grid(max_n, max_m, unsigned(std::min(kMaxZ, jobs.size() - first)));
        if (shape == Shape::UpperTriangular)
            dense_kernel<S, true><<<grid, DenseTile<S>::kThreads>>>(device_jobs.data() + first);
        else
            dense_kernel<S, false><<<grid, DenseTile<S>::kThreads>>>(device_jobs.data() + first);
        TROPIC_CUDA_CHECK_LAUNCH("dense_kernel");
    }
    for (std::size_t p = 0; p < batch.size(); ++p)
        copy_out(batch[p].c.data, batch[p].c.ld, jobs[p].c, jobs[p].ldc, batch[p].c.rows,
                 batch[p].c.cols);
}

// ---- Bands (packed layout and kernel: band_packed.cuh) -----------------------------------------
// Copies host bands of one geometry (leading dimension ld) to the device and packs them into
// consecutive slots.
template <typename T>
void upload_bands(const std::vector<const T*>& host, std::size_t ld, const BandGeometry& g,
                  T* packed, T zero, DeviceBuffer<T>& staging) {
    staging.resize(std::max<std::size_t>(std::size_t(g.n) * ld, 1));
    for (std::size_t z = 0; z < host.size(); ++z) {
        TROPIC_CUDA_CHECK(cudaMemcpy(staging.data(), host[z], std::size_t(g.n) * ld * sizeof(T),
                                     cudaMemcpyHostToDevice));
        pack_bands(staging.data(), 0, ld, g, packed + z * g.packed_cells(), 1, zero);
    }
}

template <typename T>
void download_bands(const T* packed, const BandGeometry& g, const std::vector<T*>& host,
                    std::size_t ld, DeviceBuffer<T>& staging) {
    staging.resize(std::max<std::size_t>(std::size_t(g.n) * ld, 1));
    for (std::size_t z = 0; z < host.size(); ++z) {
        // Cells outside the matrix and beyond the width stay as the caller had them.
        TROPIC_CUDA_CHECK(cudaMemcpy(staging.data(), host[z], std::size_t(g.n) * ld * sizeof(T),
                                     cudaMemcpyHostToDevice));
        unpack_bands(packed + z * g.packed_cells(), g, staging.data(), 0, ld, 1);
        TROPIC_CUDA_CHECK(cudaMemcpy(host[z], staging.data(), std::size_t(g.n) * ld * sizeof(T),
                                     cudaMemcpyDeviceToHost));
    }
}

// Band products of one geometry in one launch (BandSlots says which).
template <typename S, typename T = typename S::value_type>
void run_bands(const std::vector<const T*>& a, std::size_t lda, const std::vector<const T*>& b,
               std::size_t ldb, const std::vector<T*>& c, std::size_t ldc, std::size_t n,
               std::size_t width, bool column) {
    const std::size_t count = c.size();
    if (count == 0 || n == 0) return;
    constexpr T zero = S::zero;
    const BandGeometry g = band_geometry(n, width);
    const std::size_t cells = g.packed_cells();
    check_memory(3 * count * cells * sizeof(T) + n * std::max({lda, ldb, ldc}) * sizeof(T),
                 "these band products");
    DeviceBuffer<T> packed_a(count * cells), packed_b(count * cells), packed_c(count * cells),
        staging;
    upload_bands(a, lda, g, packed_a.data(), zero, staging);
    upload_bands(b, ldb, g, packed_b.data(), zero, staging);
    upload_bands(std::vector<const T*>(c.begin(), c.end()), ldc, g, packed_c.data(), zero, staging);
    const BandSlots slots(count, column);
    launch_band_sums<S>(slots.job(packed_a.data(), packed_b.data(), packed_c.data(), g), count);
    download_bands(packed_c.data(), g, c, ldc, staging);
}

template <typename S, typename T = typename S::value_type>
void run_band_batch(std::span<const BandProduct<T>> batch) {
    // Runs of consecutive products that share n, width and leading dimensions go in one launch.
    for (std::size_t first = 0; first < batch.size();) {
        const auto& p0 = batch[first];
        std::vector<const T*> a, b;
        std::vector<T*> c;
        std::size_t last = first;
        for (; last < batch.size(); ++last) {
            const auto& p = batch[last];
            if (p.c.n != p0.c.n || p.c.width != p0.c.width || p.a.ld != p0.a.ld ||
                p.b.ld != p0.b.ld || p.c.ld != p0.c.ld)
                break;
            a.push_back(p.a.data);
            b.push_back(p.b.data);
            c.push_back(p.c.data);
        }
        run_bands<S>(a, p0.a.ld, b, p0.b.ld, c, p0.c.ld, p0.c.n, p0.c.width, false);
        first = last;
    }
}

template <typename S, typename T = typename S::value_type>
void run_band_column(Band<const T> a, std::size_t stride_a, Band<const T> b, std::size_t stride_b,
                     Band<T> c, std::size_t stride_c, std::size_t count) {
    std::vector<const T*> as, bs;
    std::vector<T*> cs;
    for (std::size_t z = 0; z < count; ++z) {
        as.push_back(a.data + z * stride_a);
        bs.push_back(b.data + z * stride_b);
        cs.push_back(c.data + z * stride_c);
    }
    run_bands<S>(as, a.ld, bs, b.ld, cs, c.ld, c.n, c.width, true);
}
}  // namespace

template <typename T>
void multiply_accumulate_batch(Semiring semiring, Shape shape, std::span<const Product<T>> batch,
                               int device) {
    if (batch.empty()) return;
    TROPIC_CUDA_CHECK(cudaSetDevice(device));
    with_semiring<T>(semiring, [&]<typename S>(S) { run_dense<S>(shape, batch); });
}

template <typename T>
void multiply_accumulate_batch(Semiring semiring, std::span<const BandProduct<T>> batch,
                               int device) {
    if (batch.empty()) return;
    TROPIC_CUDA_CHECK(cudaSetDevice(device));
    with_semiring<T>(semiring, [&]<typename S>(S) { run_band_batch<S>(batch); });
}

template <typename T>
void multiply_accumulate_column(Semiring semiring, Band<const T> a, std::size_t stride_a,
                                Band<const T> b, std::size_t stride_b, Band<T> c,
                                std::size_t stride_c, std::size_t count, int device) {
    if (count == 0) return;
    TROPIC_CUDA_CHECK(cudaSetDevice(device));
    with_semiring<T>(semiring, [&]<typename S>(S) {
        run_band_column<S>(a, stride_a, b, stride_b, c, stride_c, count);
    });
}

TROPIC_SEMIRING_CUDA_INSTANTIATE(std::int16_t)
TROPIC_SEMIRING_CUDA_INSTANTIATE(std::int32_t)

}  // namespace tropic::semiring::cuda
