// Karlin-Altschul parameters of gapped local alignment (karlin_altschul.hpp), looked up in NCBI
// BLAST's published tables rather than estimated: an estimate by simulation would differ from
// the values BLAST reports, and users compare tropic's E-values with BLAST's.
//
// Sources (published values, transcribed; NCBI C++ Toolkit, src/algo/blast/core/blast_stat.c):
// - proteins: the tables blosum45_values, blosum50_values, blosum62_values, blosum80_values,
//   blosum90_values, pam30_values, pam70_values and pam250_values, columns gap existence, gap
//   extension, lambda, K, H; their first rows (infinite gap costs: ungapped) are left out;
// - DNA: the tables blastn_values_R_P for reward R and penalty P, same columns; their (0, 0) rows
//   (BLAST's non-affine costs of greedy extension) are left out. As BLAST does
//   (s_GetNuclValuesArray, s_AdjustGapParametersByGcd), a pair whose scores share a divisor d
//   uses the table of (R/d, P/d) with the gap costs times d and lambda divided by d: scaling
//   every score by d scales lambda by 1/d and leaves K and H as they are.
// BLAST charges a gap of length k existence + k * extension, as tropic does, so the gap costs
// map one to one.
//
// BLAST rounds an odd raw score down to even before its E-value for the pairs 2/-7, 2/-5, 2/-3
// and 3/-4 (the tables were fitted on even scores); the functions here take the score as given.
#include "tropic/align/karlin_altschul.hpp"

#include <algorithm>
#include <array>
#include <cmath>
#include <numeric>
#include <optional>
#include <string>
#include <string_view>
#include <utility>
#include <vector>

#include "tropic/core/dna_encoding.hpp"

