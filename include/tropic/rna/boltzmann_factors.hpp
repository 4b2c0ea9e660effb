#pragma once
// Boltzmann factors exp(-G / kT) of every loop term of the energy model, as the partition
// function multiplies them: ViennaRNA 2.x's vrna_exp_param_t with its default "smooth" rules.
//
// Differences from the integer energies of MFE folding (EnergyParams), which ViennaRNA makes and
// tropic follows so that ensemble energies and pair probabilities agree with RNAfold -p:
//   - at a temperature other than 37 °C, G(T) = H - (H - G37) * T / T37 is kept as a double (the
//     MFE truncates it to an integer);
//   - hairpins longer than 30 extrapolate by lxc(T) * ln(size / 30) untruncated;
//   - with dangles 2, the mismatch and dangle terms of exterior and multiloops pass through a
//     smooth clip (a helix end's neighbours never destabilise it, and the clip is differentiable):
//     x = -G in dcal/mol; x / 10 < -1.2283697 -> 0, x / 10 > 0.8660254 -> x, in between
//     10 * 0.38490018 * (sin(x / 10 - 0.34242663) + 1)^2. It changes terms near zero, e.g. a
//     dangle of 0 counts as -0.17 dcal/mol.
// kT = (T + 273.15) * 1.98717 cal/mol; a factor is exp(-G * 10 / kT) for G in dcal/mol.
#include "tropic/rna/energy_params.hpp"
#include "tropic/rna/loop_energy.hpp"

namespace tropic::rna {

struct BoltzmannFactors {
    double kT = 0;  // cal/mol
    double celsius = 37;
    double stack[kPairTypes][kPairTypes] = {};
    double hairpin[kMaxLoop + 1] = {};
    double bulge[kMaxLoop + 1] = {};
    double interior[kMaxLoop + 1] = {};
    double mismatch_hairpin[kPairTypes][kParamBases][kParamBases] = {};
    double mismatch_interior[kPairTypes][kParamBases][kParamBases] = {};
    double mismatch_interior_1n[kPairTypes][kParamBases][kParamBases] = {};
    double mismatch_interior_23[kPairTypes][kParamBases][kParamBases] = {};
    double mismatch_multi[kPairTypes][kParamBases][kParamBases] = {};
    double mismatch_exterior[kPairTypes][kParamBases][kParamBases] = {};
    double dangle5[kPairTypes][kParamBases] = {};
    double dangle3[kPairTypes][kParamBases] = {};
    double int11[kPairTypes][kPairTypes][kParamBases][kParamBases] = {};
    double int21[kPairTypes][kPairTypes][kParamBases][kParamBases][kParamBases] = {};
    double int22[kPairTypes][kPairTypes][kParamBases][kParamBases][kParamBases][kParamBases] = {};
    // Asymmetry of interior loops by |n1 - n2|: exp(-min(max_ninio, ninio * d) * 10 / kT).
    double ninio[kMaxLoop + 1] = {};
    double ml_base = 1, ml_closing = 1, ml_intern = 1, terminal_au = 1;
    // lxc at the temperature (dcal/mol), for hairpins longer than 30.
    double lxc = 0;
    SpecialHairpins<5> triloops;  // the sequences; the factors below, in the same order
    SpecialHairpins<6> tetraloops;
    SpecialHairpins<8> hexaloops;
    double triloop[kMaxSpecialHairpins] = {};
    double tetraloop[kMaxSpecialHairpins] = {};
    double hexaloop[kMaxSpecialHairpins] = {};
};

// The factors at `celsius` from free energies at 37 °C and enthalpies (as ModelDetails loads
// them); with Dangles::None the exterior and multiloop mismatch and dangle factors are 1.
[[nodiscard]] BoltzmannFactors make_boltzmann_factors(const EnergyParams& at37,
                                                      const EnergyParams& enthalpies,
                                                      double celsius, Dangles dangles);

// Gas constant (cal/(mol K)) and 0 °C in kelvin, as ViennaRNA's.
inline constexpr double kGasConstant = 1.98717;
inline constexpr double kZeroCelsiusKelvin = 273.15;

}  // namespace tropic::rna
