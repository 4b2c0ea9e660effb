#pragma once
// The subcommands of `tropic cnv`, each in its own file.
#include <CLI/CLI.hpp>

#include "cli/commands.hpp"

namespace tropic::cli {

Command add_cnv_count_command(CLI::App& cnv);  // cnv_count_command.cpp
Command add_cnv_call_command(CLI::App& cnv);   // cnv_call_command.cpp

}  // namespace tropic::cli
