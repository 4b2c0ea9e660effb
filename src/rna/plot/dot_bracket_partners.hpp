#pragma once
// The partner of every base of a dot-bracket string, for the pictures: any two bases may pair
// here (a drawing shows what it is given; eval's bracket_partners() also checks the bases).
#include <string_view>
#include <vector>

namespace tropic::rna::detail {

// -1 where unpaired; '(' and ')' pair, every other character is unpaired. Throws InputError
// "unbalanced ')' at position N" / "unbalanced '(' at position N" (1-based).
std::vector<int> dot_bracket_partners(std::string_view dot_bracket);

}  // namespace tropic::rna::detail
