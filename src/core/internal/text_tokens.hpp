#pragma once
// The one tokenizer of tropic's plain-text parameter files (substitution matrices, tropic's energy
// parameters): words separated by white space, each with its line and column for messages, and a
// comment character that ends a line's words.
#include <string_view>
#include <vector>

namespace tropic {

struct TextToken {
    std::string_view text;
    int line = 0;    // 1-based
    int column = 0;  // 1-based, in bytes
};

// The words of `text` in order; `comment` (0: none) and what follows it on its line are no words.
// White space: ' ', '\t', '\r', '\v', '\f' and the line breaks.
std::vector<TextToken> text_tokens(std::string_view text, char comment = '#');

}  // namespace tropic
