#include "tropic/core/dna_encoding.hpp"

#include <array>

namespace tropic {

namespace {

constexpr std::array<DnaBase, 256> make_encode_table() {
    std::array<DnaBase, 256> table{};
    for (auto& b : table) b = DnaBase::N;
    table['A'] = DnaBase::A;
    table['C'] = DnaBase::C;
    table['G'] = DnaBase::G;
    table['T'] = DnaBase::T;
    return table;
}

constexpr auto kEncode = make_encode_table();

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

}  // namespace tropic
