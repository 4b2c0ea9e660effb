#include "cli/energy_options.hpp"

namespace tropic::cli {

rna::EnergyParams EnergyModelOptions::load_params() const {
    return params_file.empty() ? rna::turner2004_params() : rna::load_energy_params(params_file);
}

void add_energy_model_options(CLI::App* command, EnergyModelOptions& options,
                              const std::string& help_prefix) {
    command
        ->add_option("--dangles", options.dangles,
                     help_prefix +
                         "dangling-end model as RNAfold's -d: 2 (mismatches on both sides of "
                         "every helix) or 0 (none)")
        ->check(CLI::IsMember({0, 2}));
    command->add_option("--params", options.params_file,
                        help_prefix +
                            "energy parameter file, tropic's format or ViennaRNA's .par "
                            "(default: the built-in Turner 2004 set)");
}

}  // namespace tropic::cli
