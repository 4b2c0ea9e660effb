#pragma once
// The output layout of `tropic align` and `tropic search` from --format, --json and -o.
#include <optional>
#include <string>

#include "cli/shared_options.hpp"
#include "tropic/align/alignment_writer.hpp"
#include "tropic/core/error.hpp"

namespace tropic::cli {

// The layout --format named (`named`: its parsed value, or the command's default without
// --format), turned into `json` by --json. Throws InputError when --json meets another --format.
template <class Layout>
Layout with_json(const std::optional<std::string>& format, Layout named, Layout json,
                 const SharedOptions& shared) {
    if (!shared.json) return named;
    if (format && named != json)
        throw InputError("--json and --format " + *format + " contradict each other");
    return json;
}

// --format when given, else json with --json, SAM records for an -o path ending in .bam, else
// `otherwise` (the command's default layout). Throws InputError when they contradict each other.
align::AlignmentOutput chosen_layout(const std::optional<std::string>& format,
                                     align::AlignmentOutput otherwise, const SharedOptions& shared);

}  // namespace tropic::cli
