#pragma once
// Free energies of the loops of a secondary structure under EnergyParams, in dcal/mol: the
// nearest-neighbour rules of the Turner 2004 model as ViennaRNA 2.x applies them. Small inline
// host/device functions on plain data, so that the CPU fold, the GPU kernels and the evaluator
// share one definition of every loop. docs/mfe.md states each rule.
//
// Bases here are parameter codes (param_base(): N 0, A 1, C 2, G 3, U 4); -1 means "no base"
// (a dangle at the end of the sequence). Pair types as in energy_params.hpp.
#include <cmath>
#include <cstdint>

#include "tropic/core/host_device.hpp"
#include "tropic/rna/energy_params.hpp"

namespace tropic::rna {

// Dangle models of RNAfold: 0 ignores unpaired neighbours of helices in exterior and multiloops;
// 2 adds, for every such helix, the mismatch (or single dangle at a sequence end) of both its
// neighbours, whether or not they are paired themselves.
enum class Dangles : int { None = 0, Both = 2 };

// The extra energy of a loop of `size` > 30 over one of 30: trunc(lxc * ln(size / 30)).
// Device code never takes this path in a fold (interior loops hold at most 30 unpaired bases
// and hairpin initiations come from the host, see hairpin_initiation), so the CPU's libm alone
// decides every extrapolated value.
TROPIC_HOST_DEVICE inline int loop_extrapolation(const EnergyParams& p, int size) {
#if defined(__CUDA_ARCH__)
    return static_cast<int>(p.lxc * log(static_cast<double>(size) / kMaxLoop));
#else
    return static_cast<int>(p.lxc * std::log(static_cast<double>(size) / kMaxLoop));
#endif
}

// Initiation of a hairpin of `size` unpaired bases, extrapolated beyond 30.
inline int hairpin_initiation(const EnergyParams& p, int size) {
    return size <= kMaxLoop ? p.hairpin[size] : p.hairpin[kMaxLoop] + loop_extrapolation(p, size);
}

// The index of the special hairpin (tri-, tetra- or hexaloop with a tabulated energy) whose
// closing pair and loop are `bases` (alphabet codes, Length of them), or -1.
template <int Length>
TROPIC_HOST_DEVICE inline int find_special_hairpin(const SpecialHairpins<Length>& loops,
                                                   const std::uint8_t* bases) {
    constexpr char kLetter[5] = {'A', 'C', 'G', 'U', 'N'};
    for (int k = 0; k < loops.count; ++k) {
        int matched = 0;
        while (matched < Length && bases[matched] <= 4 &&
               kLetter[bases[matched]] == loops.sequence[k][matched])
            ++matched;
        if (matched == Length) return k;
    }
    return -1;
}

// Hairpin closed by (i,j) of pair type `type`, with size = j - i - 1 unpaired bases, given its
// initiation energy (hairpin_initiation(p, size)). `bases` points at the alphabet codes (Base)
// of i..j, used to look up special loops; si1 and sj1 are the parameter codes of bases i+1 and
// j-1.
TROPIC_HOST_DEVICE inline int hairpin_energy_from(const EnergyParams& p, int initiation, int type,
                                                  int size, int si1, int sj1,
                                                  const std::uint8_t* bases) {
    int e = initiation;
    if (size < 3) return e;  // forbidden: the table holds INF
    // Tri-, tetra- and hexaloops with a tabulated total energy replace every other term.
    if (size == 4) {
        if (const int k = find_special_hairpin(p.tetraloops, bases); k >= 0)
            return p.tetraloops.energy[k];
    } else if (size == 6) {
        if (const int k = find_special_hairpin(p.hexaloops, bases); k >= 0)
            return p.hexaloops.energy[k];
    } else if (size == 3) {
        if (const int k = find_special_hairpin(p.triloops, bases); k >= 0)
            return p.triloops.energy[k];
        // Loops of three get no mismatch, but an AU/GU closing pair pays the terminal penalty.
        return e + (pays_terminal_au(type) ? p.terminal_au : 0);
    }
    return e + p.mismatch_hairpin[type][si1][sj1];
}

inline int hairpin_energy(const EnergyParams& p, int type, int size, int si1, int sj1,
                          const std::uint8_t* bases) {
    return hairpin_energy_from(p, hairpin_initiation(p, size), type, size, si1, sj1, bases);
}

// Interior loop, bulge or stack closed by (i,j) (type `type`) around the inner pair (p,q), whose
// type read from inside is `type_inner` = type(q,p); n1 = p-i-1 and n2 = j-q-1 unpaired bases.
// si1, sj1, sp1, sq1: parameter codes of bases i+1, j-1, p-1 and q+1.
TROPIC_HOST_DEVICE inline int interior_energy(const EnergyParams& p, int n1, int n2, int type,
                                              int type_inner, int si1, int sj1, int sp1, int sq1) {
    const int large = n1 > n2 ? n1 : n2;
    const int small = n1 > n2 ? n2 : n1;
    if (large == 0) return p.stack[type][type_inner];
    if (small == 0) {  // bulge
        int e =
            large <= kMaxLoop ? p.bulge[large] : p.bulge[kMaxLoop] + loop_extrapolation(p, large);
        if (large == 1) return e + p.stack[type][type_inner];  // the helix stacks across it
        if (pays_terminal_au(type)) e += p.terminal_au;
        if (pays_terminal_au(type_inner)) e += p.terminal_au;
        return e;
    }
    const int size = n1 + n2;
    auto initiation = [&p](int s) {
        return s <= kMaxLoop ? p.interior[s] : p.interior[kMaxLoop] + loop_extrapolation(p, s);
    };
    auto asymmetry = [&p](int d) { return p.ninio * d < p.max_ninio ? p.ninio * d : p.max_ninio; };
    if (small == 1) {
        if (large == 1) return p.int11[type][type_inner][si1][sj1];
        if (large == 2) {
            return n1 == 1 ? p.int21[type][type_inner][si1][sq1][sj1]
                           : p.int21[type_inner][type][sq1][si1][sp1];
        }
        return initiation(size) + asymmetry(large - small) +
               p.mismatch_interior_1n[type][si1][sj1] +
               p.mismatch_interior_1n[type_inner][sq1][sp1];
    }
    if (small == 2) {
        if (large == 2) return p.int22[type][type_inner][si1][sp1][sq1][sj1];
        if (large == 3)
            return initiation(size) + asymmetry(1) + p.mismatch_interior_23[type][si1][sj1] +
                   p.mismatch_interior_23[type_inner][sq1][sp1];
    }
    return initiation(size) + asymmetry(large - small) + p.mismatch_interior[type][si1][sj1] +
           p.mismatch_interior[type_inner][sq1][sp1];
}

// Mismatch or dangles of a helix end in the exterior loop or a multiloop; n5 and n3 are the
// parameter codes of the 5' and 3' neighbours (-1: none).
TROPIC_HOST_DEVICE inline int helix_end_dangles(
    const int (&mismatch)[kPairTypes][kParamBases][kParamBases], const EnergyParams& p, int type,
    int n5, int n3) {
    if (n5 >= 0 && n3 >= 0) return mismatch[type][n5][n3];
    if (n5 >= 0) return p.dangle5[type][n5];
    if (n3 >= 0) return p.dangle3[type][n3];
    return 0;
}

// A helix (i,j) of type `type` leaving the exterior loop; n5 = base i-1, n3 = base j+1.
TROPIC_HOST_DEVICE inline int exterior_stem_energy(const EnergyParams& p, int type, int n5, int n3,
                                                   Dangles dangles) {
    int e = pays_terminal_au(type) ? p.terminal_au : 0;
    if (dangles == Dangles::Both) e += helix_end_dangles(p.mismatch_exterior, p, type, n5, n3);
    return e;
}

// A helix leaving a multiloop, the closing one included (then read from inside: type(j,i),
// n5 = base j-1, n3 = base i+1). Adds the per-branch term.
TROPIC_HOST_DEVICE inline int multi_stem_energy(const EnergyParams& p, int type, int n5, int n3,
                                                Dangles dangles) {
    int e = p.ml_intern + (pays_terminal_au(type) ? p.terminal_au : 0);
    if (dangles == Dangles::Both) e += helix_end_dangles(p.mismatch_multi, p, type, n5, n3);
    return e;
}

}  // namespace tropic::rna
