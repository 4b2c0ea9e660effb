// CUDA backend of the plus-times products (plus_times_cuda.hpp).
//
// Floats multiply through cuBLAS (SGEMM, DGEMM; default math mode, so no TF32). cuBLAS has no
// integer GEMM for int32 or int64 results, and the engine's tropical block tile
// (semiring/device/tropical_block_tile.cuh) is built around 32-bit DPX words and the sentinels'
// write-back, so integers run on a plain 64 x 64 tiled kernel of their own (below): unsigned
// arithmetic, wrapping as the semiring defines. Strassen-Winograd (strassen_winograd.hpp) runs
// its recursion on the host and every sum and product on the device, in order on the per-thread
// default stream, with the operands and its workspace resident there.
#include <cublas_v2.h>

#include <algorithm>
#include <cstdint>
#include <initializer_list>
#include <string>

#include "core/cuda/cuda_check.cuh"
#include "core/cuda/device_buffer.cuh"
#include "core/cuda/device_memory.cuh"
#include "core/internal/memory_fit.hpp"
#include "semiring/plus_times/cuda/plus_times_cuda.hpp"
#include "semiring/plus_times/strassen_winograd.hpp"
#include "tropic/core/error.hpp"

namespace tropic::semiring::cuda {

namespace {

using tropic::detail::cuda::DeviceBuffer;

void check_cublas(cublasStatus_t status, const char* call) {
    if (status != CUBLAS_STATUS_SUCCESS)
        throw ResourceError(std::string("cuBLAS: ") + call +
                            " failed: " + cublasGetStatusString(status));
}

// ---- The integer product: C (+)= A B on 64 x 64 tiles, 16 k per step through shared memory;
// thread (ty, tx) of 16 x 16 holds rows ty + 16 i and columns tx + 16 j, i, j < 4.
constexpr int kIntTile = 64;
constexpr int kIntDepth = 16;
constexpr int kIntThreads = 256;

template <typename A>
__global__ void __launch_bounds__(kIntThreads)
    integer_product_kernel(const A* a, std::size_t lda, const A* b, std::size_t ldb, A* c,
                           std::size_t ldc, int m, int n, int k, bool accumulate) {
    __shared__ A as[kIntDepth][kIntTile + 1];
    __shared__ A bs[kIntDepth][kIntTile];
    const int tx = threadIdx.x % 16, ty = threadIdx.x / 16;
    const int row0 = blockIdx.y * kIntTile, col0 = blockIdx.x * kIntTile;
    A acc[4][4] = {};
    for (int k0 = 0; k0 < k; k0 += kIntDepth) {
        for (int e = threadIdx.x; e < kIntTile * kIntDepth; e += kIntThreads) {
            const int r = e / kIntDepth, kk = e % kIntDepth;
            const int row = row0 + r, col = k0 + kk;
            as[kk][r] = row < m && col < k ? a[std::size_t(row) * lda + col] : A(0);
        }
        for (int e = threadIdx.x; e < kIntTile * kIntDepth; e += kIntThreads) {
            const int kk = e / kIntTile, cc = e % kIntTile;
            const int row = k0 + kk, col = col0 + cc;
            bs[kk][cc] = row < k && col < n ? b[std::size_t(row) * ldb + col] : A(0);
        }
        __syncthreads();
#pragma unroll
        for (int kk = 0; kk < kIntDepth; ++kk) {
            A av[4], bv[4];
#pragma unroll
            for (int i = 0; i < 4; ++i) av[i] = as[kk][ty + 16 * i];
#pragma unroll
            for (int j = 0; j < 4; ++j) bv[j] = bs[kk][tx + 16 * j];
#pragma unroll
            for (int i = 0; i < 4; ++i)
#pragma unroll
                for (int j = 0; j < 4; ++j) acc[i][j] += av[i] * bv[j];
        }
        __syncthreads();
    }
#pragma unroll
    for (int i = 0; i < 4; ++i)
#pragma unroll
        for (int j = 0; j < 4; ++j) {
            const int row = row0 + ty + 16 * i, col = col0 + tx + 16 * j;
            if (row >= m || col >= n) continue;
            A* cell = c + std::size_t(row) * ldc + col;
            *cell = accumulate ? *cell + acc[i][j] : acc[i][j];
        }
}

// ---- Element-wise sums: out = (out if accumulate) + the terms, in order.
template <typename A>
struct SumJob {
    A* out;
    std::size_t out_ld;
    const A* in[4];
    std::size_t in_ld[4];
    bool minus[4];
    int count;
    std::size_t rows, cols;
    bool accumulate;
};

template <typename A>
__global__ void sum_kernel(SumJob<A> job) {
    for (std::size_t i = blockIdx.y; i < job.rows; i += gridDim.y)
        for (std::size_t j = std::size_t(blockIdx.x) * blockDim.x + threadIdx.x; j < job.cols;
             j += std::size_t(gridDim.x) * blockDim.x) {
            A v = job.accumulate ? job.out[i * job.out_ld + j] : A(0);
#pragma unroll
            for (int t = 0; t < 4; ++t) {
                if (t >= job.count) break;
                const A x = job.in[t][i * job.in_ld[t] + j];
                v = job.minus[t] ? v - x : v + x;
            }
            job.out[i * job.out_ld + j] = v;
        }
}

template <typename A>
void gemm(cublasHandle_t handle, Matrix<const A> a, Matrix<const A> b, Matrix<A> c,
          bool accumulate) {
    const std::size_t m = c.rows, n = c.cols, k = a.cols;
    if (m == 0 || n == 0) return;
    if (k == 0) {
        if (!accumulate)
            TROPIC_CUDA_CHECK(cudaMemset2DAsync(c.data, c.ld * sizeof(A), 0, n * sizeof(A), m,
                                                cudaStreamPerThread));
        return;
    }
    if constexpr (std::is_floating_point_v<A>) {
        // Row-major C = A B is column-major C^T = B^T A^T.
        const A one = 1, beta = accumulate ? 1 : 0;
        if constexpr (std::is_same_v<A, float>)
            check_cublas(
                cublasSgemm(handle, CUBLAS_OP_N, CUBLAS_OP_N, int(n), int(m), int(k), &one, b.data,
                            int(b.ld), a.data, int(a.ld), &beta, c.data, int(c.ld)),
                "cublasSgemm");
        else
            check_cublas(
                cublasDgemm(handle, CUBLAS_OP_N, CUBLAS_OP_N, int(n), int(m), int(k), &one, b.data,
                            int(b.ld), a.data, int(a.ld), &beta, c.data, int(c.ld)),
                "cublasDgemm");
    } else {
        const dim3 grid(unsigned((n + kIntTile - 1) / kIntTile),
                        unsigned((m + kIntTile - 1) / kIntTile));
        integer_product_kernel<A><<<grid, kIntThreads, 0, cudaStreamPerThread>>>(
            a.data, a.ld, b.data, b.ld, c.data, c.ld, int(m), int(n), int(k), accumulate);
        TROPIC_CUDA_CHECK_LAUNCH("integer_product_kernel");
    }
}

template <typename A>
struct DeviceOps {
    cublasHandle_t handle;

