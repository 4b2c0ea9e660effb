#pragma once
// The output layout of `tropic align` and `tropic search` from --format, --json and -o.
#include <optional>
#include <string>

#include "cli/shared_options.hpp"
#include "tropic/align/alignment_writer.hpp"

namespace tropic::cli {

// --format when given, else json with --json, SAM records for an -o path ending in .bam, else
// `otherwise` (the command's default layout). Throws InputError when they contradict each other.
align::AlignmentOutput chosen_layout(const std::optional<std::string>& format,
                                     align::AlignmentOutput otherwise, const SharedOptions& shared);

}  // namespace tropic::cli
