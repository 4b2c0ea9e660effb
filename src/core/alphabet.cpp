#include "tropic/core/alphabet.hpp"

#include <array>

#include "core/letter_codes.hpp"

namespace tropic {

namespace {

using NormalizeTable = std::array<char, 256>;

// Maps every letter of `codes`, in either case, to its upper-case self; 0 marks a character
// outside the alphabet.
constexpr NormalizeTable make_normalize_table(std::string_view codes) {
    NormalizeTable table{};
    for (char c : codes) {
        table[static_cast<unsigned char>(c)] = c;
        if (c >= 'A' && c <= 'Z') table[static_cast<unsigned char>(c - 'A' + 'a')] = c;
    }
    return table;
}

constexpr NormalizeTable make_rna_table() {
    NormalizeTable table = make_normalize_table("ACGURYSWKMBDHVN");
    table['T'] = 'U';
    table['t'] = 'U';
    return table;
}

constexpr NormalizeTable make_dna_table() {
    NormalizeTable table = make_normalize_table("ACGTRYSWKMBDHVN");
    table['U'] = 'T';
    table['u'] = 'T';
    return table;
}

constexpr NormalizeTable kRna = make_rna_table();
constexpr NormalizeTable kDna = make_dna_table();
constexpr NormalizeTable kProtein = make_normalize_table("ACDEFGHIKLMNPQRSTVWYBZJUOX*");
constexpr auto kEncode = letter_codes<Base>("ACGU", Base::N);

std::optional<char> look_up(const NormalizeTable& table, char c) noexcept {
    char n = table[static_cast<unsigned char>(c)];
    if (n == 0) return std::nullopt;
    return n;
}

}  // namespace

std::string_view alphabet_name(Alphabet alphabet) noexcept {
    switch (alphabet) {
        case Alphabet::Dna:
            return "DNA";
        case Alphabet::Protein:
            return "protein";
        default:
            return "RNA";
    }
}

std::optional<char> normalize_residue(Alphabet alphabet, char c) noexcept {
    switch (alphabet) {
        case Alphabet::Dna:
            return look_up(kDna, c);
        case Alphabet::Protein:
            return look_up(kProtein, c);
        default:
            return look_up(kRna, c);
    }
}

bool looks_like_dna(std::string_view residues) noexcept {
    constexpr std::string_view kNucleotides = "ACGTURYSWKMBDHVN";
    return residues.find_first_not_of(kNucleotides) == std::string_view::npos;
}

std::optional<char> normalize_rna_residue(char c) noexcept {
    return look_up(kRna, c);
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
