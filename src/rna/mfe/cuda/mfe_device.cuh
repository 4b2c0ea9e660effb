#pragma once
// Device-side layout of MFE folds, shared by the fill and the traceback kernels.
//
// Batch mode (mfe_batch.cu) keeps each table of a fold in its own n x n array, diagonal-major:
// X(i,j) at [(j-i) n + i] (MfeDiagonalTables), so that the cells of a diagonal, one thread each,
// read every operand with consecutive threads at consecutive addresses.
//
// Long mode gives each fold `ld x ld` squares of int32 (ld >= n), laid out as in the Nussinov
// long mode so that both operands of every multiloop split are contiguous rows:
//   square 0: upper triangle FML(i,j) at [i][j]; strictly lower triangle FML(k+1,j) at [j][k]
//   square 1: upper triangle C(i,j) at [i][j];   strictly lower triangle FM1(k+1,j) at [j][k]
//   square 2: upper triangle CI(i,j) at [i][j]: C(i,j) plus the mismatch of (i,j) seen from
//             inside a generic interior loop around it (mismatch_interior[type(j,i)][j+1][i-1]),
//             so that most interior-loop candidates cost one load and one add;
//             strictly lower triangle CC(i,j) at [j][i] (only without lonely pairs)
//   square 3 (long mode only): the tile products of the splits, Q2(i,j) at [i][j] and
//             Q1(a,b) at [b][a] (see mfe_fill.cu)
// Cells nobody writes hold kInfEnergy. FM1 of row 0 has no slot; nothing reads it.
#include <cstddef>
#include <cstdint>

#include "rna/mfe/mfe_model.hpp"

namespace tropic::rna::detail::cuda {

inline constexpr std::size_t kNoMask = ~std::size_t{0};

struct MfeDeviceFold {
    std::size_t tables = 0;      // offset of the fold's first square in MfeDeviceArgs::tables
    std::size_t bases = 0;       // offset of its bases in sequence / base
    std::size_t mask = kNoMask;  // offset of its constraint mask (n x n bytes) in masks
    std::size_t f5 = 0;          // offset of its F5 array (n + 1 ints)
    std::size_t stack = 0;       // offset of its traceback stack (n + 2 intervals)
    int n = 0;
    int ld = 0;
};

struct MfeDeviceArgs {
    const EnergyParams* params;
    const int* hairpin_initiation;  // by loop size, up to the longest fold
    const std::uint8_t* sequence;   // alphabet codes of every fold
    const std::int8_t* base;        // their parameter codes
    const std::uint8_t* masks;
    // Interior-loop candidates of long mode's fill, (n1 | n2 << 8, the part of their energy that
    // depends on n1 and n2 only), grouped by rule so that a warp's lanes take the same path
    // (batch mode walks the sizes itself and reads only the last group):
    //   [0, generic_end)          generic loops: initiation + asymmetry; scored from CI
    //   [generic_end, bulge_end)  bulges of 2..30 bases: bulge initiation
    //   [bulge_end, one_n_end)    1 x n loops, n >= 3: initiation + asymmetry
    //   [one_n_end, small_end)    stacks, 1-base bulges, 1 x 1, 1 x 2, 2 x 2, 2 x 3: scored with
    //                             interior_energy
    const int2* candidates;
    int generic_end, bulge_end, one_n_end, small_end;
    int* tables;
    int* f5;
    const MfeDeviceFold* folds;
    Dangles dangles;
    bool no_lonely_pairs;
    int max_span;
};

struct MfeSquares {
    int* fml;  // square 0
    int* c;    // square 1
    int* ci;   // square 2
    int* q;    // the split products
    int ld;
    bool no_lonely_pairs;

    __device__ int& cc_cell(int i, int j) const {
        return no_lonely_pairs ? ci[std::size_t(j) * ld + i] : c[std::size_t(i) * ld + j];
    }
};

__device__ inline MfeSquares fold_squares(const MfeDeviceArgs& args, const MfeDeviceFold& fold) {
    const std::size_t square = std::size_t(fold.ld) * fold.ld;
    int* first = args.tables + fold.tables;
    MfeSquares s;
    s.fml = first;
    s.c = first + square;
    s.ci = first + 2 * square;
    s.q = first + 3 * square;
    s.ld = fold.ld;
    s.no_lonely_pairs = args.no_lonely_pairs;
    return s;
}

__device__ inline MfeModel fold_model(const MfeDeviceArgs& args, const MfeDeviceFold& fold) {
    MfeModel m;
    m.params = args.params;
    m.sequence = args.sequence + fold.bases;
    m.base = args.base + fold.bases;
    m.hairpin_initiation = args.hairpin_initiation;
    m.allowed = fold.mask == kNoMask ? nullptr : args.masks + fold.mask;
    m.n = fold.n;
    m.dangles = args.dangles;
    m.no_lonely_pairs = args.no_lonely_pairs;
    m.max_span = args.max_span;
    return m;
}

struct MfeDiagonalTables {
    int* c;
    int* ci;
    int* fml;
    int* fm1;
    int* cc;  // c when lonely pairs are allowed
    int ld;
    __device__ std::size_t at(int i, int j) const { return std::size_t(j - i) * ld + i; }
};

__device__ inline MfeDiagonalTables fold_diagonal_tables(const MfeDeviceArgs& args,
                                                         const MfeDeviceFold& fold) {
    const std::size_t square = std::size_t(fold.ld) * fold.ld;
    int* first = args.tables + fold.tables;
    return {first,
            first + square,
            first + 2 * square,
            first + 3 * square,
            args.no_lonely_pairs ? first + 4 * square : first,
            fold.ld};
}

// Batch mode's tables per fold: C, CI, FML, FM1 and, without lonely pairs, CC.
inline int mfe_batch_tables_per_fold(bool no_lonely_pairs) {
    return no_lonely_pairs ? 5 : 4;
}

// Long mode's squares per fold: FML, C, CI (and CC), and the split products.
inline constexpr int kMfeLongSquares = 4;

}  // namespace tropic::rna::detail::cuda
