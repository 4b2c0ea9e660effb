#pragma once
// Pieces of messages that every part of tropic writes the same way: how an input path is shown,
// how a stray byte is quoted, and the one remedy when device work cannot run.
#include <string>
#include <string_view>

namespace tropic {

// The path as messages show it: "<stdin>" for "-", "<stdout>" for an output "-" or "" (an
// output written to stdout).
std::string display_input_path(const std::string& path);
std::string display_output_path(const std::string& path);

// A character quoted for a message, with escapes for the ones that do not print ("'\x01'",
// "' ' (space)").
std::string quoted_character(char c);

// The reason errno gives, or `fallback` when errno is 0.
std::string errno_reason(int err, const char* fallback = "unknown error");

// The library's remedy when CUDA work cannot run; the CLI says it in its own flags.
inline constexpr std::string_view kUseCpuBackend = "use the cpu backend";

}  // namespace tropic
