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
#include "semiring/cuda/product_cuda.hpp"
#include "semiring/cuda/product_timing.hpp"
#include "semiring/device/band_packed.cuh"
#include "semiring/device/tropical_block_tile.cuh"
#include "tropic/core/error.hpp"

namespace tropic::semiring::cuda {

namespace {

using cuda_detail::DeviceBuffer;
constexpr int kDenseTile = 128;

std::size_t round_up(std::size_t v, std::size_t to) {
    return (v + to - 1) / to * to;
}

template <typename T>
__global__ void fill_kernel(T* data, std::size_t count, T value) {
    for (std::size_t i = blockIdx.x * std::size_t(blockDim.x) + threadIdx.x; i < count;
         i += std::size_t(gridDim.x) * blockDim.x)
        data[i] = value;
}

template <typename T>
void fill(T* data, std::size_t count, T value) {
    if (count == 0) return;
    fill_kernel<<<1024, 256>>>(data, count, value);
    TROPIC_CUDA_CHECK_LAUNCH("fill_kernel");
}

// Sets the cells below the diagonal of a square padded matrix to `value`.
template <typename T>
__global__ void mask_lower_kernel(T* data, std::size_t n, std::size_t ld, T value) {
    for (std::size_t row = blockIdx.x; row < n; row += gridDim.x)
        for (std::size_t col = threadIdx.x; col < row; col += blockDim.x)
            data[row * ld + col] = value;
}

template <typename T>
struct DenseJob {
    const T* a;
    const T* b;
    T* c;
    int m_tiles, n_tiles, k_tiles;
    std::size_t lda, ldb, ldc;  // padded leading dimensions
    int rows, cols;             // C's valid extent
};

template <typename T, Semiring S, bool kTriangular>
__global__ void __launch_bounds__(TropicalBlockTile<T, S, BLayout::RowMajor, kDenseTile>::kThreads)
    dense_kernel(const DenseJob<T>* jobs) {
    using Tile = TropicalBlockTile<T, S, BLayout::RowMajor, kDenseTile>;
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
        *cell = combine<T, S>(*cell, v);
    });
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
    std::size_t free_bytes = 0, total = 0;
    TROPIC_CUDA_CHECK(cudaMemGetInfo(&free_bytes, &total));
    if (bytes > free_bytes)
        throw ResourceError(std::string(what) + " needs " + std::to_string(bytes) +
                            " bytes of GPU memory but " + std::to_string(free_bytes) +
                            " are free; use smaller batches or --backend cpu");
}

template <typename T, Semiring S>
void run_dense(Shape shape, std::span<const Product<T>> batch) {
    const T zero = Tropical<T>::zero(S);
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
    fill(storage.data(), total, zero);
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
        using Tile = TropicalBlockTile<T, S, BLayout::RowMajor, kDenseTile>;
        if (shape == Shape::UpperTriangular)
            dense_kernel<T, S, true><<<grid, Tile::kThreads>>>(device_jobs.data() + first);
        else
            dense_kernel<T, S, false><<<grid, Tile::kThreads>>>(device_jobs.data() + first);
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

// Slot lists of band_sums_kernel on the device: either C_z (+)= A_z (x) B_z for every z, or (the
// column pattern) C_z (+)= (+)_{t<z} A_t (x) B_{z-1-t}.
struct BandSlots {
    DeviceBuffer<int> term_begin, a_slot, b_slot, c_slot;

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

// Band products of one geometry in one launch (BandSlots says which).
template <typename T, Semiring S>
void run_bands(const std::vector<const T*>& a, std::size_t lda, const std::vector<const T*>& b,
               std::size_t ldb, const std::vector<T*>& c, std::size_t ldc, std::size_t n,
               std::size_t width, bool column) {
    const std::size_t count = c.size();
    if (count == 0 || n == 0) return;
    const T zero = Tropical<T>::zero(S);
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
    launch_band_sums<T, S>(slots.job(packed_a.data(), packed_b.data(), packed_c.data(), g), count);
    download_bands(packed_c.data(), g, c, ldc, staging);
}

template <typename T, Semiring S>
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
        run_bands<T, S>(a, p0.a.ld, b, p0.b.ld, c, p0.c.ld, p0.c.n, p0.c.width, false);
        first = last;
    }
}

template <typename T, Semiring S>
void run_band_column(Band<const T> a, std::size_t stride_a, Band<const T> b, std::size_t stride_b,
                     Band<T> c, std::size_t stride_c, std::size_t count) {
    std::vector<const T*> as, bs;
    std::vector<T*> cs;
    for (std::size_t z = 0; z < count; ++z) {
        as.push_back(a.data + z * stride_a);
        bs.push_back(b.data + z * stride_b);
        cs.push_back(c.data + z * stride_c);
    }
    run_bands<T, S>(as, a.ld, bs, b.ld, cs, c.ld, c.n, c.width, true);
}
}  // namespace

template <typename T>
void multiply_accumulate_batch(Semiring semiring, Shape shape, std::span<const Product<T>> batch,
                               int device) {
    if (batch.empty()) return;
    TROPIC_CUDA_CHECK(cudaSetDevice(device));
    if (semiring == Semiring::MaxPlus)
        run_dense<T, Semiring::MaxPlus>(shape, batch);
    else
        run_dense<T, Semiring::MinPlus>(shape, batch);
}

