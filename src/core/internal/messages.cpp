#include "core/internal/messages.hpp"

#include <fmt/format.h>

#include <cstring>

namespace tropic {

std::string display_input_path(const std::string& path) {
    return path == "-" ? "<stdin>" : path;
}

std::string display_output_path(const std::string& path) {
    return path.empty() || path == "-" ? "<stdout>" : path;
}

std::string quoted_character(char c) {
    auto u = static_cast<unsigned char>(c);
    if (u >= 0x21 && u < 0x7f) return fmt::format("'{}'", c);
    if (c == ' ') return "' ' (space)";
    if (c == '\t') return "'\\t' (tab)";
    if (c == '\r') return "'\\r' (carriage return)";
    return fmt::format("'\\x{:02x}'", u);
}

std::string escaped_text(std::string_view text) {
    std::string out;
    out.reserve(text.size());
    for (const char c : text) {
        const auto u = static_cast<unsigned char>(c);
        if (u >= 0x20 && u < 0x7f)
            out += c;
        else
            out += fmt::format("\\x{:02x}", u);
    }
    return out;
}

std::string errno_reason(int err, const char* fallback) {
    return err > 0 ? std::strerror(err) : fallback;
}

}  // namespace tropic
