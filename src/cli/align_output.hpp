#pragma once
// The output layout of `tropic align` and `tropic search` from --format, --json and -o.
#include <string>

#include "cli/shared_options.hpp"
#include "tropic/align/alignment_writer.hpp"

namespace tropic::cli {

// --format (format_given: on the command line), else json with --json, and SAM records for an
// -o path ending in .bam. Throws InputError when they contradict each other.
align::AlignmentOutput chosen_layout(const std::string& format, bool format_given,
                                     const SharedOptions& shared);

}  // namespace tropic::cli
