#pragma once
// One cell of the plane sweep, read from and written to the plane arrays (align3_problem.hpp):
// the same function for the CPU's rows and the CUDA kernel's threads.
//
// Four plane arrays rotate: plane q lives in array q % 4. A linear plane is one int32 per (i,j);
// an affine plane holds the 13 states one after another (state s at s * cells + index). The
// directions of a plane (when kept) are one byte per (i,j) for the linear model (the column's
// mask) and one 64-bit word for the affine one (4 bits a state: its predecessor state).
#include <cstdint>

#include "align/align3/align3_cell.hpp"
#include "align/align3/align3_problem.hpp"
#include "tropic/core/host_device.hpp"

namespace tropic::align::detail {

struct PlaneArrays {
    std::int32_t* plane[4];
};

TROPIC_HOST_DEVICE inline void fill_linear_cell(const Align3Problem& problem,
                                                const PlaneArrays& planes, std::int64_t q,
                                                std::int64_t i, std::int64_t j,
                                                std::uint8_t* directions) {
    const Align3Shape& shape = problem.shape;
    const std::int64_t k = q - i - j;
    const std::int64_t index = shape.index(i, j);
    const CellScores scores = cell_scores(problem, i, j, k);
    const auto predecessor = [&](std::uint8_t mask) -> std::int32_t {
        if (!has_predecessor(i, j, k, mask)) return kAlign3MinusInfinity;
        return planes.plane[(q - residues_in(mask)) & 3][predecessor_index(shape, index, mask)];
    };
    std::uint8_t direction;
    planes.plane[q & 3][index] = linear_cell(scores, problem.extend, predecessor, direction);
    if (directions) directions[index] = direction;
}

TROPIC_HOST_DEVICE inline void fill_affine_cell(const Align3Problem& problem,
                                                const PlaneArrays& planes, std::int64_t q,
                                                std::int64_t i, std::int64_t j,
                                                std::uint64_t* directions) {
    const Align3Shape& shape = problem.shape;
    const std::int64_t cells = shape.cells_per_plane();
    const std::int64_t k = q - i - j;
    const std::int64_t index = shape.index(i, j);
    const CellScores scores = cell_scores(problem, i, j, k);
    const auto predecessor = [&](std::uint8_t mask, int state) -> std::int32_t {
        if (!has_predecessor(i, j, k, mask)) return kAlign3MinusInfinity;
        return planes.plane[(q - residues_in(mask)) & 3]
                           [state * cells + predecessor_index(shape, index, mask)];
    };
    std::int32_t values[kAffineStates];
    std::uint64_t direction;
    affine_cell(scores, problem.open, problem.extend, predecessor, values, direction);
    std::int32_t* out = planes.plane[q & 3];
    for (int state = 0; state < kAffineStates; ++state) out[state * cells + index] = values[state];
    if (directions) directions[index] = direction;
}

// Plane 0: the origin, value 0 (the affine start state 0; the others minus infinity).
TROPIC_HOST_DEVICE inline void fill_origin(const Align3Problem& problem,
                                           const PlaneArrays& planes) {
    const std::int64_t cells = problem.shape.cells_per_plane();
    for (int state = 0; state < problem.states(); ++state)
        planes.plane[0][state * cells] = state == 0 ? 0 : kAlign3MinusInfinity;
}

}  // namespace tropic::align::detail
