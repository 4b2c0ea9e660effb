#pragma once
// How alignments are scored: a substitution matrix over an alphabet's residue codes and affine
// gap costs.
//
// Residue codes are those of core: DNA A C G T -> 0..3 and every other IUPAC code -> 4 (N)
// (dna_encoding.hpp); protein residues -> 0..23 in NCBI's order ARNDCQEGHILKMFPSTWYVBZX*
// (protein_encoding.hpp), the row and column order of NCBI's matrix files.
//
// Gaps follow BLAST, BWA and minimap2: a gap of length k costs open + k * extend, so a gap of
// one residue costs open + extend. (parasail and EMBOSS charge their "open" for the first
// residue: tropic's (O, E) is their (O + E, E).)
#include <cstdint>
#include <string>
#include <string_view>
#include <vector>

#include "tropic/core/alphabet.hpp"

namespace tropic::align {

struct SubstitutionMatrix {
    std::string name;                   // "BLOSUM62", "DNA +2/-3", or the file it was read from
    Alphabet alphabet = Alphabet::Dna;  // Dna (5 codes) or Protein (24 codes)
    int size = 0;                       // codes per side
    std::vector<std::int32_t> scores;   // size * size, row = query code, column = target code

    std::int32_t score(std::uint8_t query_code, std::uint8_t target_code) const noexcept {
        return scores[static_cast<std::size_t>(query_code) * static_cast<std::size_t>(size) +
                      target_code];
    }
    std::int32_t max_score() const noexcept;
    std::int32_t min_score() const noexcept;
    // True for a built-in matrix (it then has published Karlin-Altschul parameters for some gap
    // costs: karlin_altschul.hpp).
    bool builtin = false;
};

// DNA: match for identical A, C, G or T; mismatch for other pairs of them; n_score for any pair
// with an N (every IUPAC ambiguity code encodes to N), N against N included.
[[nodiscard]] SubstitutionMatrix dna_matrix(int match, int mismatch, int n_score);

// A built-in protein matrix by name, case-insensitive: BLOSUM45, BLOSUM50, BLOSUM62, BLOSUM80,
// BLOSUM90, PAM30, PAM70, PAM250 (NCBI's published tables). Throws InputError for another name,
// listing the names.
[[nodiscard]] SubstitutionMatrix builtin_matrix(std::string_view name);
[[nodiscard]] const std::vector<std::string>& builtin_matrix_names();

// A matrix in NCBI's text format: '#' comment lines, a header line of residue letters, then one
// line per residue: its letter and one integer per header column. Letters may come in any order
// and any subset of ARNDCQEGHILKMFPSTWYVBZX* (lower case accepted); a pair of codes the file
// lacks scores as the file's pair with X (or its smallest score when there is no X). Throws
// InputError naming `source`, the line and the column for anything else (unknown or repeated
// letters, a row of the wrong length, a value that is not an integer or is beyond +-1000, an
// empty file).
[[nodiscard]] SubstitutionMatrix parse_matrix(std::string_view text, const std::string& source);
// Reads and parses a file (InputError when it cannot be read).
[[nodiscard]] SubstitutionMatrix read_matrix_file(const std::string& path);

struct GapCosts {
    std::int32_t open = 5;    // charged once per gap
    std::int32_t extend = 2;  // charged per residue of the gap
};

struct Scoring {
    SubstitutionMatrix matrix = dna_matrix(2, -3, -3);
    GapCosts gaps;
};

// Throws InputError when the costs are negative, beyond 10^6, or open + extend is 0 (a free gap
// makes every alignment degenerate).
void validate(const Scoring& scoring);

}  // namespace tropic::align
