#pragma once
// What main() says about a command line that does not parse, and what it adds to running out of
// memory. Hints name only commands and options of the command at hand, so that a hint never
// suggests an option that the command would refuse.
#include <CLI/CLI.hpp>
#include <string>

namespace tropic::cli {

struct UsageError {
    std::string message;  // after "tropic: error: "
    std::string hint;     // the next line: where to read the options, and what was likely meant
};

// - an unknown command: "unknown command 'fodl'; did you mean 'fold'?" (or 'cnv call' under cnv);
// - a value an option check refused (option_checks.hpp): "--top must be at least 1, not 0";
// - anything else: CLI11's message.
// The hint: "Run 'tropic cnv call --help' for its options." and, for an unknown option, the
// nearest option of that command in spelling, or the one it abbreviates ("--temp": --temperature).
UsageError usage_error(const CLI::App& app, const CLI::ParseError& error);

// After running out of memory: "try a smaller --chunk or fewer --threads", with those of the
// options the command has; empty when it has none of them.
std::string memory_hint(const CLI::App& app);

}  // namespace tropic::cli
