#include "core/internal/text_tokens.hpp"

namespace tropic {

namespace {

bool is_blank(char c) {
    return c == ' ' || c == '\t' || c == '\r' || c == '\v' || c == '\f';
}

}  // namespace

std::vector<TextToken> text_tokens(std::string_view text, char comment) {
    std::vector<TextToken> tokens;
    int line = 1;
    std::size_t line_start = 0;
    std::size_t i = 0;
    while (i < text.size()) {
        const char c = text[i];
        if (c == '\n') {
            ++line;
            line_start = ++i;
        } else if (comment != 0 && c == comment) {
            while (i < text.size() && text[i] != '\n') ++i;
        } else if (is_blank(c)) {
            ++i;
        } else {
            const std::size_t start = i;
            while (i < text.size() && text[i] != '\n' && !is_blank(text[i]) &&
                   !(comment != 0 && text[i] == comment))
                ++i;
            tokens.push_back(
                {text.substr(start, i - start), line, static_cast<int>(start - line_start) + 1});
        }
    }
    return tokens;
}

}  // namespace tropic
