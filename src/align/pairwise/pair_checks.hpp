#pragma once
// The checks align_pair makes of its inputs before any fill, shared with the database search
// (which makes them once per query rather than once per pair).
#include <cstdint>
#include <span>
#include <string_view>

#include "tropic/align/scoring.hpp"

namespace tropic::align::detail {

// Refuses (InputError) a pair whose scores could come near kMinusInfinity (cell.hpp): every score
// lies within (m + n + 2) * (largest substitution magnitude + O + E) of 0.
void check_score_range(std::int64_t m, std::int64_t n, const Scoring& scoring);

// Refuses (InputError) a code beyond the matrix; `which` names the sequence ("the query").
void check_codes(std::span<const std::uint8_t> codes, const SubstitutionMatrix& matrix,
                 std::string_view which);

}  // namespace tropic::align::detail
