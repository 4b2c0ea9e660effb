#include "mirna/hairpin/rna_letters.hpp"

#include <fmt/format.h>

#include "core/internal/messages.hpp"
#include "tropic/core/error.hpp"

namespace tropic::mirna::detail {

unsigned rna_letter_index(char c, std::size_t position, std::string_view what) {
    switch (c) {
        case 'A':
            return 0;
        case 'C':
            return 1;
        case 'G':
            return 2;
        case 'U':
            return 3;
        default:
            throw InputError(fmt::format("{}: {} at position {} is not A, C, G or U", what,
                                         quoted_character(c), position + 1));
    }
}

}  // namespace tropic::mirna::detail
