#include "tropic/core/protein_encoding.hpp"

#include <array>

#include "core/letter_codes.hpp"

namespace tropic {

namespace {

constexpr auto kEncode = letter_codes<std::uint8_t>(kProteinResidueOrder,
                                                    static_cast<std::uint8_t>(kProteinUnknownCode));
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
