#pragma once
// The options commands share, added by one function so that they have the same names, defaults
// and help everywhere (docs/architecture.md, "The command-line tool"): --backend --device
// --threads --max-memory --json -o --quiet --chunk. Each command takes those it honours and no
// other, so that --help never lists an option the command would refuse. They become the
// library's RunOptions.
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
    std::string device = "0";  // N, all or N,M,... (parse_device_list)
    unsigned threads = 0;
    std::size_t max_memory = 0;  // as RunOptions::max_memory; kNoMemoryLimit for --max-memory 0
    bool json = false;
    std::string output;  // empty: stdout
    bool quiet = false;
    std::size_t chunk = 65536;  // records per chunk, for commands that stream
};

// The shared options, as flags to combine.
enum class Shared : unsigned {
    None = 0,
    Backend = 1u << 0,    // --backend
    Device = 1u << 1,     // --device
    Threads = 1u << 2,    // --threads
    MaxMemory = 1u << 3,  // --max-memory
    Json = 1u << 4,       // --json
    Output = 1u << 5,     // -o/--output
    Quiet = 1u << 6,      // -q/--quiet
    Chunk = 1u << 7,      // --chunk
    // With Device: the command's work is one problem, run on the first device of a list.
    OneDeviceProblem = 1u << 8,
};
constexpr Shared operator|(Shared a, Shared b) noexcept {
    return static_cast<Shared>(static_cast<unsigned>(a) | static_cast<unsigned>(b));
}
constexpr bool has(Shared set, Shared option) noexcept {
    return (static_cast<unsigned>(set) & static_cast<unsigned>(option)) != 0;
}
// What a command with a CPU and a GPU path takes.
inline constexpr Shared kComputeOptions = Shared::Backend | Shared::Device | Shared::Threads |
                                          Shared::MaxMemory | Shared::Json | Shared::Output |
                                          Shared::Quiet;

// Adds the options of `which` to `command`, writing into `options`; --chunk's default is the value
// options.chunk holds.
void add_run_options(CLI::App* command, SharedOptions& options, Shared which);

// The options as RunOptions, computing on `pool`, the library's notices said by note(). Throws
// ResourceError for --backend cuda without a usable device.
RunOptions make_run_options(const SharedOptions& options, ThreadPool& pool);
// The same for work on the calling thread alone (the CPU, no pool).
RunOptions make_run_options(const SharedOptions& options);

}  // namespace tropic::cli
