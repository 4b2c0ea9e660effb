#pragma once
// `tropic fold -C`: MFE folding under hard constraints, reading RNAfold -C's input (a constraint
// line after each sequence). Each input file is read whole, folded where `run` says, and written.
#include <string>
#include <vector>

#include "tropic/core/output_sink.hpp"
#include "tropic/rna/energy_params.hpp"
#include "tropic/rna/mfe.hpp"

namespace tropic::cli {

void run_constrained_fold(const std::vector<std::string>& inputs, const rna::EnergyParams& params,
                          const rna::MfeOptions& options, const rna::MfeRun& run, bool json,
                          OutputSink& sink);

}  // namespace tropic::cli
