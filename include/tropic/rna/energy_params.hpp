#pragma once
// Nearest-neighbour free-energy parameters of RNA secondary structure (Turner 2004 by default),
// as plain data: integer arrays in dcal/mol at 37 °C, indexed the way ViennaRNA indexes them, so
// that the same struct is copied to the GPU unchanged. docs/energy-params.md describes the
// tables, the file formats and where the built-in values come from.
//
// Indices:
//   pair types  0 no pair, 1 CG, 2 GC, 3 GU, 4 UG, 5 AU, 6 UA, 7 nonstandard
//               (the first base is the 5' one: pair (i,j) with i < j of C and G is CG)
//   bases       0 N (any, or none), 1 A, 2 C, 3 G, 4 U   (see param_base())
#include <cstdint>
#include <string>
#include <string_view>

#include "tropic/core/alphabet.hpp"

namespace tropic::rna {

inline constexpr int kPairTypes = 8;
inline constexpr int kParamBases = 5;
// Interior loops and bulges hold at most this many unpaired bases in the MFE fold; the loop
// tables have entries 0..kMaxLoop and longer loops are extrapolated (see loop_energy.hpp).
inline constexpr int kMaxLoop = 30;
// "Forbidden": large enough to never win, small enough that a few sums never overflow int32.
inline constexpr int kInfEnergy = 10000000;
// The most special hairpins of one size (tri-, tetra- or hexaloops) a parameter set may list.
inline constexpr int kMaxSpecialHairpins = 64;

// A hairpin loop whose total energy is tabulated: the closing pair and the loop, 5' to 3'.
template <int Length>
struct SpecialHairpins {
    int count = 0;
    char sequence[kMaxSpecialHairpins][Length + 1] = {};  // NUL-terminated
    int energy[kMaxSpecialHairpins] = {};
};

struct EnergyParams {
    // Stacking of pair type p (outer, i,j) on pair type q read from inside as (q, p):
    // stack[type(i,j)][type(l,k)] for a stack i-j, k-l with k = i+1, l = j-1.
    int stack[kPairTypes][kPairTypes] = {};
    // Initiation by loop size 0..30.
    int hairpin[kMaxLoop + 1] = {};
    int bulge[kMaxLoop + 1] = {};
    int interior[kMaxLoop + 1] = {};
    // Mismatches: [pair type as seen from inside the loop][5' neighbour][3' neighbour].
    int mismatch_hairpin[kPairTypes][kParamBases][kParamBases] = {};
    int mismatch_interior[kPairTypes][kParamBases][kParamBases] = {};
    int mismatch_interior_1n[kPairTypes][kParamBases][kParamBases] = {};
    int mismatch_interior_23[kPairTypes][kParamBases][kParamBases] = {};
    int mismatch_multi[kPairTypes][kParamBases][kParamBases] = {};
    int mismatch_exterior[kPairTypes][kParamBases][kParamBases] = {};
    // Dangling ends: dangle5[type(i,j)][base i-1], dangle3[type(i,j)][base j+1].
    int dangle5[kPairTypes][kParamBases] = {};
    int dangle3[kPairTypes][kParamBases] = {};
    // Small interior loops: 1x1, 1x2 (the single base on the 5' side) and 2x2.
    int int11[kPairTypes][kPairTypes][kParamBases][kParamBases] = {};
    int int21[kPairTypes][kPairTypes][kParamBases][kParamBases][kParamBases] = {};
    int int22[kPairTypes][kPairTypes][kParamBases][kParamBases][kParamBases][kParamBases] = {};
    // Multiloop: per unpaired base, per loop, per branch (the closing pair counts as a branch).
    int ml_base = 0;
    int ml_closing = 0;
    int ml_intern = 0;
    // Interior-loop asymmetry: min(max_ninio, ninio * |n1 - n2|).
    int ninio = 0;
    int max_ninio = 0;
    int terminal_au = 0;  // per helix end closed by AU, UA, GU or UG
    int duplex_init = 0;  // intermolecular initiation (unused by single-strand folding)
    // Extrapolation of loops longer than 30: + trunc(lxc * ln(size / 30)), in dcal/mol.
    double lxc = 107.856;
    SpecialHairpins<5> triloops;
    SpecialHairpins<6> tetraloops;
    SpecialHairpins<8> hexaloops;
    // True when the source listed enthalpies as well (needed for other temperatures).
    bool has_enthalpies = false;
};

// Base code of the parameter tables for an alphabet base (A->1, C->2, G->3, U->4, N->0).
constexpr int param_base(std::uint8_t base) noexcept {
    return (base + 1) % kParamBases;
}

// Pair type of two alphabet bases (5' base first); 0 when they cannot pair. Only the Watson-Crick
// pairs and G-U pair; N never pairs.
// The 5 x 5 table (rows A C G U N, columns A C G U N) is packed four bits an entry into two
// words, so that CUDA kernels look it up in registers instead of a local array:
//   A: 0 0 0 5 0   C: 0 0 1 0 0   G: 0 2 0 3 0   U: 6 0 4 0 0   N: 0 0 0 0 0
constexpr int pair_type(std::uint8_t five_prime, std::uint8_t three_prime) noexcept {
    constexpr std::uint64_t kFirst16 = 0x6030200010005000, kLast9 = 0x40;
    if (five_prime >= 5 || three_prime >= 5) return 0;
    const int index = five_prime * 5 + three_prime;
    return static_cast<int>((index < 16 ? kFirst16 >> (4 * index) : kLast9 >> (4 * (index - 16))) &
                            15u);
}

// The type of the same pair read the other way round (CG <-> GC, GU <-> UG, AU <-> UA).
constexpr int reverse_pair_type(int type) noexcept {
    // 0 2 1 4 3 6 5 7, four bits each.
    return static_cast<int>((0x75634120u >> (4 * type)) & 15u);
}

// AU, UA, GU and UG pairs pay the terminal AU/GU penalty at helix ends.
constexpr bool pays_terminal_au(int type) noexcept {
    return type > 2;
}

// The Turner 2004 set, as ViennaRNA 2.x uses it by default; compiled into the library from
// data/energy/rna_turner2004.tep at build time. The enthalpies are the same tables in dcal/mol.
[[nodiscard]] const EnergyParams& turner2004_params();
[[nodiscard]] const EnergyParams& turner2004_enthalpies();

// Reads a parameter file in tropic's own format (docs/energy-params.md). `source` names the text
// in error messages. Throws InputError naming the source, line and token of any problem. When
// the file lists enthalpies and `enthalpies` is given, they are stored there.
[[nodiscard]] EnergyParams parse_tropic_params(std::string_view text, const std::string& source,
                                               EnergyParams* enthalpies = nullptr);

// Reads a ViennaRNA 2.x `.par` file. Sections the file leaves out keep their Turner 2004 values,
// as in ViennaRNA; `_enthalpies` sections go to `enthalpies` when given. Throws InputError
// naming the file, line and token of a malformed value, an unknown section or a wrong number of
// values.
[[nodiscard]] EnergyParams read_vienna_params(const std::string& path,
                                              EnergyParams* enthalpies = nullptr);
[[nodiscard]] EnergyParams parse_vienna_params(std::string_view text, const std::string& source,
                                               EnergyParams* enthalpies = nullptr);

// Loads a parameter file, by format: `.par` files as ViennaRNA's, anything else as tropic's.
[[nodiscard]] EnergyParams load_energy_params(const std::string& path,
                                              EnergyParams* enthalpies = nullptr);

// The parameters at `celsius` from free energies at 37 °C and enthalpies, as ViennaRNA rescales
// them: G(T) = H - (H - G37) * T / T37 in kelvin, truncated toward zero; INF stays INF; lxc
// scales by T / T37; max_ninio is kept.
[[nodiscard]] EnergyParams rescale_to_temperature(const EnergyParams& at37,
                                                  const EnergyParams& enthalpies, double celsius);

}  // namespace tropic::rna
