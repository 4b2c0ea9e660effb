#pragma once
// The energy-model options that `tropic fold` (model mfe) and `tropic eval` share.
#include <CLI/CLI.hpp>
#include <string>

#include "tropic/rna/energy_params.hpp"
#include "tropic/rna/loop_energy.hpp"

namespace tropic::cli {

struct EnergyModelOptions {
    int dangles = 2;
    std::string params_file;  // empty: the built-in Turner 2004 set
    double temperature = 37.0;

    rna::Dangles dangle_model() const {
        return dangles == 0 ? rna::Dangles::None : rna::Dangles::Both;
    }
    // The parameters to use, at the temperature; throws InputError for a missing or malformed
    // file, or a temperature other than 37 °C without enthalpies to rescale with.
    rna::EnergyParams load_params() const;
};

// Adds --dangles, --params and --temperature; `help_prefix` starts their help text (e.g. "mfe: ").
void add_energy_model_options(CLI::App* command, EnergyModelOptions& options,
                              const std::string& help_prefix);

}  // namespace tropic::cli