    void product(Matrix<const A> a, Matrix<const A> b, Matrix<A> c, bool accumulate) {
        gemm<A>(handle, a, b, c, accumulate);
    }
    void sum(Matrix<A> out, bool accumulate, std::initializer_list<detail::Term<A>> terms) {
        if (out.rows == 0 || out.cols == 0) return;
        SumJob<A> job{};
        job.out = out.data;
        job.out_ld = out.ld;
        job.rows = out.rows;
        job.cols = out.cols;
        job.accumulate = accumulate;
        for (const auto& term : terms) {
            job.in[job.count] = term.m.data;
            job.in_ld[job.count] = term.m.ld;
            job.minus[job.count] = term.minus;
            ++job.count;
        }
        const dim3 grid(unsigned(std::min<std::size_t>((out.cols + 255) / 256, 64)),
                        unsigned(std::min<std::size_t>(out.rows, 65535)));
        sum_kernel<A><<<grid, 256, 0, cudaStreamPerThread>>>(job);
        TROPIC_CUDA_CHECK_LAUNCH("sum_kernel");
    }
};

template <typename T>
void copy_in(T* device, std::size_t device_ld, Matrix<const T> host) {
    if (host.rows == 0 || host.cols == 0) return;
    TROPIC_CUDA_CHECK(cudaMemcpy2D(device, device_ld * sizeof(T), host.data, host.ld * sizeof(T),
                                   host.cols * sizeof(T), host.rows, cudaMemcpyHostToDevice));
}

}  // namespace

PlusTimesDevice::PlusTimesDevice() {
    cublasHandle_t handle = nullptr;
    check_cublas(cublasCreate(&handle), "cublasCreate");
    handle_ = handle;
    check_cublas(cublasSetStream(handle, cudaStreamPerThread), "cublasSetStream");
    check_cublas(cublasSetMathMode(handle, CUBLAS_DEFAULT_MATH), "cublasSetMathMode");
}

PlusTimesDevice::~PlusTimesDevice() {
    cublasDestroy(static_cast<cublasHandle_t>(handle_));
}

template <typename T>
void PlusTimesDevice::multiply(Matrix<const T> a, Matrix<const T> b, Matrix<T> c, bool accumulate,
                               const detail::PlusTimesPlan& plan, T* workspace) {
    using A = detail::Arithmetic<T>;
    DeviceOps<A> ops{static_cast<cublasHandle_t>(handle_)};
    const auto av = detail::arithmetic_view<T>(a), bv = detail::arithmetic_view<T>(b);
    const auto cv = detail::arithmetic_view<T>(c);
    if (plan.strassen)
        detail::strassen_winograd<A>(ops, av, bv, cv, accumulate, plan.threshold,
                                     reinterpret_cast<A*>(workspace));
    else
        ops.product(av, bv, cv, accumulate);
}

template <typename T>
void multiply_accumulate_plus_times(Matrix<const T> a, Matrix<const T> b, Matrix<T> c,
                                    const detail::PlusTimesPlan& plan, int device) {
    TROPIC_CUDA_CHECK(cudaSetDevice(device));
    const std::size_t m = a.rows, k = a.cols, n = b.cols;
    const std::size_t workspace =
        plan.strassen ? detail::strassen_workspace(m, k, n, plan.threshold) : 0;
    const std::size_t total = m * k + k * n + m * n + workspace;
    const MemoryBudget budget = tropic::detail::cuda::device_budget(device);
    if (total * sizeof(T) > budget.bytes)
        throw ResourceError(does_not_fit_message("this plus-times product", total * sizeof(T),
                                                 budget,
                                                 "use smaller matrices or the cpu backend"));
    DeviceBuffer<T> storage(std::max<std::size_t>(total, 1));
    Matrix<T> da{storage.data(), m, k, k}, db{da.data + m * k, k, n, n};
    Matrix<T> dc{db.data + k * n, m, n, n};
    copy_in<T>(da.data, da.ld, a);
    copy_in<T>(db.data, db.ld, b);
    copy_in<T>(dc.data, dc.ld, c);
    PlusTimesDevice engine;
    engine.multiply<T>(da, db, dc, true, plan, dc.data + m * n);
    TROPIC_CUDA_CHECK(cudaMemcpy2D(c.data, c.ld * sizeof(T), dc.data, dc.ld * sizeof(T),
                                   n * sizeof(T), m, cudaMemcpyDeviceToHost));
}

TROPIC_PLUS_TIMES_CUDA_INSTANTIATE(std::int32_t)
TROPIC_PLUS_TIMES_CUDA_INSTANTIATE(std::int64_t)
TROPIC_PLUS_TIMES_CUDA_INSTANTIATE(float)
TROPIC_PLUS_TIMES_CUDA_INSTANTIATE(double)

}  // namespace tropic::semiring::cuda
