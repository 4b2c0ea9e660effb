#include "core/internal/messages.hpp"

#include <fmt/format.h>

#include <cstring>

#include "tropic/core/error.hpp"

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

namespace {

// The length of the valid UTF-8 sequence of two to four bytes at the start of `text`, or 0.
std::size_t utf8_sequence_length(std::string_view text) {
    const auto byte = [&](std::size_t k) { return static_cast<unsigned char>(text[k]); };
    const unsigned char lead = byte(0);
    const std::size_t length = lead >= 0xf0 && lead <= 0xf4   ? 4
                               : lead >= 0xe0 && lead <= 0xef ? 3
                               : lead >= 0xc2 && lead <= 0xdf ? 2
                                                              : 0;
    if (length == 0 || text.size() < length) return 0;
    for (std::size_t k = 1; k < length; ++k)
        if ((byte(k) & 0xc0) != 0x80) return 0;
    // Overlong three- and four-byte forms, surrogates and code points past U+10FFFF.
    if (lead == 0xe0 && byte(1) < 0xa0) return 0;
    if (lead == 0xed && byte(1) >= 0xa0) return 0;
    if (lead == 0xf0 && byte(1) < 0x90) return 0;
    if (lead == 0xf4 && byte(1) >= 0x90) return 0;
    return length;
}

}  // namespace

std::string printable_text(std::string_view text) {
    std::string out;
    out.reserve(text.size());
    for (std::size_t k = 0; k < text.size();) {
        const auto u = static_cast<unsigned char>(text[k]);
        if (u >= 0x20 && u < 0x7f) {
            out += text[k++];
        } else if (const std::size_t length = utf8_sequence_length(text.substr(k))) {
            out.append(text.substr(k, length));
            k += length;
        } else {
            out += fmt::format("\\x{:02x}", u);
            ++k;
        }
    }
    return out;
}

std::string errno_reason(int err, const char* fallback) {
    return err > 0 ? std::strerror(err) : fallback;
}

}  // namespace tropic
