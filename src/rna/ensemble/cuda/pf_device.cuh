#pragma once
// Device-side view of partition-function folds (pf_fill.cu): each fold's model and tables, with
// device pointers, as pf_cells.hpp's cells read them, and the warp policy of those cells' sums.
#include <cstddef>

#include "rna/ensemble/pf_cells.hpp"

namespace tropic::rna::cuda {

struct PfDeviceFold {
    PfModel model;         // points at device copies of the factors, the sequence and the setup
    PfTables tables;       // the fold's seven n x n squares on the device
    double* z5 = nullptr;  // n + 1 (tables.z5 reads them)
    double* z3 = nullptr;  // n + 1
    double* scratch = nullptr;  // n: Z5's partial sums
    double* packed = nullptr;   // the probabilities P(i,j), j >= i + 4, row by row (see below)
};

// Where P(i,j) lies in PfDeviceFold::packed: row i holds columns i+4 .. n-1.
__host__ __device__ inline std::size_t pf_packed_at(int n, int i, int j) {
    const std::size_t row = std::size_t(i) * std::size_t(n - kPfMinHairpin - 1) -
                            std::size_t(i) * std::size_t(i - 1) / 2;
    return row + std::size_t(j - i - kPfMinHairpin - 1);
}

__host__ __device__ inline std::size_t pf_packed_size(int n) {
    return n > kPfMinHairpin + 1 ? pf_packed_at(n, n - kPfMinHairpin - 1, n) : 0;
}

// One cell, one warp: lane l takes the loop indices l, l + 32, ... of every sum, the lanes' shares
// meet through a butterfly of shuffles (every lane ends with the same bits, so the branches on
// sums stay uniform), lane 0 adds the single terms. The dot products read 32 consecutive
// elements of both rows per step.
struct PfWarpSum {
    int first = 0;  // the lane
    static constexpr int stride = 32;
    __device__ bool leader() const { return first == 0; }
    __device__ double part(const double* a, const double* b, int count) const {
        double s0 = 0, s1 = 0;
        int k = first;
        for (; k + 32 < count; k += 64) {
            s0 += a[k] * b[k];
            s1 += a[k + 32] * b[k + 32];
        }
        if (k < count) s0 += a[k] * b[k];
        return s0 + s1;
    }
    __device__ double total(double share) const {
        for (int offset = 16; offset > 0; offset /= 2)
            share += __shfl_xor_sync(0xffffffffu, share, offset);
        return share;
    }
    __device__ void sync() const { __syncwarp(); }
};

}  // namespace tropic::rna::cuda
