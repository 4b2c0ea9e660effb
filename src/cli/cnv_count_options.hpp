#pragma once
// The counting options, shared by `tropic cnv count` and `tropic cnv call` (which counts BAM/CRAM
// inputs first).
#include <CLI/CLI.hpp>

#include "tropic/cnv/read_counting.hpp"

namespace tropic::cli {

// The lists (--sequences, --sample-names) take one comma-separated argument each, so that the
// input files after them stay inputs.
void add_counting_options(CLI::App* app, cnv::ReadCountOptions& options);

}  // namespace tropic::cli
