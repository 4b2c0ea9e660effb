#pragma once
// The options every command shares, added by one function so that they have the same names,
// defaults and help everywhere (ARCHITECTURE.md): --backend --device --threads --max-memory
// --json -o --quiet, and --chunk where the command streams. They become the library's
// RunOptions.
#include <CLI/CLI.hpp>
#include <cstddef>
#include <cstdint>
#include <string>

#include "tropic/core/run_options.hpp"

namespace tropic::cli {

// --max-memory 0: RunOptions' 0 means "what the system has available", so "no limit" is this.
inline constexpr std::size_t kNoMemoryLimit = SIZE_MAX;

struct SharedOptions {
    std::string backend = "auto";
    int device = 0;
    unsigned threads = 0;
    std::size_t max_memory = 0;  // as RunOptions::max_memory; kNoMemoryLimit for --max-memory 0
    bool json = false;
    std::string output;  // empty: stdout
    bool quiet = false;
    std::size_t chunk = 65536;  // records per chunk, for commands that stream
};

enum class Streaming { No, Yes };

// Adds the shared options to `command`, writing into `options`; a streaming command gets --chunk,
// whose default is the value options.chunk holds.
void add_run_options(CLI::App* command, SharedOptions& options, Streaming streaming);

// --json alone, in the same words, for a command without the others (`tropic device`).
void add_json_option(CLI::App* command, bool& json);

// The options as RunOptions, computing on `pool`. Throws ResourceError for --backend cuda without
// a usable device.
RunOptions make_run_options(const SharedOptions& options, ThreadPool& pool);

}  // namespace tropic::cli
