#pragma once
// The RNA alphabet. Residues are stored normalised (upper case, T written as U); other IUPAC
// codes (N, R, Y, ...) are kept in the sequence but encode to Base::N, which never pairs.
#include <cstdint>
#include <optional>
#include <string_view>
#include <vector>

namespace tropic {

enum class Base : std::uint8_t { A = 0, C = 1, G = 2, U = 3, N = 4 };
inline constexpr int kBaseCount = 5;

// Upper-cases a residue and turns T into U; returns nullopt for a character that is not an
// IUPAC nucleotide code.
std::optional<char> normalize_rna_residue(char c) noexcept;

// Encodes a normalised residue (A, C, G, U or another IUPAC letter).
Base encode_rna_residue(char normalized) noexcept;

// Encodes a normalised sequence to Base values (as uint8_t, ready for device transfer).
std::vector<std::uint8_t> encode_rna(std::string_view normalized);

char base_letter(Base b) noexcept;

}  // namespace tropic
