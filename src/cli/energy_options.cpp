#include "cli/energy_options.hpp"

#include "cli/option_checks.hpp"

namespace tropic::cli {

void add_energy_model_options(CLI::App* command, rna::ModelDetails& model,
                              const std::string& help_prefix) {
    command
        ->add_option("--dangles", model.dangles,
                     help_prefix +
                         "dangling-end model as RNAfold's -d: 2 (mismatches on both sides of "
                         "every helix) or 0 (none)")
        ->check(one_of({"0", "2"}));
    command
        ->add_option("--params", model.parameter_file,
                     help_prefix +
                         "energy parameter file, tropic's format or ViennaRNA's .par "
                         "(default: the built-in Turner 2004 set)")
        ->type_name("FILE");
    command->add_option("--temperature", model.temperature,
                        help_prefix +
                            "temperature in °C; energies are rescaled from the parameters' "
                            "enthalpies, as RNAfold's -T");
}

void add_pair_rule_options(CLI::App* command, rna::ModelDetails& model,
                           const std::string& help_prefix) {
    command->add_flag("--noLP", model.no_lonely_pairs,
                      help_prefix +
                          "no lonely pairs (every pair stacks on another), as the Vienna tools' "
                          "--noLP");
    command
        ->add_option("--max-bp-span,--maxBPspan", model.max_bp_span,
                     help_prefix +
                         "pairs (i,j) need j - i + 1 <= L, as the Vienna tools' --maxBPspan; -1: "
                         "no limit")
        ->check(between(-1, 1 << 30));
}

}  // namespace tropic::cli
