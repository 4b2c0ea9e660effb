#include "cli/energy_options.hpp"

#include <fmt/format.h>

#include <memory>

#include "tropic/core/error.hpp"

namespace tropic::cli {

rna::EnergyParams EnergyModelOptions::load_params() const {
    if (temperature < -273.15 || temperature > 200.0)
        throw InputError(fmt::format("--temperature {}: outside -273.15 to 200 °C", temperature));
    auto enthalpies = std::make_unique<rna::EnergyParams>();
    rna::EnergyParams params = rna::turner2004_params();
    if (params_file.empty())
        *enthalpies = rna::turner2004_enthalpies();
    else
        params = rna::load_energy_params(params_file, enthalpies.get());
    if (temperature == 37.0) return params;
    if (!params.has_enthalpies)
        throw InputError(fmt::format(
            "--temperature {}: '{}' has no enthalpies, so its energies hold at 37 °C only",
            temperature, params_file));
    return rna::rescale_to_temperature(params, *enthalpies, temperature);
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
    command->add_option("--temperature", options.temperature,
                        help_prefix +
                            "temperature in °C; energies are rescaled from the parameters' "
                            "enthalpies, as RNAfold's -T");
}

}  // namespace tropic::cli
