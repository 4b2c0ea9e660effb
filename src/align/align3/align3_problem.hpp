#pragma once
// One triple as the fills see it, and the geometry of the plane sweep: cell (i,j,k) lies on plane
// q = i + j + k, and every predecessor of a cell lies on one of the three planes before it
// (q - 1, q - 2 or q - 3, one per residue of the column). A plane is kept as an (m+1) x (n+1)
// array over (i,j) (k = q - i - j), so that the predecessor through mask t on plane
// q - |t| sits at (i - t_A, j - t_B) of that plane's array. Shared by the CPU and CUDA fills.
#include <cstdint>

#include "align/align3/align3_cell.hpp"
#include "tropic/core/host_device.hpp"

namespace tropic::align::detail {

struct Align3Shape {
    std::int64_t m = 0, n = 0, p = 0;
    TROPIC_HOST_DEVICE constexpr std::int64_t cells_per_plane() const { return (m + 1) * (n + 1); }
    // Planes 0 (the origin) to m + n + p.
    TROPIC_HOST_DEVICE constexpr std::int64_t last_plane() const { return m + n + p; }
    TROPIC_HOST_DEVICE constexpr std::int64_t first_row(std::int64_t q) const {
        return q - n - p > 0 ? q - n - p : 0;
    }
    TROPIC_HOST_DEVICE constexpr std::int64_t last_row(std::int64_t q) const {
        return q < m ? q : m;
    }
    TROPIC_HOST_DEVICE constexpr std::int64_t first_column(std::int64_t q, std::int64_t i) const {
        return q - i - p > 0 ? q - i - p : 0;
    }
    TROPIC_HOST_DEVICE constexpr std::int64_t last_column(std::int64_t q, std::int64_t i) const {
        return q - i < n ? q - i : n;
    }
    TROPIC_HOST_DEVICE constexpr std::int64_t index(std::int64_t i, std::int64_t j) const {
        return i * (n + 1) + j;
    }
};

// The substitution scores of the three pairs, in tables laid out so that the cells of one plane
// row (i and q fixed, j rising, k falling) read each table contiguously:
//   ab[(i-1) n + (j-1)] = s(a_i, b_j)
//   ac[(i-1) p + (k-1)] = s(a_i, c_k)
//   bc[(j+k) (n+1) + j] = s(b_j, c_k)   (by anti-diagonal d = j + k, then j)
// and the gap costs. Pointers are host or device memory as the fill needs.
struct Align3Problem {
    Align3Shape shape;
    const std::int32_t* ab = nullptr;
    const std::int32_t* ac = nullptr;
    const std::int32_t* bc = nullptr;
    std::int32_t open = 0, extend = 0;  // open == 0: the linear model, gap = extend
    TROPIC_HOST_DEVICE constexpr bool linear() const { return open == 0; }
    TROPIC_HOST_DEVICE constexpr int states() const { return open == 0 ? 1 : kAffineStates; }
};

// Entries of the three tables.
TROPIC_HOST_DEVICE constexpr std::int64_t ab_entries(const Align3Shape& s) {
    return s.m * s.n;
}
TROPIC_HOST_DEVICE constexpr std::int64_t ac_entries(const Align3Shape& s) {
    return s.m * s.p;
}
TROPIC_HOST_DEVICE constexpr std::int64_t bc_entries(const Align3Shape& s) {
    return (s.n + s.p + 1) * (s.n + 1);
}

// A cell's pair scores (0 for a pair whose residue is missing: no column uses it there).
TROPIC_HOST_DEVICE inline CellScores cell_scores(const Align3Problem& problem, std::int64_t i,
                                                 std::int64_t j, std::int64_t k) {
    const Align3Shape& shape = problem.shape;
    CellScores scores;
    scores.ab = i > 0 && j > 0 ? problem.ab[(i - 1) * shape.n + (j - 1)] : 0;
    scores.ac = i > 0 && k > 0 ? problem.ac[(i - 1) * shape.p + (k - 1)] : 0;
    scores.bc = j > 0 && k > 0 ? problem.bc[(j + k) * (shape.n + 1) + j] : 0;
    return scores;
}

// Whether the predecessor through `mask` lies inside the cube.
TROPIC_HOST_DEVICE inline bool has_predecessor(std::int64_t i, std::int64_t j, std::int64_t k,
                                               std::uint8_t mask) {
    return i >= (mask & 1) && j >= ((mask >> 1) & 1) && k >= ((mask >> 2) & 1);
}

// Offset of the predecessor through `mask` within its plane's array.
TROPIC_HOST_DEVICE inline std::int64_t predecessor_index(const Align3Shape& shape,
                                                         std::int64_t index, std::uint8_t mask) {
    return index - (mask & 1) * (shape.n + 1) - ((mask >> 1) & 1);
}

}  // namespace tropic::align::detail
