#pragma once
// The energy model of a fold or an evaluation in one object, as ViennaRNA's model details
// (vrna_md_t) hold it: which parameters, at which temperature, which dangling ends and which
// pairs may form. It gives what the engines take: the EnergyParams, loaded and rescaled to the
// temperature, and the MfeParams.
#include <string>

#include "tropic/rna/boltzmann_factors.hpp"
#include "tropic/rna/energy_params.hpp"
#include "tropic/rna/loop_energy.hpp"
#include "tropic/rna/mfe.hpp"

namespace tropic::rna {

struct ModelDetails {
    // Dangling ends, as RNAfold's -d: 2 (mismatch energies on both sides of every helix of
    // exterior and multiloops) or 0 (none).
    int dangles = 2;
    // °C, from -273.15 to 200; energies are rescaled from the parameters' enthalpies (RNAfold -T).
    double temperature = 37.0;
    // An energy parameter file: tropic's own format, or ViennaRNA's `.par` (by extension);
    // empty: the built-in Turner 2004 set.
    std::string parameter_file;
    // RNAfold's --noLP: every pair stacks on another one.
    bool no_lonely_pairs = false;
    // RNAfold's --maxBPspan: pairs (i,j) need j - i + 1 <= max_bp_span; -1: no limit.
    int max_bp_span = -1;

    // Throws InputError naming the field and the value that is out of range.
    void validate() const;

    // The parameters at `temperature`: the file's, or the built-in set. Validates first; throws
    // InputError for a missing or malformed file, or for a temperature other than 37 °C with a
    // file that lists no enthalpies to rescale with.
    [[nodiscard]] EnergyParams energy_params() const;

    // The Boltzmann factors of the partition function at `temperature` (boltzmann_factors.hpp),
    // with the same checks as energy_params().
    [[nodiscard]] BoltzmannFactors boltzmann_factors() const;

    // The fold's options (dangles, no lonely pairs, pair span). Validates first.
    [[nodiscard]] MfeParams mfe_params() const;
};

}  // namespace tropic::rna
