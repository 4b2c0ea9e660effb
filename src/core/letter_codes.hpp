#pragma once
// The one builder of the byte -> code tables that encode normalised residues (RNA, DNA, protein):
// the i-th letter of `letters` gets code i, every other byte `unknown`.
#include <array>
#include <cstddef>
#include <string_view>

namespace tropic {

template <class Code>
constexpr std::array<Code, 256> letter_codes(std::string_view letters, Code unknown) {
    std::array<Code, 256> table{};
    for (auto& code : table) code = unknown;
    for (std::size_t i = 0; i < letters.size(); ++i)
        table[static_cast<unsigned char>(letters[i])] = static_cast<Code>(i);
    return table;
}

}  // namespace tropic
