#pragma once
// `tropic fold -p` (and --MEA, --sample, --bpp, --dotplot, --plot): the Boltzmann ensemble of
// every record, streamed as the MFE folds are, with or without -C constraint lines.
#include <cstddef>
#include <cstdint>
#include <string>
#include <vector>

#include "cli/shared_options.hpp"
#include "tropic/core/output_files.hpp"
#include "tropic/core/output_sink.hpp"
#include "tropic/core/run_options.hpp"
#include "tropic/rna/boltzmann_factors.hpp"
#include "tropic/rna/energy_params.hpp"
#include "tropic/rna/ensemble.hpp"
#include "tropic/rna/ensemble_writer.hpp"

namespace tropic::cli {

struct EnsembleCliOptions {
    rna::EnsembleParams ensemble;
    rna::EnsembleTextOptions text;
    std::string bpp_path;     // --bpp FILE: the listed pairs of every record as TSV
    std::string dotplot_dir;  // --dotplot DIR: <name>_dp.svg|png per record
    std::string plot_dir;     // --plot DIR: <name>_ss.svg|png, the MFE (MEA with --MEA) drawn
    bool png = false;
    std::string colour_by = "probability";
};

void fold_ensembles(const std::vector<std::string>& inputs, bool constraints,
                    const rna::EnergyParams& params, const rna::BoltzmannFactors& factors,
                    const EnsembleCliOptions& options, const SharedOptions& shared,
                    const RunOptions& run, OutputSink& sink, OutputFiles& files);

}  // namespace tropic::cli
