#pragma once
// The letters of a hairpin: upper-case RNA, A, C, G, U as 0..3.
#include <cstddef>
#include <string_view>

namespace tropic::mirna::detail {

// 0..3 for A, C, G, U; InputError "<what>: 'T' at position 3 is not A, C, G or U" otherwise
// (`position` 0-based, shown 1-based).
unsigned rna_letter_index(char c, std::size_t position, std::string_view what);

}  // namespace tropic::mirna::detail
