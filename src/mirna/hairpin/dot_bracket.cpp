#include "mirna/hairpin/dot_bracket.hpp"

#include <fmt/format.h>

#include "core/internal/messages.hpp"
#include "tropic/core/error.hpp"

namespace tropic::mirna::detail {

void throw_bad_structure_character(char c, std::size_t position) {
    throw InputError(fmt::format("structure: {} at position {} is not '(', ')' or '.'",
                                 quoted_character(c), position + 1));
}

void throw_unmatched_close(std::size_t position) {
    throw InputError(
        fmt::format("structure: ')' at position {} closes no '(' (unbalanced)", position + 1));
}

void throw_unclosed_open(std::size_t position) {
    throw InputError(
        fmt::format("structure: '(' at position {} is never closed (unbalanced)", position + 1));
}

void partner_table(std::string_view structure, std::vector<std::int32_t>& partner) {
    partner.assign(structure.size(), -1);
    // Open positions wait in partner itself: each '(' holds the previous open one (or -1), so
    // the stack needs no memory of its own until it is resolved.
    std::int32_t top = -1;
    for (std::size_t k = 0; k < structure.size(); ++k) {
        const auto position = static_cast<std::int32_t>(k);
        switch (structure[k]) {
            case '(':
                partner[k] = top;
                top = position;
                break;
            case ')': {
                if (top < 0) throw_unmatched_close(k);
                const std::int32_t open = top;
                top = partner[static_cast<std::size_t>(open)];
                partner[static_cast<std::size_t>(open)] = position;
                partner[k] = open;
                break;
            }
            case '.':
                break;
            default:
                throw_bad_structure_character(structure[k], k);
        }
    }
    if (top >= 0) {
        // Report the first unclosed '(' (the bottom of the stack).
        std::int32_t first = top;
        while (partner[static_cast<std::size_t>(first)] >= 0)
            first = partner[static_cast<std::size_t>(first)];
        throw_unclosed_open(static_cast<std::size_t>(first));
    }
}

}  // namespace tropic::mirna::detail
