#pragma once
// The GPU benchmark's timing of the plus-times products (bench_plus_times_gpu.cu): cuBLAS (or,
// for int32, the engine's integer kernel) against tropic's Strassen-Winograd on device-resident
// random n x n operands, each timed with CUDA events as the median of 3 runs after a warm-up,
// and the results compared. CUDA builds only.
#include <cstddef>
#include <string>

namespace tropic::bench {

enum class PlusTimesType { Float, Double, Int32 };

struct PlusTimesTiming {
    bool fits = true;  // false: the device cannot hold the operands and workspace (see note)
    std::string note;
    int levels = 0;                // Strassen-Winograd levels above the classical products
    double classical_seconds = 0;  // cuBLAS SGEMM/DGEMM; int32: the engine's tiled kernel
    double strassen_seconds = 0;   // Strassen-Winograd over the same classical products
    // max |C_strassen - C_classical| / max |C_classical| (int32: cells that differ).
    double strassen_vs_classical = 0;
    // Float only, where asked: max |C - C_ref| / max |C_ref| of each against DGEMM on the same
    // (float) inputs; -1 where not measured.
    double classical_error = -1, strassen_error = -1;
};

// C = A B with A, B uniform in [-1, 1] (int32: every bit pattern, so that products wrap).
// `classical` false: the classical product runs once, untimed, for the comparison only.
PlusTimesTiming time_plus_times(PlusTimesType type, std::size_t n, std::size_t threshold,
                                bool classical, bool reference_error);

}  // namespace tropic::bench
