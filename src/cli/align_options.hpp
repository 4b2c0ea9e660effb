#pragma once
// The options of `tropic align`, shared by the command and its scoring setup.
#include <string>

#include "cli/shared_options.hpp"

namespace tropic::cli {

struct AlignOptions {
    std::string query, target;
    bool pairs = false;
    std::string mode = "local";
    bool dna = false, protein = false;
    int match = 2, mismatch = -3, n_score = -3;
    std::string matrix = "BLOSUM62";
    int gap_open = 5, gap_extend = 2;
    bool score_only = false, cigar_m = false;
    std::string format = "tsv";
    SharedOptions shared;

    // Which options the command line gave: their defaults depend on the alphabet, and a DNA
    // option with protein (or the reverse) is an error only when given.
    struct Given {
        bool match = false, mismatch = false, n_score = false, matrix = false;
        bool gap_open = false, gap_extend = false, format = false;
    } given;
};

}  // namespace tropic::cli
