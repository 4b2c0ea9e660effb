#include "tropic/core/protein_encoding.hpp"

#include <array>

namespace tropic {

namespace {

constexpr std::array<std::uint8_t, 256> make_encode_table() {
    std::array<std::uint8_t, 256> table{};
    for (auto& code : table) code = kProteinUnknownCode;
    for (std::size_t i = 0; i < kProteinResidueOrder.size(); ++i)
        table[static_cast<unsigned char>(kProteinResidueOrder[i])] = static_cast<std::uint8_t>(i);
    return table;
}

constexpr auto kEncode = make_encode_table();
static_assert(kProteinResidueOrder.size() == kProteinCodeCount);
static_assert(kProteinResidueOrder[kProteinUnknownCode] == 'X');

}  // namespace

std::uint8_t encode_protein_residue(char normalized) noexcept {
    return kEncode[static_cast<unsigned char>(normalized)];
}

std::vector<std::uint8_t> encode_protein(std::string_view normalized) {
    std::vector<std::uint8_t> out(normalized.size());
    for (std::size_t i = 0; i < normalized.size(); ++i)
        out[i] = encode_protein_residue(normalized[i]);
    return out;
}

}  // namespace tropic
