#pragma once
// The Boltzmann factors of one partition-function fold, as the recurrences of ensemble.hpp
// multiply them: a plain view of the sequence and the factors, with the same small functions on
// the host and in CUDA kernels (the counterpart of mfe_model.hpp).
//
// Scaling: a table entry over bases i..j holds its partition function times s^-(j-i+1), s the
// per-base scale (ensemble.hpp), so that entries of any length stay near 1 in double range.
// Every factor below that covers bases carries their share: a hairpin closed by (i,j) s^-(j-i+1),
// an interior loop the s^-(n1+n2+2) of its closing pair and unpaired bases, the multiloop closing
// pair s^-2; stem factors cover no bases of their own.
#include <cstddef>
#include <cstdint>

#include "tropic/core/host_device.hpp"
#include "tropic/rna/boltzmann_factors.hpp"
#include "tropic/rna/energy_params.hpp"
#include "tropic/rna/loop_energy.hpp"

namespace tropic::rna::detail {

inline constexpr int kEnsembleMinHairpin = 3;

// Interior loops of n1 and n2 unpaired bases whose factor is generic: initiation, asymmetry and
// the two mismatch_interior terms (interior() below), i.e. both sides of 2 or more and neither
// 2x2 nor 2x3. The fill sums those through generic_cost and per-pair mismatches
// (ensemble_cells.hpp): for a given n2, the generic ones are n1 >= ensemble_first_generic_n1(n2).
TROPIC_HOST_DEVICE constexpr int ensemble_first_generic_n1(int n2) {
    return n2 <= 1 ? kMaxLoop + 1 : n2 == 2 ? 4 : n2 == 3 ? 3 : 2;
}
// s^-k is tabulated for k up to this (interior loops, special hairpins, unpaired runs in
// multiloops use their own tables).
inline constexpr int kEnsembleScaleTable = kMaxLoop + 3;

// Whether a scaled Z is safe to divide by and to form probabilities with (NaN and infinity are
// not).
TROPIC_HOST_DEVICE inline bool ensemble_scale_ok(double scaled_z) {
    return scaled_z >= 1e-250 && scaled_z <= 1e250;
}

struct EnsembleModel {
    const BoltzmannFactors* f = nullptr;
    const std::uint8_t* sequence = nullptr;  // alphabet codes
    const std::int8_t* base = nullptr;       // parameter codes
    // Generic hairpin of `size` unpaired bases: its initiation factor times s^-(size+2),
    // computed on the host (the extrapolation of long loops uses libm's log); size 0..n.
    const double* hairpin_factor = nullptr;
    // n x n, row i: nonzero where (i,j) may pair (constraint, span and RNAfold -p's noLP rule).
    const std::uint8_t* pair_ok = nullptr;
    double scale_pow[kEnsembleScaleTable + 1] = {};  // s^-k
    // Generic interior loops (ensemble_first_generic_n1): initiation, asymmetry and s^-(n1+n2+2),
    // by [n2][n1]; the loop's two mismatches come with its pairs (outer_mismatch, inner_mismatch).
    double generic_cost[kMaxLoop + 1][kMaxLoop + 1] = {};
    int n = 0;
    bool dangles = true;

    TROPIC_HOST_DEVICE int type(int i, int j) const { return pair_type(sequence[i], sequence[j]); }
    TROPIC_HOST_DEVICE int allowed_type(int i, int j) const {
        return pair_ok[static_cast<std::size_t>(i) * static_cast<std::size_t>(n) + j] != 0
                   ? type(i, j)
                   : 0;
    }

    TROPIC_HOST_DEVICE double hairpin(int i, int j, int t) const {
        const int size = j - i - 1;
        const std::uint8_t* bases = sequence + i;
        if (size == 4) {
            if (const int k = find_special_hairpin(f->tetraloops, bases); k >= 0)
                return f->tetraloop[k] * scale_pow[6];
        } else if (size == 6) {
            if (const int k = find_special_hairpin(f->hexaloops, bases); k >= 0)
                return f->hexaloop[k] * scale_pow[8];
        } else if (size == 3) {
            if (const int k = find_special_hairpin(f->triloops, bases); k >= 0)
                return f->triloop[k] * scale_pow[5];
            return hairpin_factor[3] * (pays_terminal_au(t) ? f->terminal_au : 1.0);
        }
        return hairpin_factor[size] * f->mismatch_hairpin[t][base[i + 1]][base[j - 1]];
    }

