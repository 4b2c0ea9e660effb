#pragma once
// The dot-bracket rules the hairpin code shares: which characters a structure may hold, the
// messages for malformed ones, and the partner of every position.
#include <cstdint>
#include <string_view>
#include <vector>

namespace tropic::mirna::detail {

// InputError for a character other than '(', ')' or '.' at `position` (0-based).
[[noreturn]] void throw_bad_structure_character(char c, std::size_t position);
// InputError for a ')' at `position` that closes nothing.
[[noreturn]] void throw_unmatched_close(std::size_t position);
// InputError for a '(' at `position` that is never closed.
[[noreturn]] void throw_unclosed_open(std::size_t position);

// partner[k]: the position paired with k, or -1 when k is unpaired. InputError when the
// structure is unbalanced or holds other characters.
void partner_table(std::string_view structure, std::vector<std::int32_t>& partner);

}  // namespace tropic::mirna::detail
