#pragma once
// The cell rules of three-sequence alignment (align3.hpp states the model; docs/align3.md the
// affine states and the tie rules), written once for the CPU's plane sweep and the CUDA kernels.
//
// Column masks: bit 0 A has a residue, bit 1 B, bit 2 C. The pairs: 0 (A,B), 1 (A,C), 2 (B,C).
// Pair states: 0 M (both residues last, or nothing yet), 1 X (the pair's first sequence against a
// gap), 2 Y (its second against a gap).
#include <cstdint>
#include <utility>

#include "tropic/core/host_device.hpp"

// The device compiler unrolls the small fixed loops of the cells, so that their arrays stay in
// registers.
#if defined(__CUDA_ARCH__)
#define TROPIC_ALIGN3_UNROLL _Pragma("unroll")
#else
#define TROPIC_ALIGN3_UNROLL
#endif

namespace tropic::align::detail {

// "Minus infinity": far below every reachable score (align3 refuses inputs whose scores could
// reach 2^29), and high enough that adding any column's cost to it stays representable.
inline constexpr std::int32_t kAlign3MinusInfinity = -(1 << 30);
// A value below this came from minus infinity: the cell or state is unreachable.
inline constexpr std::int32_t kAlign3Unreachable = -(1 << 29);

inline constexpr int kAffineStates = 13;
// Masks in the order of the tie rule: three residues, then two, then one.
inline constexpr int kColumnMasks = 7;
TROPIC_HOST_DEVICE constexpr std::uint8_t mask_in_tie_order(int rank) {
    return rank == 0   ? 7
           : rank == 1 ? 3
           : rank == 2 ? 5
           : rank == 3 ? 6
           : rank == 4 ? 1
           : rank == 5 ? 2
                       : 4;
}

TROPIC_HOST_DEVICE constexpr int residues_in(std::uint8_t mask) {
    return (mask & 1) + ((mask >> 1) & 1) + ((mask >> 2) & 1);
}

// The two sequences of pair p: (A,B), (A,C), (B,C) as bit numbers.
TROPIC_HOST_DEVICE constexpr int pair_first(int pair) {
    return pair == 2 ? 1 : 0;
}
TROPIC_HOST_DEVICE constexpr int pair_second(int pair) {
    return pair == 0 ? 1 : 2;
}

// The pair a one-residue column leaves untouched (its state is carried): mask 1 -> (B,C),
// mask 2 -> (A,C), mask 4 -> (A,B).
TROPIC_HOST_DEVICE constexpr int carried_pair(std::uint8_t mask) {
    return mask == 1 ? 2 : mask == 2 ? 1 : 0;
}

// The 13 states: 0..3 the masks 7, 3, 5, 6; then masks 1, 2, 4 three states each, for the
// carried pair in M, X, Y.
TROPIC_HOST_DEVICE constexpr std::uint8_t state_mask(int state) {
    return state < 4 ? mask_in_tie_order(state) : state < 7 ? 1 : state < 10 ? 2 : 4;
}

// Pair p's state after a column of `mask`, the pair's previous state being `before`.
TROPIC_HOST_DEVICE constexpr int pair_state_after(std::uint8_t mask, int pair, int before) {
    const bool first = (mask >> pair_first(pair)) & 1;
    const bool second = (mask >> pair_second(pair)) & 1;
    return first && second ? 0 : first ? 1 : second ? 2 : before;
}

// Pair p's state in cell state s.
TROPIC_HOST_DEVICE constexpr int pair_state_of(int state, int pair) {
    const std::uint8_t mask = state_mask(state);
    const int carried = state < 4 ? 0 : (state - 4) % 3;
    return pair_state_after(mask, pair, carried);
}

// The state a column of `mask` leads to from state `before`.
TROPIC_HOST_DEVICE constexpr int next_state(int before, std::uint8_t mask) {
    if (residues_in(mask) >= 2) return mask == 7 ? 0 : mask == 3 ? 1 : mask == 5 ? 2 : 3;
    const int base = mask == 1 ? 4 : mask == 2 ? 7 : 10;
    return base + pair_state_of(before, carried_pair(mask));
}

// Pairs a column of `mask` puts a residue against a gap in: each costs E.
TROPIC_HOST_DEVICE constexpr int gapped_pairs(std::uint8_t mask) {
    int count = 0;
    for (int pair = 0; pair < 3; ++pair)
        count += ((mask >> pair_first(pair)) & 1) != ((mask >> pair_second(pair)) & 1);
    return count;
}

// Of those, the pairs whose projection had no gap on that side before (state `before`): each
// opens a gap and costs O too.
TROPIC_HOST_DEVICE constexpr int opened_gaps(int before, std::uint8_t mask) {
    int count = 0;
    for (int pair = 0; pair < 3; ++pair) {
        const bool first = (mask >> pair_first(pair)) & 1;
        const bool second = (mask >> pair_second(pair)) & 1;
        if (first != second) count += pair_state_of(before, pair) != (first ? 1 : 2);
    }
    return count;
}

// The substitution scores of one cell: s(a,b), s(a,c), s(b,c) of its residues (whichever the
// column holds). The substitution part of a column's cost is the sum over the pairs it holds.
struct CellScores {
    std::int32_t ab, ac, bc;
};
TROPIC_HOST_DEVICE constexpr std::int32_t substitution_part(const CellScores& s,
                                                            std::uint8_t mask) {
    return mask == 7   ? s.ab + s.ac + s.bc
           : mask == 3 ? s.ab
           : mask == 5 ? s.ac
           : mask == 6 ? s.bc
                       : 0;
}

// The linear model's cost of a column: substitutions minus the residues against a gap, each
// pair's (two per one-residue or two-residue column).
TROPIC_HOST_DEVICE constexpr std::int32_t linear_column_cost(const CellScores& s, std::uint8_t mask,
                                                             std::int32_t gap) {
    return mask == 7 ? s.ab + s.ac + s.bc : substitution_part(s, mask) - 2 * gap;
}

// Where a cell's predecessors are, for the fill: the values of the predecessor through each
// mask (kAlign3MinusInfinity where it lies outside the cube). `value(mask, state)` reads them.
//
// The linear cell: the best predecessor plus its column, the mask of the first best in tie order
// (0 at the origin, whose value is 0). `predecessor(mask)` gives a predecessor's value.
template <class Predecessor>
TROPIC_HOST_DEVICE inline std::int32_t linear_cell(const CellScores& scores, std::int32_t gap,
                                                   const Predecessor& predecessor,
                                                   std::uint8_t& direction) {
    std::int32_t best = kAlign3MinusInfinity;
    direction = 0;
    TROPIC_ALIGN3_UNROLL
    for (int rank = 0; rank < kColumnMasks; ++rank) {
        const std::uint8_t mask = mask_in_tie_order(rank);
        const std::int32_t value = predecessor(mask) + linear_column_cost(scores, mask, gap);
        if (value > best) {
            best = value;
            direction = mask;
        }
    }
    if (best < kAlign3Unreachable) return kAlign3MinusInfinity;
    return best;
}

// One candidate of the affine cell: state `Before` of the predecessor through the column of tie
// rank `Rank`. Everything but the values is a constant, so that each cell is straight-line code.
template <int Rank, int Before, class Predecessor>
TROPIC_HOST_DEVICE inline void affine_candidate(const CellScores& scores, std::int32_t open,
                                                std::int32_t extend, const Predecessor& predecessor,
                                                std::int32_t (&values)[kAffineStates],
                                                std::uint8_t (&from)[kAffineStates]) {
    constexpr std::uint8_t kMask = mask_in_tie_order(Rank);
    constexpr int kAfter = next_state(Before, kMask);
    constexpr int kExtends = gapped_pairs(kMask);
    constexpr int kOpens = opened_gaps(Before, kMask);
    const std::int32_t value = predecessor(kMask, Before) + substitution_part(scores, kMask) -
                               kExtends * extend - kOpens * open;
    if (value > values[kAfter]) {
        values[kAfter] = value;
        from[kAfter] = static_cast<std::uint8_t>(Before);
    }
}

template <class Predecessor, int... Candidate>
TROPIC_HOST_DEVICE inline void affine_candidates(const CellScores& scores, std::int32_t open,
                                                 std::int32_t extend,
                                                 const Predecessor& predecessor,
                                                 std::int32_t (&values)[kAffineStates],
                                                 std::uint8_t (&from)[kAffineStates],
                                                 std::integer_sequence<int, Candidate...>) {
    (affine_candidate<Candidate / kAffineStates, Candidate % kAffineStates>(
         scores, open, extend, predecessor, values, from),
     ...);
}

// The affine cell: for every state, the best predecessor state plus the column's cost; the
// predecessor of each state (first best in index order: the candidates go mask by mask in tie
// order, states in index order within a mask) in 4 bits of `directions` (bits 4s..4s+3; 15 where
// the state is unreachable). `predecessor(mask, state)` gives a predecessor's value.
template <class Predecessor>
TROPIC_HOST_DEVICE inline void affine_cell(const CellScores& scores, std::int32_t open,
                                           std::int32_t extend, const Predecessor& predecessor,
                                           std::int32_t (&values)[kAffineStates],
                                           std::uint64_t& directions) {
    std::uint8_t from[kAffineStates];
    TROPIC_ALIGN3_UNROLL
    for (int state = 0; state < kAffineStates; ++state) {
        values[state] = kAlign3MinusInfinity;
        from[state] = 15;
    }
    affine_candidates(scores, open, extend, predecessor, values, from,
                      std::make_integer_sequence<int, kColumnMasks * kAffineStates>{});
    directions = 0;
    TROPIC_ALIGN3_UNROLL
    for (int state = 0; state < kAffineStates; ++state) {
        if (values[state] < kAlign3Unreachable) {
            values[state] = kAlign3MinusInfinity;
            from[state] = 15;
        }
        directions |= static_cast<std::uint64_t>(from[state]) << (4 * state);
    }
}

}  // namespace tropic::align::detail
