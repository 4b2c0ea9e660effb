#include "tropic/core/alphabet.hpp"

#include <array>

namespace tropic {

namespace {

// 0 marks a character that is not an IUPAC nucleotide code.
constexpr std::array<char, 256> make_normalize_table() {
    std::array<char, 256> table{};
    constexpr std::string_view codes = "ACGURYSWKMBDHVN";
    for (char c : codes) {
        table[static_cast<unsigned char>(c)] = c;
        table[static_cast<unsigned char>(c - 'A' + 'a')] = c;
    }
    table['T'] = 'U';
    table['t'] = 'U';
    return table;
}

constexpr std::array<Base, 256> make_encode_table() {
    std::array<Base, 256> table{};
    for (auto& b : table) b = Base::N;
    table['A'] = Base::A;
    table['C'] = Base::C;
    table['G'] = Base::G;
    table['U'] = Base::U;
    return table;
}

constexpr auto kNormalize = make_normalize_table();
constexpr auto kEncode = make_encode_table();

}  // namespace

std::optional<char> normalize_rna_residue(char c) noexcept {
    char n = kNormalize[static_cast<unsigned char>(c)];
    if (n == 0) return std::nullopt;
    return n;
}

Base encode_rna_residue(char normalized) noexcept {
    return kEncode[static_cast<unsigned char>(normalized)];
}

std::vector<std::uint8_t> encode_rna(std::string_view normalized) {
    std::vector<std::uint8_t> out(normalized.size());
    for (std::size_t i = 0; i < normalized.size(); ++i)
        out[i] = static_cast<std::uint8_t>(kEncode[static_cast<unsigned char>(normalized[i])]);
    return out;
}

char base_letter(Base b) noexcept {
    switch (b) {
        case Base::A:
            return 'A';
        case Base::C:
            return 'C';
        case Base::G:
            return 'G';
        case Base::U:
            return 'U';
        default:
            return 'N';
    }
}

}  // namespace tropic
