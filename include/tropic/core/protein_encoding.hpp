#pragma once
// Protein residues as indices into NCBI's residue order, the row and column order of the
// BLOSUM and PAM matrix files NCBI distributes, so that a substitution matrix read from one of
// them is indexed by these codes directly:
//
//   index  0 1 2 3 4 5 6 7 8 9 10 11 12 13 14 15 16 17 18 19 20 21 22 23
//   letter A R N D C Q E G H I L  K  M  F  P  S  T  W  Y  V  B  Z  X  *
//
// The letters those matrices lack, J (I or L), U (selenocysteine) and O (pyrrolysine), encode
// as X, the unknown residue.
#include <cstdint>
#include <string_view>
#include <vector>

namespace tropic {

inline constexpr std::string_view kProteinResidueOrder = "ARNDCQEGHILKMFPSTWYVBZX*";
inline constexpr int kProteinCodeCount = 24;
inline constexpr std::uint8_t kProteinUnknownCode = 22;  // X

// Encodes a normalised protein residue (see alphabet.hpp).
std::uint8_t encode_protein_residue(char normalized) noexcept;

// Encodes a normalised protein sequence to indices into kProteinResidueOrder.
[[nodiscard]] std::vector<std::uint8_t> encode_protein(std::string_view normalized);

}  // namespace tropic
