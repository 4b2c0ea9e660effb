#include <fmt/format.h>

#include <algorithm>

#include "tropic/align/scoring.hpp"
#include "tropic/core/error.hpp"

namespace tropic::align {

std::int32_t SubstitutionMatrix::max_score() const noexcept {
    return scores.empty() ? 0 : *std::max_element(scores.begin(), scores.end());
}
std::int32_t SubstitutionMatrix::min_score() const noexcept {
    return scores.empty() ? 0 : *std::min_element(scores.begin(), scores.end());
}

SubstitutionMatrix dna_matrix(int match, int mismatch, int n_score) {
    SubstitutionMatrix matrix;
    matrix.name = fmt::format("DNA {:+}/{:+}", match, mismatch);
    matrix.alphabet = Alphabet::Dna;
    matrix.size = 5;
    matrix.scores.resize(25);
    for (int a = 0; a < 5; ++a)
        for (int b = 0; b < 5; ++b)
            matrix.scores[a * 5 + b] = (a == 4 || b == 4) ? n_score : a == b ? match : mismatch;
    return matrix;
}

void validate(const Scoring& scoring) {
    if (scoring.gaps.open < 0 || scoring.gaps.open > 1000000)
        throw InputError(
            fmt::format("--gap-open must be between 0 and 1000000, not {}", scoring.gaps.open));
    if (scoring.gaps.extend < 0 || scoring.gaps.extend > 1000000)
        throw InputError(
            fmt::format("--gap-extend must be between 0 and 1000000, not {}", scoring.gaps.extend));
    if (scoring.gaps.open + scoring.gaps.extend == 0)
        throw InputError("--gap-open and --gap-extend are both 0: gaps must cost something");
}

}  // namespace tropic::align
