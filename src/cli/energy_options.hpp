#pragma once
// The energy-model options that `tropic fold` (model mfe), `tropic subopt` and `tropic eval`
// share, written into the library's model details.
#include <CLI/CLI.hpp>
#include <string>

#include "tropic/rna/model_details.hpp"

namespace tropic::cli {

// Adds --dangles, --params and --temperature; `help_prefix` starts their help text (e.g. "mfe: ").
void add_energy_model_options(CLI::App* command, rna::ModelDetails& model,
                              const std::string& help_prefix);

// Adds the folding commands' pair rules, --noLP and --max-bp-span (RNAfold's and RNAsubopt's
// options); `help_prefix` as above.
void add_pair_rule_options(CLI::App* command, rna::ModelDetails& model,
                           const std::string& help_prefix);

}  // namespace tropic::cli
