// The matrix type's helpers, the DNA scheme and the checks of gap costs (scoring.hpp).
#include <fmt/format.h>

#include <algorithm>

#include "tropic/align/scoring.hpp"
#include "tropic/core/dna_encoding.hpp"
#include "tropic/core/error.hpp"

namespace tropic::align {
namespace {

constexpr std::int32_t kMaxGapCost = 1000000;

void check_gap_cost(const char* option, std::int32_t cost) {
    if (cost < 0 || cost > kMaxGapCost)
        throw InputError(
            fmt::format("{} must be between 0 and {}, not {}", option, kMaxGapCost, cost));
}

}  // namespace

std::int32_t SubstitutionMatrix::max_score() const noexcept {
    return scores.empty() ? 0 : *std::max_element(scores.begin(), scores.end());
}

std::int32_t SubstitutionMatrix::min_score() const noexcept {
    return scores.empty() ? 0 : *std::min_element(scores.begin(), scores.end());
}

SubstitutionMatrix dna_matrix(int match, int mismatch, int n_score) {
    constexpr int n = static_cast<int>(DnaBase::N);
    SubstitutionMatrix matrix;
    matrix.name = fmt::format("DNA {:+}/{:+}", match, mismatch);
    matrix.alphabet = Alphabet::Dna;
    matrix.size = kDnaBaseCount;
    matrix.scores.resize(static_cast<std::size_t>(kDnaBaseCount * kDnaBaseCount));
    for (int a = 0; a < kDnaBaseCount; ++a)
        for (int b = 0; b < kDnaBaseCount; ++b)
            matrix.scores[static_cast<std::size_t>(a * kDnaBaseCount + b)] = a == n || b == n
                                                                                 ? n_score
                                                                             : a == b ? match
                                                                                      : mismatch;
    return matrix;
}

void validate(const Scoring& scoring) {
    check_gap_cost("--gap-open", scoring.gaps.open);
    check_gap_cost("--gap-extend", scoring.gaps.extend);
    // Both costs are at most 10^6 here, so the sum cannot overflow.
    if (scoring.gaps.open + scoring.gaps.extend == 0)
        throw InputError(
            "--gap-open and --gap-extend are both 0: a gap must cost something, or every "
            "alignment can be gapped freely");
}

}  // namespace tropic::align
