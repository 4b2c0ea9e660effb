// The MFE traceback on the device: one warp per fold runs the shared rule of mfe_traceback.hpp,
// its candidate searches as warp-wide votes, so the tables never leave the GPU.
#include "rna/cuda/mfe_kernels.cuh"
#include "rna/mfe_traceback.hpp"

namespace tropic::rna::cuda {

namespace {

struct DeviceTracebackTables {
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

constexpr int kWarpsPerBlock = 4;

__global__ void __launch_bounds__(kWarpsPerBlock * 32)
    traceback_kernel(MfeDeviceArgs args, int folds, bool with_products, MfeInterval* stacks,
                     char* structures, int* failed) {
    const int f = blockIdx.x * kWarpsPerBlock + threadIdx.x / 32;
    if (f >= folds) return;
    const int lane = threadIdx.x % 32;
    const MfeDeviceFold fold = args.folds[f];
    const MfeModel m = fold_model(args, fold);
    const DeviceTracebackTables tables{fold_squares(args, fold, with_products), args.f5 + fold.f5};
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

void launch_mfe_traceback(const MfeDeviceArgs& args, int folds, bool with_products,
                          MfeInterval* stacks, char* structures, int* failed) {
    if (folds == 0) return;
    const int blocks = (folds + kWarpsPerBlock - 1) / kWarpsPerBlock;
    traceback_kernel<<<blocks, kWarpsPerBlock * 32>>>(args, folds, with_products, stacks,
                                                      structures, failed);
    TROPIC_CUDA_CHECK_LAUNCH("traceback_kernel");
}

}  // namespace tropic::rna::cuda