namespace tropic::align {
namespace {

struct ProteinEntry {
    std::string_view matrix;
    std::int32_t open, extend;
    double lambda, k, h;
};

// clang-format off
constexpr std::array kProteinTable = {
    ProteinEntry{"BLOSUM45", 13, 3, 0.207, 0.049, 0.14},
    ProteinEntry{"BLOSUM45", 12, 3, 0.199, 0.039, 0.11},
    ProteinEntry{"BLOSUM45", 11, 3, 0.190, 0.031, 0.095},
    ProteinEntry{"BLOSUM45", 10, 3, 0.179, 0.023, 0.075},
    ProteinEntry{"BLOSUM45", 16, 2, 0.210, 0.051, 0.14},
    ProteinEntry{"BLOSUM45", 15, 2, 0.203, 0.041, 0.12},
    ProteinEntry{"BLOSUM45", 14, 2, 0.195, 0.032, 0.10},
    ProteinEntry{"BLOSUM45", 13, 2, 0.185, 0.024, 0.084},
    ProteinEntry{"BLOSUM45", 12, 2, 0.171, 0.016, 0.061},
    ProteinEntry{"BLOSUM45", 19, 1, 0.205, 0.040, 0.11},
    ProteinEntry{"BLOSUM45", 18, 1, 0.198, 0.032, 0.10},
    ProteinEntry{"BLOSUM45", 17, 1, 0.189, 0.024, 0.079},
    ProteinEntry{"BLOSUM45", 16, 1, 0.176, 0.016, 0.063},

    ProteinEntry{"BLOSUM50", 13, 3, 0.212, 0.063, 0.19},
    ProteinEntry{"BLOSUM50", 12, 3, 0.206, 0.055, 0.17},
    ProteinEntry{"BLOSUM50", 11, 3, 0.197, 0.042, 0.14},
    ProteinEntry{"BLOSUM50", 10, 3, 0.186, 0.031, 0.11},
    ProteinEntry{"BLOSUM50",  9, 3, 0.172, 0.022, 0.082},
    ProteinEntry{"BLOSUM50", 16, 2, 0.215, 0.066, 0.20},
    ProteinEntry{"BLOSUM50", 15, 2, 0.210, 0.058, 0.17},
    ProteinEntry{"BLOSUM50", 14, 2, 0.202, 0.045, 0.14},
    ProteinEntry{"BLOSUM50", 13, 2, 0.193, 0.035, 0.12},
    ProteinEntry{"BLOSUM50", 12, 2, 0.181, 0.025, 0.095},
    ProteinEntry{"BLOSUM50", 19, 1, 0.212, 0.057, 0.18},
    ProteinEntry{"BLOSUM50", 18, 1, 0.207, 0.050, 0.15},
    ProteinEntry{"BLOSUM50", 17, 1, 0.198, 0.037, 0.12},
    ProteinEntry{"BLOSUM50", 16, 1, 0.186, 0.025, 0.10},
    ProteinEntry{"BLOSUM50", 15, 1, 0.171, 0.015, 0.063},

    ProteinEntry{"BLOSUM62", 11, 2, 0.297, 0.082, 0.27},
    ProteinEntry{"BLOSUM62", 10, 2, 0.291, 0.075, 0.23},
    ProteinEntry{"BLOSUM62",  9, 2, 0.279, 0.058, 0.19},
    ProteinEntry{"BLOSUM62",  8, 2, 0.264, 0.045, 0.15},
    ProteinEntry{"BLOSUM62",  7, 2, 0.239, 0.027, 0.10},
    ProteinEntry{"BLOSUM62",  6, 2, 0.201, 0.012, 0.061},
    ProteinEntry{"BLOSUM62", 13, 1, 0.292, 0.071, 0.23},
    ProteinEntry{"BLOSUM62", 12, 1, 0.283, 0.059, 0.19},
    ProteinEntry{"BLOSUM62", 11, 1, 0.267, 0.041, 0.14},
    ProteinEntry{"BLOSUM62", 10, 1, 0.243, 0.024, 0.10},
    ProteinEntry{"BLOSUM62",  9, 1, 0.206, 0.010, 0.052},

    ProteinEntry{"BLOSUM80", 25, 2, 0.342, 0.17, 0.66},
    ProteinEntry{"BLOSUM80", 13, 2, 0.336, 0.15, 0.57},
    ProteinEntry{"BLOSUM80",  9, 2, 0.319, 0.11, 0.42},
    ProteinEntry{"BLOSUM80",  8, 2, 0.308, 0.090, 0.35},
    ProteinEntry{"BLOSUM80",  7, 2, 0.293, 0.070, 0.27},
    ProteinEntry{"BLOSUM80",  6, 2, 0.268, 0.045, 0.19},
    ProteinEntry{"BLOSUM80", 11, 1, 0.314, 0.095, 0.35},
    ProteinEntry{"BLOSUM80", 10, 1, 0.299, 0.071, 0.27},
    ProteinEntry{"BLOSUM80",  9, 1, 0.279, 0.048, 0.20},

    ProteinEntry{"BLOSUM90",  9, 2, 0.310, 0.12, 0.46},
    ProteinEntry{"BLOSUM90",  8, 2, 0.300, 0.099, 0.39},
    ProteinEntry{"BLOSUM90",  7, 2, 0.283, 0.072, 0.30},
    ProteinEntry{"BLOSUM90",  6, 2, 0.259, 0.048, 0.22},
    ProteinEntry{"BLOSUM90", 11, 1, 0.302, 0.093, 0.39},
    ProteinEntry{"BLOSUM90", 10, 1, 0.290, 0.075, 0.28},
    ProteinEntry{"BLOSUM90",  9, 1, 0.265, 0.044, 0.20},

    ProteinEntry{"PAM30", 7, 2, 0.305, 0.15, 0.87},
    ProteinEntry{"PAM30", 6, 2, 0.287, 0.11, 0.68},
    ProteinEntry{"PAM30", 5, 2, 0.264, 0.079, 0.45},
    ProteinEntry{"PAM30", 10, 1, 0.309, 0.15, 0.88},
    ProteinEntry{"PAM30", 9, 1, 0.294, 0.11, 0.61},
    ProteinEntry{"PAM30", 8, 1, 0.270, 0.072, 0.40},

    ProteinEntry{"PAM70", 8, 2, 0.301, 0.12, 0.54},
    ProteinEntry{"PAM70", 7, 2, 0.286, 0.093, 0.43},
    ProteinEntry{"PAM70", 6, 2, 0.264, 0.064, 0.29},
    ProteinEntry{"PAM70", 11, 1, 0.305, 0.12, 0.52},
    ProteinEntry{"PAM70", 10, 1, 0.291, 0.091, 0.41},
    ProteinEntry{"PAM70", 9, 1, 0.270, 0.060, 0.28},

    ProteinEntry{"PAM250", 15, 3, 0.205, 0.049, 0.13},
    ProteinEntry{"PAM250", 14, 3, 0.200, 0.043, 0.12},
    ProteinEntry{"PAM250", 13, 3, 0.194, 0.036, 0.10},
    ProteinEntry{"PAM250", 12, 3, 0.186, 0.029, 0.085},
    ProteinEntry{"PAM250", 11, 3, 0.174, 0.020, 0.070},
    ProteinEntry{"PAM250", 17, 2, 0.204, 0.047, 0.12},
    ProteinEntry{"PAM250", 16, 2, 0.198, 0.038, 0.11},
    ProteinEntry{"PAM250", 15, 2, 0.191, 0.031, 0.087},
    ProteinEntry{"PAM250", 14, 2, 0.182, 0.024, 0.073},
    ProteinEntry{"PAM250", 13, 2, 0.171, 0.017, 0.059},
    ProteinEntry{"PAM250", 21, 1, 0.205, 0.045, 0.11},
    ProteinEntry{"PAM250", 20, 1, 0.199, 0.037, 0.10},
    ProteinEntry{"PAM250", 19, 1, 0.192, 0.029, 0.083},
    ProteinEntry{"PAM250", 18, 1, 0.183, 0.021, 0.070},
    ProteinEntry{"PAM250", 17, 1, 0.171, 0.014, 0.052},
};
// clang-format on

struct DnaEntry {
    std::int32_t reward, penalty;  // penalty as BLAST writes it: the (negative) mismatch score
    std::int32_t open, extend;
    double lambda, k, h;
};

// clang-format off
constexpr std::array kDnaTable = {
    DnaEntry{1, -5, 3, 3, 1.39, 0.747, 1.38},

    DnaEntry{1, -4, 1, 2, 1.36, 0.67, 1.2},
    DnaEntry{1, -4, 0, 2, 1.26, 0.43, 0.90},
    DnaEntry{1, -4, 2, 1, 1.35, 0.61, 1.1},
    DnaEntry{1, -4, 1, 1, 1.22, 0.35, 0.72},

    DnaEntry{2, -7, 2, 4, 0.68, 0.67, 1.2},
    DnaEntry{2, -7, 0, 4, 0.63, 0.43, 0.90},
    DnaEntry{2, -7, 4, 2, 0.675, 0.62, 1.1},
    DnaEntry{2, -7, 2, 2, 0.61, 0.35, 0.72},

    DnaEntry{1, -3, 2, 2, 1.37, 0.70, 1.2},
    DnaEntry{1, -3, 1, 2, 1.35, 0.64, 1.1},
    DnaEntry{1, -3, 0, 2, 1.25, 0.42, 0.83},
    DnaEntry{1, -3, 2, 1, 1.34, 0.60, 1.1},
    DnaEntry{1, -3, 1, 1, 1.21, 0.34, 0.71},

    DnaEntry{2, -5, 2, 4, 0.67, 0.59, 1.1},
    DnaEntry{2, -5, 0, 4, 0.62, 0.39, 0.78},
    DnaEntry{2, -5, 4, 2, 0.67, 0.61, 1.0},
    DnaEntry{2, -5, 2, 2, 0.56, 0.32, 0.59},

    DnaEntry{1, -2, 2, 2, 1.33, 0.62, 1.1},
    DnaEntry{1, -2, 1, 2, 1.30, 0.52, 0.93},
    DnaEntry{1, -2, 0, 2, 1.19, 0.34, 0.66},
    DnaEntry{1, -2, 3, 1, 1.32, 0.57, 1.0},
    DnaEntry{1, -2, 2, 1, 1.29, 0.49, 0.92},
    DnaEntry{1, -2, 1, 1, 1.14, 0.26, 0.52},

    DnaEntry{2, -3, 4, 4, 0.63, 0.42, 0.84},
    DnaEntry{2, -3, 2, 4, 0.615, 0.37, 0.72},
    DnaEntry{2, -3, 0, 4, 0.55, 0.21, 0.46},
    DnaEntry{2, -3, 3, 3, 0.615, 0.37, 0.68},
    DnaEntry{2, -3, 6, 2, 0.63, 0.42, 0.84},
    DnaEntry{2, -3, 5, 2, 0.625, 0.41, 0.78},
    DnaEntry{2, -3, 4, 2, 0.61, 0.35, 0.68},
    DnaEntry{2, -3, 2, 2, 0.515, 0.14, 0.33},

    DnaEntry{3, -4, 6, 3, 0.389, 0.25, 0.56},
    DnaEntry{3, -4, 5, 3, 0.375, 0.21, 0.47},
    DnaEntry{3, -4, 4, 3, 0.351, 0.14, 0.35},
    DnaEntry{3, -4, 6, 2, 0.362, 0.16, 0.45},
    DnaEntry{3, -4, 5, 2, 0.330, 0.092, 0.28},
    DnaEntry{3, -4, 4, 2, 0.281, 0.046, 0.16},

    DnaEntry{4, -5, 6, 5, 0.28, 0.21, 0.47},
    DnaEntry{4, -5, 5, 5, 0.27, 0.17, 0.39},
    DnaEntry{4, -5, 4, 5, 0.25, 0.10, 0.31},
    DnaEntry{4, -5, 3, 5, 0.23, 0.065, 0.25},

    DnaEntry{1, -1, 3, 2, 1.09, 0.31, 0.55},
    DnaEntry{1, -1, 2, 2, 1.07, 0.27, 0.49},
    DnaEntry{1, -1, 1, 2, 1.02, 0.21, 0.36},
    DnaEntry{1, -1, 0, 2, 0.80, 0.064, 0.17},
    DnaEntry{1, -1, 4, 1, 1.08, 0.28, 0.54},
    DnaEntry{1, -1, 3, 1, 1.06, 0.25, 0.46},
    DnaEntry{1, -1, 2, 1, 0.99, 0.17, 0.30},

    DnaEntry{3, -2, 5, 5, 0.208, 0.030, 0.072},

    DnaEntry{5, -4, 10, 6, 0.163, 0.068, 0.16},
    DnaEntry{5, -4, 8, 6, 0.146, 0.039, 0.11},
};
// clang-format on

// The tables fit the built-in matrices only: a matrix flagged built-in whose scores were changed
// afterwards gets none.
bool is_unchanged_builtin(const SubstitutionMatrix& matrix) {
    if (!matrix.builtin || matrix.alphabet != Alphabet::Protein) return false;
    const std::vector<std::string>& names = builtin_matrix_names();
    if (std::find(names.begin(), names.end(), matrix.name) == names.end()) return false;
    return builtin_matrix(matrix.name).scores == matrix.scores;
}

std::optional<KarlinAltschul> protein_parameters(const Scoring& scoring) {
    const SubstitutionMatrix& matrix = scoring.matrix;
    if (!is_unchanged_builtin(matrix)) return std::nullopt;
    for (const ProteinEntry& entry : kProteinTable)
        if (entry.matrix == matrix.name && entry.open == scoring.gaps.open &&
            entry.extend == scoring.gaps.extend)
            return KarlinAltschul{entry.lambda, entry.k, entry.h};
    return std::nullopt;
}

// The match and mismatch scores of a DNA matrix that scores every identical pair of A, C, G, T
// alike and every other pair of them alike (N's scores do not enter BLAST's tables); nullopt for
// any other matrix.
std::optional<std::pair<std::int32_t, std::int32_t>> match_mismatch(
    const SubstitutionMatrix& matrix) {
    if (matrix.alphabet != Alphabet::Dna || matrix.size != kDnaBaseCount ||
        matrix.scores.size() != static_cast<std::size_t>(kDnaBaseCount * kDnaBaseCount))
        return std::nullopt;
    const std::int32_t match = matrix.score(0, 0), mismatch = matrix.score(0, 1);
    for (std::uint8_t a = 0; a < 4; ++a)
        for (std::uint8_t b = 0; b < 4; ++b)
            if (matrix.score(a, b) != (a == b ? match : mismatch)) return std::nullopt;
    return std::pair{match, mismatch};
}

std::optional<KarlinAltschul> dna_parameters(const Scoring& scoring) {
    // BLAST's pairs are small; the bounds also keep std::gcd away from INT_MIN.
    constexpr std::int32_t kLargest = 1000;
    const auto scores = match_mismatch(scoring.matrix);
    if (!scores || scores->first <= 0 || scores->first > kLargest || scores->second >= 0 ||
        scores->second < -kLargest)
        return std::nullopt;
    const std::int32_t divisor = std::gcd(scores->first, scores->second);
    const std::int32_t reward = scores->first / divisor, penalty = scores->second / divisor;
    if (scoring.gaps.open % divisor != 0 || scoring.gaps.extend % divisor != 0) return std::nullopt;
    const std::int32_t open = scoring.gaps.open / divisor;
    const std::int32_t extend = scoring.gaps.extend / divisor;
    for (const DnaEntry& entry : kDnaTable)
        if (entry.reward == reward && entry.penalty == penalty && entry.open == open &&
            entry.extend == extend)
            return KarlinAltschul{entry.lambda / divisor, entry.k, entry.h};
    return std::nullopt;
}

}  // namespace

std::optional<KarlinAltschul> karlin_altschul(const Scoring& scoring) {
    if (scoring.matrix.alphabet == Alphabet::Dna) return dna_parameters(scoring);
    return protein_parameters(scoring);
}

double bit_score(const KarlinAltschul& parameters, std::int64_t raw_score) {
    return (parameters.lambda * static_cast<double>(raw_score) - std::log(parameters.k)) /
           std::log(2.0);
}

double evalue(const KarlinAltschul& parameters, std::int64_t raw_score, std::int64_t query_length,
              std::int64_t target_length) {
    return parameters.k * static_cast<double>(query_length) * static_cast<double>(target_length) *
           std::exp(-parameters.lambda * static_cast<double>(raw_score));
}

}  // namespace tropic::align