template <typename T>
void multiply_accumulate_batch(Semiring semiring, std::span<const BandProduct<T>> batch,
                               int device) {
    if (batch.empty()) return;
    TROPIC_CUDA_CHECK(cudaSetDevice(device));
    if (semiring == Semiring::MaxPlus)
        run_band_batch<T, Semiring::MaxPlus>(batch);
    else
        run_band_batch<T, Semiring::MinPlus>(batch);
}

template <typename T>
void multiply_accumulate_column(Semiring semiring, Band<const T> a, std::size_t stride_a,
                                Band<const T> b, std::size_t stride_b, Band<T> c,
                                std::size_t stride_c, std::size_t count, int device) {
    if (count == 0) return;
    TROPIC_CUDA_CHECK(cudaSetDevice(device));
    if (semiring == Semiring::MaxPlus)
        run_band_column<T, Semiring::MaxPlus>(a, stride_a, b, stride_b, c, stride_c, count);
    else
        run_band_column<T, Semiring::MinPlus>(a, stride_a, b, stride_b, c, stride_c, count);
}

TROPIC_SEMIRING_CUDA_INSTANTIATE(std::int16_t)
TROPIC_SEMIRING_CUDA_INSTANTIATE(std::int32_t)

// ---- Kernel timing for benchmarks (product_timing.hpp) ------------------------------------------
namespace {

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

template <typename F>
double median_kernel_seconds(int repeats, F launch) {
    cudaEvent_t start, stop;
    TROPIC_CUDA_CHECK(cudaEventCreate(&start));
    TROPIC_CUDA_CHECK(cudaEventCreate(&stop));
    launch();  // warm-up
    std::vector<double> times;
    for (int r = 0; r < repeats; ++r) {
        TROPIC_CUDA_CHECK(cudaEventRecord(start));
        launch();
        TROPIC_CUDA_CHECK(cudaEventRecord(stop));
        TROPIC_CUDA_CHECK(cudaEventSynchronize(stop));
        float ms = 0;
        TROPIC_CUDA_CHECK(cudaEventElapsedTime(&ms, start, stop));
        times.push_back(ms / 1e3);
    }
    TROPIC_CUDA_CHECK(cudaEventDestroy(start));
    TROPIC_CUDA_CHECK(cudaEventDestroy(stop));
    std::sort(times.begin(), times.end());
    return times[times.size() / 2];
}

template <typename T>
double time_dense(Shape shape, int n, int batch, int repeats) {
    const std::size_t padded = round_up(std::size_t(n), kDenseTile);
    const std::size_t cells = padded * padded;
    check_memory(3 * cells * batch * sizeof(T), "the benchmark");
    DeviceBuffer<T> storage(3 * cells * batch);
    random_fill_kernel<<<1024, 256>>>(storage.data(), storage.size(), 12345u,
                                      Tropical<T>::bound / 2);
    TROPIC_CUDA_CHECK_LAUNCH("random_fill_kernel");
    std::vector<DenseJob<T>> jobs(batch);
    for (int p = 0; p < batch; ++p) {
        T* base = storage.data() + 3 * cells * p;
        jobs[p] = DenseJob<T>{base,
                              base + cells,
                              base + 2 * cells,
                              int(padded / kDenseTile),
                              int(padded / kDenseTile),
                              int(padded / kDenseTile),
                              padded,
                              padded,
                              padded,
                              n,
                              n};
    }
    DeviceBuffer<DenseJob<T>> device_jobs;
    device_jobs.assign(jobs);
    using Tile = TropicalBlockTile<T, Semiring::MaxPlus, BLayout::RowMajor, kDenseTile>;
    dim3 grid(unsigned(padded / kDenseTile), unsigned(padded / kDenseTile), unsigned(batch));
    return median_kernel_seconds(repeats, [&] {
        if (shape == Shape::UpperTriangular)
            dense_kernel<T, Semiring::MaxPlus, true><<<grid, Tile::kThreads>>>(device_jobs.data());
        else
            dense_kernel<T, Semiring::MaxPlus, false><<<grid, Tile::kThreads>>>(device_jobs.data());
        TROPIC_CUDA_CHECK_LAUNCH("dense_kernel");
    });
}

template <typename T>
double time_band(int n, int width, int batch, int repeats) {
    const BandGeometry g = band_geometry(std::size_t(n), std::size_t(width));
    const std::size_t cells = g.packed_cells();
    check_memory(3 * cells * batch * sizeof(T), "the benchmark");
    DeviceBuffer<T> a(cells * batch), b(cells * batch), c(cells * batch);
    for (T* data : {a.data(), b.data(), c.data()}) {
        random_fill_kernel<<<1024, 256>>>(data, cells * batch, 777u, Tropical<T>::bound / 2);
        TROPIC_CUDA_CHECK_LAUNCH("random_fill_kernel");
    }
    const BandSlots slots(std::size_t(batch), false);
    const BandSums<T> job = slots.job<T>(a.data(), b.data(), c.data(), g);
    return median_kernel_seconds(
        repeats, [&] { launch_band_sums<T, Semiring::MaxPlus>(job, std::size_t(batch)); });
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

}  // namespace tropic::semiring::cuda
