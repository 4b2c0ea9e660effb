#pragma once
// DNA residues as small integers for alignment and mapping: A C G T -> 0..3 and every other
// IUPAC code -> 4 (N). Scoring treats N as a mismatch against everything, N included, so an
// ambiguity code never earns a match score (as minimap2 and BWA score them).
#include <cstdint>
#include <span>
#include <string>
#include <string_view>
#include <vector>

namespace tropic {

enum class DnaBase : std::uint8_t { A = 0, C = 1, G = 2, T = 3, N = 4 };
inline constexpr int kDnaBaseCount = 5;

// Encodes a normalised DNA residue (see alphabet.hpp).
[[nodiscard]] DnaBase encode_dna_residue(char normalized) noexcept;

// Encodes a normalised DNA sequence to DnaBase values (as uint8_t, ready for device transfer).
[[nodiscard]] std::vector<std::uint8_t> encode_dna(std::string_view normalized);

// The reverse complement of DnaBase codes: A <-> T, C <-> G, N stays (the other strand, read
// 5' to 3', as a search on both strands aligns it).
[[nodiscard]] std::vector<std::uint8_t> reverse_complement_dna(std::span<const std::uint8_t> codes);

// The reverse complement of normalised residues (IUPAC: A <-> T, C <-> G, R <-> Y, K <-> M,
// B <-> V, D <-> H; S, W and N stay): what SAM's SEQ holds for a reverse-strand hit.
[[nodiscard]] std::string reverse_complement_dna(std::string_view normalized);

}  // namespace tropic
