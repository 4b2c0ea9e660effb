#pragma once
// Alphabets of input records and the RNA alphabet's encoding.
//
// A command chooses the alphabet of its inputs (fold: RNA, align: DNA or protein) and readers
// validate every residue against it once, at the edge. Residues are stored normalised:
// - RNA: upper case, T written as U; IUPAC codes (N, R, Y, ...) kept.
// - DNA: upper case; A C G T and the IUPAC codes R Y S W K M B D H V N kept as written. U is
//   read as T, as minimap2 reads it (RNA reads aligned to DNA), rather than rejected or kept:
//   a U kept in a DNA sequence would reach BAM as N (htslib's 4-bit code has no U).
// - Protein: upper case; the 20 amino acids, B (D or N), Z (E or Q), J (I or L), U
//   (selenocysteine), O (pyrrolysine), X (unknown) and '*' (stop).
// Encodings: RNA below (Base); DNA in dna_encoding.hpp; protein in protein_encoding.hpp.
#include <cstdint>
#include <optional>
#include <string_view>
#include <vector>

namespace tropic {

enum class Alphabet : std::uint8_t { Rna, Dna, Protein };

// "RNA", "DNA" or "protein", for messages.
[[nodiscard]] std::string_view alphabet_name(Alphabet alphabet) noexcept;

// The normalised residue for c in the alphabet, or nullopt when c is not one of its letters.
[[nodiscard]] std::optional<char> normalize_residue(Alphabet alphabet, char c) noexcept;

// True when every residue is an IUPAC nucleotide code in upper case (ACGTU and RYSWKMBDHVN): the
// rule by which `tropic align` and `tropic search` take normalised records for DNA rather than
// protein when the user names neither.
[[nodiscard]] bool looks_like_dna(std::string_view residues) noexcept;

enum class Base : std::uint8_t { A = 0, C = 1, G = 2, U = 3, N = 4 };
inline constexpr int kBaseCount = 5;

// Upper-cases a residue and turns T into U; returns nullopt for a character that is not an
// IUPAC nucleotide code.
[[nodiscard]] std::optional<char> normalize_rna_residue(char c) noexcept;

// Encodes a normalised residue (A, C, G, U or another IUPAC letter); the other IUPAC codes
// encode to Base::N, which never pairs.
[[nodiscard]] Base encode_rna_residue(char normalized) noexcept;

// Encodes a normalised sequence to Base values (as uint8_t, ready for device transfer).
[[nodiscard]] std::vector<std::uint8_t> encode_rna(std::string_view normalized);

[[nodiscard]] char base_letter(Base b) noexcept;

}  // namespace tropic