    // Interior loop, bulge or stack closed by (i,j) of type t around the pair (p,q).
    TROPIC_HOST_DEVICE double interior(int i, int j, int t, int p, int q) const {
        const int n1 = p - i - 1, n2 = j - q - 1;
        const int ti = type(q, p);
        const int large = n1 > n2 ? n1 : n2, small = n1 > n2 ? n2 : n1;
        const double scale = scale_pow[n1 + n2 + 2];
        if (large == 0) return f->stack[t][ti] * scale;
        const int si1 = base[i + 1], sj1 = base[j - 1], sp1 = base[p - 1], sq1 = base[q + 1];
        if (small == 0) {
            double z = f->bulge[large];
            if (large == 1) return z * f->stack[t][ti] * scale;
            if (pays_terminal_au(t)) z *= f->terminal_au;
            if (pays_terminal_au(ti)) z *= f->terminal_au;
            return z * scale;
        }
        if (small == 1) {
            if (large == 1) return f->int11[t][ti][si1][sj1] * scale;
            if (large == 2)
                return (n1 == 1 ? f->int21[t][ti][si1][sq1][sj1] : f->int21[ti][t][sq1][si1][sp1]) *
                       scale;
            return f->interior[n1 + n2] * f->mismatch_interior_1n[t][si1][sj1] *
                   f->mismatch_interior_1n[ti][sq1][sp1] * f->ninio[large - small] * scale;
        }
        if (small == 2) {
            if (large == 2) return f->int22[t][ti][si1][sp1][sq1][sj1] * scale;
            if (large == 3)
                return f->interior[5] * f->mismatch_interior_23[t][si1][sj1] *
                       f->mismatch_interior_23[ti][sq1][sp1] * f->ninio[1] * scale;
        }
        return f->interior[n1 + n2] * f->mismatch_interior[t][si1][sj1] *
               f->mismatch_interior[ti][sq1][sp1] * f->ninio[large - small] * scale;
    }

    // The mismatch of a generic interior loop at its closing pair (i,j) of type t ...
    TROPIC_HOST_DEVICE double outer_mismatch(int i, int j, int t) const {
        return f->mismatch_interior[t][base[i + 1]][base[j - 1]];
    }
    // ... and at its inner pair (p,q), read from inside the loop (needs 0 < p, q < n - 1).
    TROPIC_HOST_DEVICE double inner_mismatch(int p, int q) const {
        return f->mismatch_interior[type(q, p)][base[q + 1]][base[p - 1]];
    }

    TROPIC_HOST_DEVICE double helix_end(
        const double (&mismatch)[kPairTypes][kParamBases][kParamBases], int t, int n5,
        int n3) const {
        if (!dangles) return 1.0;
        if (n5 >= 0 && n3 >= 0) return mismatch[t][n5][n3];
        if (n5 >= 0) return f->dangle5[t][n5];
        if (n3 >= 0) return f->dangle3[t][n3];
        return 1.0;
    }

    // A helix (i,j) leaving the exterior loop.
    TROPIC_HOST_DEVICE double exterior_stem(int i, int j, int t) const {
        return (pays_terminal_au(t) ? f->terminal_au : 1.0) *
               helix_end(f->mismatch_exterior, t, i > 0 ? base[i - 1] : -1,
                         j + 1 < n ? base[j + 1] : -1);
    }

    // A helix (i,j) inside a multiloop, or 0 when it touches the sequence's ends (such a helix
    // never lies inside one).
    TROPIC_HOST_DEVICE double multi_stem(int i, int j, int t) const {
        if (t == 0 || i == 0 || j + 1 >= n) return 0.0;
        return f->ml_intern * (pays_terminal_au(t) ? f->terminal_au : 1.0) *
               helix_end(f->mismatch_multi, t, base[i - 1], base[j + 1]);
    }

    // The pair (i,j) closing a multiloop, read from inside, with its s^-2.
    TROPIC_HOST_DEVICE double multi_closing(int i, int j, int t) const {
        const int r = reverse_pair_type(t);
        return f->ml_closing * f->ml_intern * (pays_terminal_au(r) ? f->terminal_au : 1.0) *
               helix_end(f->mismatch_multi, r, base[j - 1], base[i + 1]) * scale_pow[2];
    }
};

}  // namespace tropic::rna::detail
