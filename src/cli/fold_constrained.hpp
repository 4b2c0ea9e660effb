#pragma once
// `tropic fold -C`: MFE folding under hard constraints, reading RNAfold -C's input (a constraint
// line after each sequence), streamed through the pipeline as the other folds are.
#include <cstdint>
#include <string>
#include <vector>

#include "cli/shared_options.hpp"
#include "tropic/core/output_sink.hpp"
#include "tropic/core/record_chunks.hpp"
#include "tropic/core/run_options.hpp"
#include "tropic/rna/energy_params.hpp"
#include "tropic/rna/mfe.hpp"
#include "tropic/rna/structure_constraint.hpp"
#include "tropic/rna/structure_records.hpp"

namespace tropic::cli {

// The constraint of every record of a chunk; an unusable one stops the run naming its record.
std::vector<rna::StructureConstraint> record_constraints(
    const RecordChunk<rna::StructureRecord>& chunk,
    const std::vector<std::vector<std::uint8_t>>& encoded);

void fold_constrained(const std::vector<std::string>& inputs, const rna::EnergyParams& params,
                      const rna::MfeParams& mfe_params, const SharedOptions& shared,
                      const RunOptions& run, OutputSink& sink);

}  // namespace tropic::cli
