#include "tropic/core/dna_encoding.hpp"

#include <algorithm>
#include <array>

#include "core/letter_codes.hpp"

namespace tropic {

namespace {

constexpr auto kEncode = letter_codes<DnaBase>("ACGT", DnaBase::N);

constexpr std::array<char, 256> make_complement_table() {
    std::array<char, 256> table{};
    for (std::size_t c = 0; c < table.size(); ++c) table[c] = static_cast<char>(c);
    constexpr const char* kPairs[] = {"AT", "CG", "RY", "KM", "BV", "DH"};
    for (const char* pair : kPairs) {
        table[static_cast<unsigned char>(pair[0])] = pair[1];
        table[static_cast<unsigned char>(pair[1])] = pair[0];
    }
    return table;
}

constexpr auto kComplement = make_complement_table();

}  // namespace

DnaBase encode_dna_residue(char normalized) noexcept {
    return kEncode[static_cast<unsigned char>(normalized)];
}

std::vector<std::uint8_t> encode_dna(std::string_view normalized) {
    std::vector<std::uint8_t> out(normalized.size());
    for (std::size_t i = 0; i < normalized.size(); ++i)
        out[i] = static_cast<std::uint8_t>(encode_dna_residue(normalized[i]));
    return out;
}

std::vector<std::uint8_t> reverse_complement_dna(std::span<const std::uint8_t> codes) {
    std::vector<std::uint8_t> out(codes.rbegin(), codes.rend());
    // A C G T are 0..3, so a base's complement is 3 - code; N (4) has none.
    for (std::uint8_t& code : out)
        if (code < 4) code = static_cast<std::uint8_t>(3 - code);
    return out;
}

std::string reverse_complement_dna(std::string_view normalized) {
    std::string out(normalized.rbegin(), normalized.rend());
    std::transform(out.begin(), out.end(), out.begin(),
                   [](char c) { return kComplement[static_cast<unsigned char>(c)]; });
    return out;
}

}  // namespace tropic
