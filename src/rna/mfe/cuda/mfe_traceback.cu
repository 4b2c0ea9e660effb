// The MFE traceback on the device: one warp per fold runs the shared rule of mfe_traceback.hpp,
// its candidate searches as warp-wide votes, so the tables never leave the GPU.
#include <type_traits>

#include "rna/mfe/cuda/mfe_kernels.cuh"
#include "rna/mfe/mfe_traceback.hpp"

namespace tropic::rna::detail::cuda {

namespace {

// Long mode's squares.
struct SquareTracebackTables {
    MfeSquares s;
    const int* f5_values;
    __device__ int c(int i, int j) const { return s.c[std::size_t(i) * s.ld + j]; }
    __device__ int cc(int i, int j) const { return s.cc_cell(i, j); }
    __device__ int fml(int i, int j) const { return s.fml[std::size_t(i) * s.ld + j]; }
    __device__ int fml_down(int i, int j) const {
        return i > 0 ? s.fml[std::size_t(j) * s.ld + i - 1] : fml(i, j);
    }
    __device__ int fm1(int i, int j) const {
        return i > 0 ? s.c[std::size_t(j) * s.ld + i - 1] : kInfEnergy;
    }
    __device__ int f5(int j) const { return f5_values[j]; }
};

// Batch mode's diagonal-major tables.
struct DiagonalTracebackTables {
    MfeDiagonalTables x;
    const int* f5_values;
    __device__ int c(int i, int j) const { return x.c[x.at(i, j)]; }
    __device__ int cc(int i, int j) const { return x.cc[x.at(i, j)]; }
    __device__ int fml(int i, int j) const { return x.fml[x.at(i, j)]; }
    __device__ int fml_down(int i, int j) const { return fml(i, j); }
    __device__ int fm1(int i, int j) const { return x.fm1[x.at(i, j)]; }
    __device__ int f5(int j) const { return f5_values[j]; }
};

constexpr int kWarpsPerBlock = 4;

template <bool kLongMode>
__global__ void __launch_bounds__(kWarpsPerBlock * 32)
    traceback_kernel(MfeDeviceArgs args, int folds, MfeInterval* stacks, char* structures,
                     int* failed) {
    const int f = blockIdx.x * kWarpsPerBlock + threadIdx.x / 32;
    if (f >= folds) return;
    const int lane = threadIdx.x % 32;
    const MfeDeviceFold fold = args.folds[f];
    const MfeModel m = fold_model(args, fold);
    using Tables = std::conditional_t<kLongMode, SquareTracebackTables, DiagonalTracebackTables>;
    Tables tables;
    if constexpr (kLongMode)
        tables = {fold_squares(args, fold), args.f5 + fold.f5};
    else
        tables = {fold_diagonal_tables(args, fold), args.f5 + fold.f5};
    auto first = [lane](int begin, int end, const auto& pred) {
        for (int base = begin; base < end; base += 32) {
            const int k = base + lane;
            const unsigned hits = __ballot_sync(0xffffffffu, k < end && pred(k));
            if (hits != 0) return base + __ffs(static_cast<int>(hits)) - 1;
        }
        return end;
    };
    // Every lane takes the same path and writes the same values.
    if (!trace_mfe(m, tables, first, structures + fold.bases, stacks + fold.stack) && lane == 0)
        failed[f] = 1;
}

}  // namespace

void launch_mfe_traceback(const MfeDeviceArgs& args, int folds, bool long_mode, MfeInterval* stacks,
                          char* structures, int* failed) {
    if (folds == 0) return;
    const int blocks = (folds + kWarpsPerBlock - 1) / kWarpsPerBlock;
    if (long_mode)
        traceback_kernel<true>
            <<<blocks, kWarpsPerBlock * 32>>>(args, folds, stacks, structures, failed);
    else
        traceback_kernel<false>
            <<<blocks, kWarpsPerBlock * 32>>>(args, folds, stacks, structures, failed);
    TROPIC_CUDA_CHECK_LAUNCH("traceback_kernel");
}

}  // namespace tropic::rna::detail::cuda
