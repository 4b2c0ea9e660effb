// Timing of bench_plus_times_gpu (plus_times_timing.hpp): the products of PlusTimesDevice
// (src/semiring/plus_times/cuda/) on device-resident random operands, with CUDA events.
#include <algorithm>
#include <cstdint>
#include <cstring>
#include <type_traits>
#include <vector>

#include "core/cuda/cuda_check.cuh"
#include "core/cuda/device_buffer.cuh"
#include "core/cuda/device_memory.cuh"
#include "core/internal/memory_fit.hpp"
#include "median_event_time.cuh"
#include "plus_times_timing.hpp"
#include "semiring/plus_times/cuda/plus_times_cuda.hpp"
#include "semiring/plus_times/strassen_winograd.hpp"

namespace tropic::bench {

namespace {

using semiring::Matrix;
using semiring::detail::PlusTimesPlan;
using tropic::detail::cuda::DeviceBuffer;

constexpr int kRepeats = 3;

__device__ std::uint64_t mix(std::uint64_t x) {
    x += 0x9e3779b97f4a7c15ull;
    x = (x ^ (x >> 30)) * 0xbf58476d1ce4e5b9ull;
    x = (x ^ (x >> 27)) * 0x94d049bb133111ebull;
    return x ^ (x >> 31);
}

template <typename T>
__global__ void random_fill_kernel(T* data, std::size_t count, std::uint64_t seed) {
    for (std::size_t i = blockIdx.x * std::size_t(blockDim.x) + threadIdx.x; i < count;
         i += std::size_t(gridDim.x) * blockDim.x) {
        const std::uint64_t h = mix(i ^ (seed << 40));
        if constexpr (std::is_integral_v<T>)
            data[i] = T(std::uint32_t(h));
        else
            data[i] = T(double(h >> 11) * 0x1.0p-52 - 1.0);  // [-1, 1)
    }
}

template <typename From>
__global__ void widen_kernel(const From* in, double* out, std::size_t count) {
    for (std::size_t i = blockIdx.x * std::size_t(blockDim.x) + threadIdx.x; i < count;
         i += std::size_t(gridDim.x) * blockDim.x)
        out[i] = double(in[i]);
}

// bits[0] = max |x - ref|, bits[1] = max |ref| (non-negative doubles order as their bits);
// bits[2] = cells where x != ref.
template <typename T, typename R>
__global__ void compare_kernel(const T* x, const R* ref, std::size_t count,
                               unsigned long long* bits) {
    double worst = 0, largest = 0;
    unsigned long long differ = 0;
    for (std::size_t i = blockIdx.x * std::size_t(blockDim.x) + threadIdx.x; i < count;
         i += std::size_t(gridDim.x) * blockDim.x) {
        worst = fmax(worst, fabs(double(x[i]) - double(ref[i])));
        largest = fmax(largest, fabs(double(ref[i])));
        differ += x[i] != ref[i];
    }
    atomicMax(&bits[0], static_cast<unsigned long long>(__double_as_longlong(worst)));
    atomicMax(&bits[1], static_cast<unsigned long long>(__double_as_longlong(largest)));
    atomicAdd(&bits[2], differ);
}

struct Comparison {
    double relative = 0;  // max |x - ref| / max |ref|
    std::uint64_t differ = 0;
};

template <typename T, typename R>
Comparison compare(const T* x, const R* ref, std::size_t count) {
    DeviceBuffer<unsigned long long> bits(3);
    TROPIC_CUDA_CHECK(cudaMemset(bits.data(), 0, 3 * sizeof(unsigned long long)));
    compare_kernel<<<1024, 256, 0, cudaStreamPerThread>>>(x, ref, count, bits.data());
    TROPIC_CUDA_CHECK_LAUNCH("compare_kernel");
    unsigned long long host[3];
    TROPIC_CUDA_CHECK(cudaMemcpy(host, bits.data(), sizeof host, cudaMemcpyDeviceToHost));
    double worst, largest;
    std::memcpy(&worst, &host[0], sizeof worst);
    std::memcpy(&largest, &host[1], sizeof largest);
    return {largest > 0 ? worst / largest : worst, host[2]};
}

template <typename T>
PlusTimesTiming run(std::size_t n, std::size_t threshold, bool classical, bool reference_error) {
    PlusTimesTiming t;
    const std::size_t cells = n * n;
    const std::size_t workspace = semiring::detail::strassen_workspace(n, n, n, threshold);
    t.levels = semiring::detail::strassen_depth(n, n, n, threshold);
    const bool widen = reference_error && std::is_same_v<T, float>;
    const std::uint64_t bytes =
        (4 * cells + workspace) * sizeof(T) + (widen ? 3 * cells * sizeof(double) : 0);
    const MemoryBudget budget = tropic::detail::cuda::device_budget(0);
    if (bytes > budget.bytes) {
        t.fits = false;
        t.note = does_not_fit_message("this benchmark", bytes, budget);
        return t;
    }
    DeviceBuffer<T> a(cells), b(cells), c_classical(cells), c_strassen(cells),
        work(std::max<std::size_t>(workspace, 1));
    random_fill_kernel<<<1024, 256, 0, cudaStreamPerThread>>>(a.data(), cells, 1);
    random_fill_kernel<<<1024, 256, 0, cudaStreamPerThread>>>(b.data(), cells, 2);
    TROPIC_CUDA_CHECK_LAUNCH("random_fill_kernel");
    semiring::cuda::PlusTimesDevice engine;
    const Matrix<const T> av{a.data(), n, n, n}, bv{b.data(), n, n, n};
    auto product = [&](T* c, const PlusTimesPlan& plan) {
        engine.multiply<T>(av, bv, Matrix<T>{c, n, n, n}, false, plan, work.data());
    };
    const PlusTimesPlan plain{false, 0}, fast{true, threshold};
    if (classical)
        t.classical_seconds =
            median_event_seconds(kRepeats, [&] { product(c_classical.data(), plain); });
    else
        product(c_classical.data(), plain);
    t.strassen_seconds = median_event_seconds(kRepeats, [&] { product(c_strassen.data(), fast); });
    const Comparison between = compare(c_strassen.data(), c_classical.data(), cells);
    t.strassen_vs_classical = std::is_integral_v<T> ? double(between.differ) : between.relative;
    if (widen) {
        DeviceBuffer<double> wide(3 * cells);
        double* wa = wide.data();
        double* wb = wa + cells;
        double* reference = wb + cells;
        widen_kernel<<<1024, 256, 0, cudaStreamPerThread>>>(a.data(), wa, cells);
        widen_kernel<<<1024, 256, 0, cudaStreamPerThread>>>(b.data(), wb, cells);
        TROPIC_CUDA_CHECK_LAUNCH("widen_kernel");
        engine.multiply<double>(Matrix<const double>{wa, n, n, n},
                                Matrix<const double>{wb, n, n, n},
                                Matrix<double>{reference, n, n, n}, false, plain, nullptr);
        t.classical_error = compare(c_classical.data(), reference, cells).relative;
        t.strassen_error = compare(c_strassen.data(), reference, cells).relative;
    }
    return t;
}

}  // namespace

PlusTimesTiming time_plus_times(PlusTimesType type, std::size_t n, std::size_t threshold,
                                bool classical, bool reference_error) {
    TROPIC_CUDA_CHECK(cudaSetDevice(0));
    switch (type) {
        case PlusTimesType::Float:
            return run<float>(n, threshold, classical, reference_error);
        case PlusTimesType::Double:
            return run<double>(n, threshold, classical, reference_error);
        case PlusTimesType::Int32:
            break;
    }
    return run<std::int32_t>(n, threshold, classical, reference_error);
}

}  // namespace tropic::bench
