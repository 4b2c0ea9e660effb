#pragma once
// The cell rule of syntenic alignment (syntenic.hpp states the recurrences, boundaries and tie
// rule), written once for every backend: the CPU's tiles and traceback and the CUDA kernels call
// these functions on plain 32-bit values, so that every backend computes the same scores and the
// same direction bits. Nothing here allocates or uses the standard library's containers.
//
// Names follow syntenic.hpp: S the best score, D a gap opened or extended from above (a query
// residue against a gap, CIGAR I), I from the left (a target residue against a gap, CIGAR D), H a
// difference block that ends at the cell.
#include <cstdint>

#include "tropic/core/host_device.hpp"

namespace tropic::align::detail {

// The costs of one pair, as the cell rule uses them.
struct SyntenicCosts {
    std::int32_t open_extend;  // alpha + beta: a gap's first residue
    std::int32_t extend;       // beta: each further residue
    std::int32_t block;        // d
    bool charged_ends;         // BlockEnds::Charged
};

// The four values of a cell.
struct SyntenicCell {
    std::int32_t s, d, i, h;
};

TROPIC_HOST_DEVICE inline std::int32_t syntenic_max(std::int32_t a, std::int32_t b) {
    return a > b ? a : b;
}

// The values of cell (i, j), i, j >= 1, from its neighbours: s_diag = S(i-1,j-1); s_up, d_up,
// h_up of (i-1, j); s_left, i_left, h_left of (i, j-1); substitution = c(a_i, b_j).
TROPIC_HOST_DEVICE inline SyntenicCell syntenic_cell(std::int32_t s_diag, std::int32_t s_up,
                                                     std::int32_t d_up, std::int32_t h_up,
                                                     std::int32_t s_left, std::int32_t i_left,
                                                     std::int32_t h_left, std::int32_t substitution,
                                                     SyntenicCosts costs) {
    SyntenicCell cell;
    cell.d = syntenic_max(d_up - costs.extend, s_up - costs.open_extend);
    cell.i = syntenic_max(i_left - costs.extend, s_left - costs.open_extend);
    cell.h = syntenic_max(syntenic_max(h_left, h_up),
                          syntenic_max(s_left - costs.block, s_up - costs.block));
    cell.s =
        syntenic_max(syntenic_max(s_diag + substitution, cell.d), syntenic_max(cell.i, cell.h));
    return cell;
}

// A cell's direction bits, by the tie rule of syntenic.hpp:
//   bits 0-1  where S came from: the diagonal, D, I or H (the first of them equal to S)
//   bit 2     D extended: D(i,j) == D(i-1,j) - beta
//   bit 3     I extended: I(i,j) == I(i,j-1) - beta
//   bits 4-5  where H came from: H(i,j-1), H(i-1,j), S(i,j-1) - d, S(i-1,j) - d (the first equal)
enum : std::uint8_t { kSFromDiagonal = 0, kSFromD = 1, kSFromI = 2, kSFromH = 3 };
enum : std::uint8_t {
    kHFromLeft = 0,    // the block goes on to the left: H(i,j-1)
    kHFromUp = 1,      // the block goes on upwards: H(i-1,j)
    kHOpenedLeft = 2,  // the block began at (i, j-1): S(i,j-1) - d
    kHOpenedUp = 3,    // the block began at (i-1, j): S(i-1,j) - d
};
inline constexpr std::uint8_t kSSourceMask = 3, kDExtendsBit = 4, kIExtendsBit = 8,
                              kHSourceShift = 4, kHSourceMask = 3;

// The direction bits of a cell whose values `cell` syntenic_cell gave from the same neighbours
// (S(i-1,j) is not needed: H took S(i-1,j) - d when none of the other three terms equals it).
TROPIC_HOST_DEVICE inline std::uint8_t syntenic_direction(const SyntenicCell& cell,
                                                          std::int32_t s_diag, std::int32_t d_up,
                                                          std::int32_t h_up, std::int32_t s_left,
                                                          std::int32_t i_left, std::int32_t h_left,
                                                          std::int32_t substitution,
                                                          SyntenicCosts costs) {
    std::uint8_t dir;
    if (cell.s == s_diag + substitution)
        dir = kSFromDiagonal;
    else if (cell.s == cell.d)
        dir = kSFromD;
    else if (cell.s == cell.i)
        dir = kSFromI;
    else
        dir = kSFromH;
    if (cell.d == d_up - costs.extend) dir |= kDExtendsBit;
    if (cell.i == i_left - costs.extend) dir |= kIExtendsBit;
    std::uint8_t h_source;
    if (cell.h == h_left)
        h_source = kHFromLeft;
    else if (cell.h == h_up)
        h_source = kHFromUp;
    else if (cell.h == s_left - costs.block)
        h_source = kHOpenedLeft;
    else
        h_source = kHOpenedUp;
    return static_cast<std::uint8_t>(dir | (h_source << kHSourceShift));
}

// S(0,0): 0, or -d when the ends are charged.
TROPIC_HOST_DEVICE inline std::int32_t syntenic_origin(SyntenicCosts costs) {
    return costs.charged_ends ? -costs.block : 0;
}

// The boundary cell (i, 0) (column 0; i = 0 is the origin). Its I is S(i,0) - alpha, so that a
// gap opened from S(i,0) in row i costs alpha + beta per first residue as in the interior.
TROPIC_HOST_DEVICE inline SyntenicCell syntenic_column0(std::int64_t i, SyntenicCosts costs) {
    const std::int32_t origin = syntenic_origin(costs);
    const std::int32_t alpha = costs.open_extend - costs.extend;
    SyntenicCell cell;
    cell.h = -costs.block;
    cell.d = static_cast<std::int32_t>(origin - alpha - i * costs.extend);
    cell.s = i == 0 ? origin : syntenic_max(cell.d, cell.h);
    cell.i = cell.s - alpha;
    return cell;
}

// The boundary cell (0, j) (row 0; j = 0 is the origin). Its D is S(0,j) - alpha.
TROPIC_HOST_DEVICE inline SyntenicCell syntenic_row0(std::int64_t j, SyntenicCosts costs) {
    const std::int32_t origin = syntenic_origin(costs);
    const std::int32_t alpha = costs.open_extend - costs.extend;
    SyntenicCell cell;
    cell.h = -costs.block;
    cell.i = static_cast<std::int32_t>(origin - alpha - j * costs.extend);
    cell.s = j == 0 ? origin : syntenic_max(cell.i, cell.h);
    cell.d = cell.s - alpha;
    return cell;
}

// The score of the alignment from the last cell (m, n), and whether it ends in a block (its
// traceback starts in H rather than S): S(m,n) with free ends; with charged ends
// max{S(m,n) - d, H(m,n)}, S(m,n) - d first on a tie.
struct SyntenicEnd {
    std::int32_t score;
    bool in_block;
};
TROPIC_HOST_DEVICE inline SyntenicEnd syntenic_end(const SyntenicCell& last, SyntenicCosts costs) {
    if (!costs.charged_ends) return {last.s, false};
    const std::int32_t charged = last.s - costs.block;
    if (charged >= last.h) return {charged, false};
    return {last.h, true};
}

// The traceback's states: the matrix the path is in at its current cell.
enum class SyntenicState : std::uint8_t { S, D, I, H };

// What one step of the traceback does.
enum class SyntenicMove : std::uint8_t {
    Aligned,     // a_i against b_j, to (i-1, j-1) in S
    QueryGap,    // a_i against a gap (CIGAR I), to (i-1, j)
    TargetGap,   // b_j against a gap (CIGAR D), to (i, j-1)
    Turn,        // S into D, I or H at the same cell: nothing emitted
    BlockStep,   // one residue further into the block: to (i, j-1) or (i-1, j), staying in H
    BlockBegins  // the block began at the new (i, j) (one step left or up), now in S
};

// Follows the direction bits of (i, j), i, j >= 1, one step, moving (i, j) and `state`.
TROPIC_HOST_DEVICE inline SyntenicMove syntenic_trace_step(std::uint8_t dir, SyntenicState& state,
                                                           std::int64_t& i, std::int64_t& j) {
    switch (state) {
        case SyntenicState::S:
            switch (dir & kSSourceMask) {
                case kSFromDiagonal:
                    --i;
                    --j;
                    return SyntenicMove::Aligned;
                case kSFromD:
                    state = SyntenicState::D;
                    return SyntenicMove::Turn;
                case kSFromI:
                    state = SyntenicState::I;
                    return SyntenicMove::Turn;
                default:
                    state = SyntenicState::H;
                    return SyntenicMove::Turn;
            }
        case SyntenicState::D:
            if (!(dir & kDExtendsBit)) state = SyntenicState::S;
            --i;
            return SyntenicMove::QueryGap;
        case SyntenicState::I:
            if (!(dir & kIExtendsBit)) state = SyntenicState::S;
            --j;
            return SyntenicMove::TargetGap;
        case SyntenicState::H:
            break;
    }
    switch ((dir >> kHSourceShift) & kHSourceMask) {
        case kHFromLeft:
            --j;
            return SyntenicMove::BlockStep;
        case kHFromUp:
            --i;
            return SyntenicMove::BlockStep;
        case kHOpenedLeft:
            --j;
            state = SyntenicState::S;
            return SyntenicMove::BlockBegins;
        default:
            --i;
            state = SyntenicState::S;
            return SyntenicMove::BlockBegins;
    }
}

// What remains of the path once the traceback reaches row 0 or column 0 at (i, j) in `state`:
// one gap to the origin (query residues on column 0, target residues on row 0), one block from
// the origin, or nothing (the origin in S, D or I). The boundary's S takes its gap before its
// block on a tie; a boundary D on row 0 or I on column 0 is its S less alpha (a gap opened there).
enum class SyntenicRest : std::uint8_t { Nothing, Gap, Block };
TROPIC_HOST_DEVICE inline SyntenicRest syntenic_boundary_rest(SyntenicState state, std::int64_t i,
                                                              std::int64_t j, SyntenicCosts costs) {
    if (state == SyntenicState::H) return SyntenicRest::Block;
    if (i == 0 && j == 0) return SyntenicRest::Nothing;
    if (j == 0) {
        if (state == SyntenicState::D) return SyntenicRest::Gap;
        const SyntenicCell cell = syntenic_column0(i, costs);
        return cell.d >= cell.h ? SyntenicRest::Gap : SyntenicRest::Block;
    }
    if (state == SyntenicState::I) return SyntenicRest::Gap;
    const SyntenicCell cell = syntenic_row0(j, costs);
    return cell.i >= cell.h ? SyntenicRest::Gap : SyntenicRest::Block;
}

}  // namespace tropic::align::detail
