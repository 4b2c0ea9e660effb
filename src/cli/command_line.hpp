#pragma once
// The command line the process was started with, for outputs that record it (SAM's @PG CL:).
#include <string>

namespace tropic::cli {

// Called once by main(); the words joined by spaces, a word with a blank in single quotes.
void set_command_line(int argc, const char* const* argv);
// Empty until set_command_line was called (the command-line fuzz target never calls it).
const std::string& command_line();

}  // namespace tropic::cli
