#pragma once
// Where a command's results go: -o FILE (stdout without one), declared with the command's other
// outputs before any work (tropic/core/output_files.hpp) and committed with them at the end.
#include <functional>

#include "cli/shared_options.hpp"
#include "tropic/core/output_files.hpp"
#include "tropic/core/output_sink.hpp"

namespace tropic::cli {

// Declares -o, calls write(sink, outputs) (which writes the results and may declare further
// outputs before it computes), then commits the sink and every output together.
void write_results(const SharedOptions& shared,
                   const std::function<void(OutputSink& sink, OutputFiles& outputs)>& write);

}  // namespace tropic::cli
