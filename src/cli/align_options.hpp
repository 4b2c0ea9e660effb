#pragma once
// The options of `tropic align`, shared by the command and its scoring setup.
#include <optional>
#include <string>

#include "cli/align_scoring.hpp"
#include "cli/pair_command.hpp"
#include "cli/shared_options.hpp"

namespace tropic::cli {

struct AlignOptions {
    PairFiles files;
    std::string mode = "local";
    ScoringOptions scoring;
    bool score_only = false, cigar_m = false;
    std::optional<std::string> format;  // default: tsv
    SharedOptions shared;
};

}  // namespace tropic::cli
