// ViennaRNA's Boltzmann factors (boltzmann_factors.hpp): every table entry rescaled to the
// temperature in double precision, then exponentiated.
#include "tropic/rna/boltzmann_factors.hpp"

#include <algorithm>
#include <cmath>
#include <cstddef>
#include <memory>
#include <vector>

#include "rna/energy/energy_tables.hpp"

namespace tropic::rna {

namespace {

// ViennaRNA's smooth clip of -G (dcal/mol) for helix-end neighbours: 0 well below zero, the
// value itself well above, a sin^2 bridge between with matching first derivatives.
double smooth_clip(double x) {
    constexpr double kScale = 10;
    const double u = x / kScale;
    if (u < -1.2283697) return 0;
    if (u > 0.8660254) return x;
    const double s = std::sin(u - 0.34242663) + 1;
    return kScale * 0.38490018 * s * s;
}

struct Rescaler {
    double ratio;  // T / T37, in kelvin
    double kT;
    // G(T) in dcal/mol; a forbidden entry stays forbidden.
    double energy(int g37, int h) const {
        if (g37 >= kInfEnergy) return kInfEnergy;
        if (ratio == 1.0) return g37;  // exact, whatever the enthalpy tables hold
        if (h >= kInfEnergy) return kInfEnergy;
        return h - (h - g37) * ratio;
    }
    double factor(double g) const { return g >= kInfEnergy ? 0.0 : std::exp(-g * 10.0 / kT); }
    double smooth_factor(double g) const {
        return g >= kInfEnergy ? 0.0 : std::exp(smooth_clip(-g) * 10.0 / kT);
    }
};

// Every entry of every table, listed or derived, by its offset in the integer table.
template <std::size_t Size>
void rescale_table(const int* g37, const int* h, double* out, const Rescaler& r, bool smooth) {
    for (std::size_t k = 0; k < Size; ++k) {
        const double g = r.energy(g37[k], h[k]);
        out[k] = smooth ? r.smooth_factor(g) : r.factor(g);
    }
}

template <class IntTable, class DoubleTable>
void rescale(const IntTable& g37, const IntTable& h, DoubleTable& out, const Rescaler& r,
             bool smooth = false) {
    static_assert(sizeof(IntTable) / sizeof(int) == sizeof(DoubleTable) / sizeof(double));
    constexpr std::size_t size = sizeof(IntTable) / sizeof(int);
    rescale_table<size>(reinterpret_cast<const int*>(&g37), reinterpret_cast<const int*>(&h),
                        reinterpret_cast<double*>(&out), r, smooth);
}

template <int Length>
void rescale_special(const SpecialHairpins<Length>& g37, const SpecialHairpins<Length>& h,
                     SpecialHairpins<Length>& loops, double* out, const Rescaler& r) {
    loops = g37;
    for (int k = 0; k < g37.count; ++k) {
        // A parameter set without enthalpies lists none for its loops either: G stays G37.
        const int enthalpy = k < h.count ? h.energy[k] : g37.energy[k];
        out[k] = r.factor(r.energy(g37.energy[k], enthalpy));
    }
}

// int22 entries with an N take the least favourable value over A, C, G, U (as the integer table
// does): derived here from the rescaled energies, which at 37 °C equals rescaling the derived
// integer entry and elsewhere keeps the rule at the temperature.
void derive_int22(const EnergyParams& g37, const EnergyParams& h, BoltzmannFactors& f,
                  const Rescaler& r) {
    constexpr int B = kParamBases;
    using Table = double[B][B][B][B];
    Table e;
    for (int t1 = 1; t1 < kPairTypes; ++t1)
        for (int t2 = 1; t2 < kPairTypes; ++t2) {
            const auto* g = &g37.int22[t1][t2][0][0][0][0];
            const auto* enthalpy = &h.int22[t1][t2][0][0][0][0];
            double* energy = &e[0][0][0][0];
            for (int k = 0; k < B * B * B * B; ++k) energy[k] = r.energy(g[k], enthalpy[k]);
            detail::derive_unknown_base_entries(e);
            double* out = &f.int22[t1][t2][0][0][0][0];
            for (int k = 0; k < B * B * B * B; ++k) out[k] = r.factor(energy[k]);
        }
}

}  // namespace

BoltzmannFactors make_boltzmann_factors(const EnergyParams& g37, const EnergyParams& h,
                                        double celsius, Dangles dangles) {
    BoltzmannFactors f;
    const double kelvin = celsius + kZeroCelsiusKelvin;
    const Rescaler r{kelvin / (37.0 + kZeroCelsiusKelvin), kelvin * kGasConstant};
    f.kT = r.kT;
    f.celsius = celsius;
    rescale(g37.stack, h.stack, f.stack, r);
    rescale(g37.hairpin, h.hairpin, f.hairpin, r);
    rescale(g37.bulge, h.bulge, f.bulge, r);
    rescale(g37.interior, h.interior, f.interior, r);
    rescale(g37.mismatch_hairpin, h.mismatch_hairpin, f.mismatch_hairpin, r);
    rescale(g37.mismatch_interior, h.mismatch_interior, f.mismatch_interior, r);
    rescale(g37.mismatch_interior_1n, h.mismatch_interior_1n, f.mismatch_interior_1n, r);
    rescale(g37.mismatch_interior_23, h.mismatch_interior_23, f.mismatch_interior_23, r);
    rescale(g37.int11, h.int11, f.int11, r);
    rescale(g37.int21, h.int21, f.int21, r);
    derive_int22(g37, h, f, r);
    if (dangles == Dangles::Both) {
        rescale(g37.mismatch_multi, h.mismatch_multi, f.mismatch_multi, r, true);
        rescale(g37.mismatch_exterior, h.mismatch_exterior, f.mismatch_exterior, r, true);
        rescale(g37.dangle5, h.dangle5, f.dangle5, r, true);
        rescale(g37.dangle3, h.dangle3, f.dangle3, r, true);
    } else {
        std::fill_n(&f.mismatch_multi[0][0][0], sizeof(f.mismatch_multi) / sizeof(double), 1.0);
        std::fill_n(&f.mismatch_exterior[0][0][0], sizeof(f.mismatch_exterior) / sizeof(double),
                    1.0);
        std::fill_n(&f.dangle5[0][0], sizeof(f.dangle5) / sizeof(double), 1.0);
        std::fill_n(&f.dangle3[0][0], sizeof(f.dangle3) / sizeof(double), 1.0);
    }
    const double ninio = r.energy(g37.ninio, h.ninio);
    for (int d = 0; d <= kMaxLoop; ++d)
        f.ninio[d] = r.factor(std::min(static_cast<double>(g37.max_ninio), d * ninio));
    f.ml_base = r.factor(r.energy(g37.ml_base, h.ml_base));
    f.ml_closing = r.factor(r.energy(g37.ml_closing, h.ml_closing));
    f.ml_intern = r.factor(r.energy(g37.ml_intern, h.ml_intern));
    f.terminal_au = r.factor(r.energy(g37.terminal_au, h.terminal_au));
    f.lxc = g37.lxc * r.ratio;
    rescale_special(g37.triloops, h.triloops, f.triloops, f.triloop, r);
    rescale_special(g37.tetraloops, h.tetraloops, f.tetraloops, f.tetraloop, r);
    rescale_special(g37.hexaloops, h.hexaloops, f.hexaloops, f.hexaloop, r);
    return f;
}

}  // namespace tropic::rna
