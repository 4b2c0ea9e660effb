#pragma once
// `tropic fold -C`: MFE folding under hard constraints, reading RNAfold -C's input (a constraint
// line after each sequence). Each input file is read whole, folded on all threads, and written.
#include <string>
#include <vector>

#include "cli/output_sink.hpp"
#include "tropic/core/thread_pool.hpp"
#include "tropic/rna/energy_params.hpp"
#include "tropic/rna/mfe.hpp"

namespace tropic::cli {

void run_constrained_fold(const std::vector<std::string>& inputs, const rna::EnergyParams& params,
                          const rna::MfeOptions& options, bool json, ThreadPool& pool,
                          OutputSink& sink);

}  // namespace tropic::cli
