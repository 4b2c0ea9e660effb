#pragma once
// The counting options, shared by `tropic cnv count` and `tropic cnv call` (which counts BAM/CRAM
// inputs first).
#include <CLI/CLI.hpp>
#include <string>
#include <vector>

#include "tropic/cnv/read_counting.hpp"

namespace tropic::cli {

struct CountingOptions {
    cnv::ReadCountOptions counting;
    // Comma-separated lists, split by resolve(): a list option of CLI11 would also take the files.
    std::string sequences, sample_names;

    // The options with their lists split.
    cnv::ReadCountOptions resolve() const;
};

void add_counting_options(CLI::App* app, CountingOptions& options);

// "a,b,c" -> {a, b, c}; "" -> {}.
std::vector<std::string> split_commas(const std::string& text);

}  // namespace tropic::cli
