#pragma once
// Device-side view of partition-function folds (ensemble_fill.cu): each fold's model and tables,
// with device pointers, as ensemble_cells.hpp's cells read them, and the warp policy of those
// cells' sums.
#include <cstddef>

#include "rna/ensemble/ensemble_cells.hpp"

namespace tropic::rna::detail::cuda {

struct EnsembleDeviceFold {
    EnsembleModel model;    // points at device copies of the factors, the sequence and the setup
    EnsembleTables tables;  // the fold's seven n x n squares on the device
    double* z5 = nullptr;   // n + 1 (tables.z5 reads them)
    double* z3 = nullptr;   // n + 1
    double* scratch = nullptr;  // n: Z5's partial sums
    double* packed = nullptr;   // the probabilities P(i,j), j >= i + 4, row by row (see below)
    // Interleaved groups only (tables.step > 1): the model's generic_cost, element [n2][n1] at
    // (n2 * (kMaxLoop + 1) + n1) * tables.step, interleaved like the tables.
    const double* costs = nullptr;
    // The listed return only (ensemble_listed.cuh): the pairing tendency, then the centroid, n
    // chars each.
    char* text = nullptr;
};

// Where P(i,j) lies in EnsembleDeviceFold::packed: row i holds columns i+4 .. n-1.
__host__ __device__ inline std::size_t ensemble_packed_at(int n, int i, int j) {
    const std::size_t row = std::size_t(i) * std::size_t(n - kEnsembleMinHairpin - 1) -
                            std::size_t(i) * std::size_t(i - 1) / 2;
    return row + std::size_t(j - i - kEnsembleMinHairpin - 1);
}

__host__ __device__ inline std::size_t ensemble_packed_size(int n) {
    return n > kEnsembleMinHairpin + 1 ? ensemble_packed_at(n, n - kEnsembleMinHairpin - 1, n) : 0;
}

// One cell, one warp: lane l takes the loop indices l, l + 32, ... of every sum, the lanes' shares
// meet through a butterfly of shuffles (every lane ends with the same bits, so the branches on
// sums stay uniform), lane 0 adds the single terms. The dot products read 32 consecutive
// elements of both rows per step.
struct EnsembleWarpSum {
    int first = 0;  // the lane
    static constexpr int stride = 32;
    // Plain tables only (step 1).
    __device__ static constexpr std::size_t step() { return 1; }
    __device__ static constexpr std::size_t cost_step() { return 1; }
    __device__ static const double* cost(const EnsembleModel& m, int n2) {
        return m.generic_cost[n2];
    }
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

}  // namespace tropic::rna::detail::cuda

namespace tropic::rna::detail::cuda {

// One cell of one record of an interleaved group, one thread: the warp's threads take the same
// cell of consecutive records, so every table read is one coalesced 256-byte line, where a
// thread per cell of a plain layout reads addresses n + 1 doubles apart. Sums run serially, as
// EnsembleSerialSum's, over the interleaved steps.
struct EnsembleInterleavedSum {
    std::size_t records = 1;        // the group's EnsembleTables::step
    const double* costs = nullptr;  // EnsembleDeviceFold::costs
    static constexpr int first = 0;
    static constexpr int stride = 1;
    __device__ std::size_t step() const { return records; }
    __device__ std::size_t cost_step() const { return records; }
    __device__ const double* cost(const EnsembleModel&, int n2) const {
        return costs + std::size_t(n2) * (kMaxLoop + 1) * records;
    }
    __device__ static constexpr bool leader() { return true; }
    __device__ double part(const double* a, const double* b, int count) const {
        return ensemble_dot(a, b, count, records, records);
    }
    __device__ static double total(double share) { return share; }
    __device__ static void sync() {}
};

}  // namespace tropic::rna::detail::cuda
