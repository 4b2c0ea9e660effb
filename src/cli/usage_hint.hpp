#pragma once
// What main() adds to a usage error or to running out of memory. It names only options of the
// command at hand, so that a hint never suggests an option that the command would refuse.
#include <CLI/CLI.hpp>
#include <string>

namespace tropic::cli {

// After a usage error: where to read the options ("Run 'tropic fold --help' for its options.")
// and, for an unknown option, the option of that command nearest in spelling, if one is near.
std::string usage_hint(const CLI::App& app);

// After running out of memory: "try a smaller --chunk or fewer --threads", with those of the
// options the command has; empty when it has none of them.
std::string memory_hint(const CLI::App& app);

}  // namespace tropic::cli
