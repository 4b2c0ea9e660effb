#pragma once
// Memory sizes on the command line: "512M", "1.5G", "2000000".
#include <cstddef>
#include <string>

namespace tropic::cli {

// Bytes of a size with an optional binary suffix K, M, G or T (a trailing B is allowed: "4GB");
// `option` names the option in the InputError thrown for anything else.
std::size_t parse_memory_size(const std::string& text, const char* option);

}  // namespace tropic::cli
