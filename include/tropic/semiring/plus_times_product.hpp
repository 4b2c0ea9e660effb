#pragma once
// Dense plus-times products C += A x B over PlusTimes<T> (plus_times.hpp) for T = int32, int64,
// float and double, on the CPU or a CUDA device, with the classical algorithm or Winograd's
// variant of Strassen's (seven half-size products per level instead of eight).
//
// Views are row-major host matrices as the tropical engine's (product.hpp: Matrix<T>); RunOptions
// chooses the backend (auto: a device from 1e9 multiply-adds on when the operands and the
// workspace fit it), the device and the CPU threads. The CPU path runs a blocked multi-threaded
// kernel; the device path uploads A, B and C once, runs every product there (cuBLAS SGEMM/DGEMM
// for floats; a tiled kernel of the engine for integers, which cuBLAS does not multiply) and
// downloads C once.
//
// Strassen-Winograd recurses while the three dimensions all exceed the threshold; a level
// splits the even part of each dimension in halves and peels an odd last row, column or k off as
// a thin classical product. It needs a workspace of about (m k + k n + m n) / 4 elements per
// level, (m k + k n + m n) / 3 in all (host memory on the CPU, device memory on the GPU), checked
// before it is allocated.
//
// Accuracy: integers are exact (the same bits from every algorithm and backend, wrapping modulo
// 2^32 or 2^64 as two's complement). Floats: the classical product's error is at most about
// k u max|A| max|B| per cell (u: the unit roundoff, 2^-24 for float, 2^-53 for double);
// Strassen-Winograd's bound grows by about a factor of 18 per level (Higham, "Accuracy and
// Stability of Numerical Algorithms", ch. 23), and in practice by 2 to 5 per level, so floats use
// it only when allow_float_strassen says so.
#include <cstddef>

#include "tropic/core/run_options.hpp"
#include "tropic/semiring/plus_times.hpp"
#include "tropic/semiring/product.hpp"

namespace tropic::semiring {

enum class ProductAlgorithm {
    Auto,              // Strassen-Winograd where it may run and the sizes pass the threshold
    Classical,         // m n k multiply-adds
    StrassenWinograd,  // Winograd's seven products per level, down to the threshold
};

// How a plus-times product runs (RunOptions says where).
struct PlusTimesOptions {
    ProductAlgorithm algorithm = ProductAlgorithm::Auto;
    // Strassen-Winograd recurses while m, k and n all exceed it; 0: the backend's measured
    // default (kCpuStrassenThreshold, kGpuStrassenThreshold).
    std::size_t threshold = 0;
    // Floats round differently under Strassen-Winograd (the bound above): they use it only when
    // this is set (Auto then picks it above the threshold, and StrassenWinograd is allowed).
    // Integers are exact either way and ignore it.
    bool allow_float_strassen = false;
};

// Default thresholds. The GPU's is measured (bench_plus_times_gpu on an H200, n = 16,384: 2,048
// gave 1.07-1.08x cuBLAS, 4,096 1.10-1.13x, 8,192 1.04-1.10x; 1,024 lost, 0.74-0.84x). The CPU's
// is provisional: bench_plus_times_cpu on 2 shared cores found every threshold from 128 to 1,024
// faster than the classical kernel at n = 2,048, within their noise of each other.
inline constexpr std::size_t kCpuStrassenThreshold = 512;
inline constexpr std::size_t kGpuStrassenThreshold = 4096;

// C += A x B: A is m x k, B k x n, C m x n. Throws InputError on mismatched shapes, on
// StrassenWinograd for floats without allow_float_strassen; ResourceError when the workspace
// (or, on a device, the operands and the workspace) does not fit, saying what size would.
template <typename T>
void multiply_accumulate_plus_times(Matrix<const T> a, Matrix<const T> b, Matrix<T> c,
                                    const PlusTimesOptions& product = {},
                                    const RunOptions& options = {});

}  // namespace tropic::semiring
