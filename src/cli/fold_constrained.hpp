#pragma once
// `tropic fold -C`: MFE folding under hard constraints, reading RNAfold -C's input (a constraint
// line after each sequence), streamed through the pipeline as the other folds are.
#include <string>
#include <vector>

#include "cli/shared_options.hpp"
#include "tropic/core/output_sink.hpp"
#include "tropic/core/run_options.hpp"
#include "tropic/rna/energy_params.hpp"
#include "tropic/rna/mfe.hpp"

namespace tropic::cli {

void fold_constrained(const std::vector<std::string>& inputs, const rna::EnergyParams& params,
                      const rna::MfeOptions& options, const SharedOptions& shared,
                      const RunOptions& run, OutputSink& sink);

}  // namespace tropic::cli
