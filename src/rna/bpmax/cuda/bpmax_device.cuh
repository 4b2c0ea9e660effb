#pragma once
// What the BPMax kernels share: the problem on the device (strands, weights, the S tables in row
// form) with accessors in the layout of bpmax_tables.hpp, and the device traceback.
#include <cstddef>
#include <cstdint>
#include <vector>

#include "rna/bpmax/bpmax_tables.hpp"

namespace tropic::rna::detail::cuda {

template <typename Score>
struct DeviceProblem {
    const std::uint8_t* s1;
    const std::uint8_t* r;
    const Score* pair_weight;  // kBaseCount x kBaseCount
    const Score* strand1;      // S1 rows form, width1 wide
    const Score* strand2;      // S2 rows form, width2s wide
    int n1, n2;
    int width1, width2s;
    int width;  // of the F tables (window2 + 1)
    std::size_t table_cells;

    __device__ std::int32_t w(std::uint8_t a, std::uint8_t b) const {
        return pair_weight[a * kBaseCount + b];
    }
    // S1(i, j), closed.
    __device__ std::int32_t s1_closed(int i, int j) const {
        return strand1[std::size_t(i) * width1 + (j + 1 - i)];
    }
    // S2 over the half-open [i, e).
    __device__ std::int32_t s2_half_open(int i, int e) const {
        return strand2[std::size_t(i) * width2s + (e - i)];
    }
    __device__ std::size_t first_table(int d1) const {
        return std::size_t(d1) * n1 - std::size_t(d1) * (d1 - 1) / 2;
    }
    __device__ Score* table(Score* f, int i1, int j1) const {
        return f + (first_table(j1 - i1) + i1) * table_cells;
    }
    __device__ const Score* table(const Score* f, int i1, int j1) const {
        return f + (first_table(j1 - i1) + i1) * table_cells;
    }
    // S2(i, j) on r, closed.
    __device__ std::int32_t s2_closed(int i, int j) const { return s2_half_open(i, j + 1); }
    // F(i1, j1, i2, j2), closed, inside the windows.
    __device__ std::int32_t f_closed(const Score* f, int i1, int j1, int i2, int j2) const {
        return table(f, i1, j1)[std::size_t(i2) * width + (j2 + 1 - i2)];
    }
};

// The pairs of an optimal structure of `box` (r coordinates), traced on the device from the
// filled tables `f` with the CPU traceback's rule (bpmax_traceback.cpp): the terms of each piece
// are tried in the same order and the first that matches is followed, so both give the same
// pairs. One block; each piece's candidate terms are checked in parallel.
template <typename Score>
std::vector<BpmaxPair> trace_on_device(const DeviceProblem<Score>& problem, const Score* f,
                                       const SiteBox& box);

}  // namespace tropic::rna::detail::cuda
