#pragma once
// Pieces of the error messages that every reader and writer of core writes the same way.
#include <string>

namespace tropic {

// The path as messages show it: "<stdin>" for "-", "<stdout>" for an output "-".
std::string display_input_path(const std::string& path);
std::string display_output_path(const std::string& path);

// A character quoted for a message, with escapes for the ones that do not print ("'\x01'",
// "' ' (space)").
std::string quoted_character(char c);

// The reason errno gives, or `fallback` when errno is 0.
std::string errno_reason(int err, const char* fallback = "unknown error");

}  // namespace tropic
