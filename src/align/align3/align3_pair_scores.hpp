#pragma once
// The pair-score tables of a triple (align3_problem.hpp), built on the host.
#include <cstdint>
#include <vector>

#include "align/align3/align3_problem.hpp"
#include "tropic/align/align3.hpp"

namespace tropic::align::detail {

struct PairScoreTables {
    std::vector<std::int32_t> ab, ac, bc;
};

PairScoreTables make_pair_scores(const Align3Sequences& sequences,
                                 const SubstitutionMatrix& matrix);
std::uint64_t pair_score_bytes(const Align3Shape& shape);

// The problem over `tables` (host memory).
Align3Problem make_problem(const Align3Shape& shape, const PairScoreTables& tables,
                           const GapCosts& gaps);

}  // namespace tropic::align::detail
