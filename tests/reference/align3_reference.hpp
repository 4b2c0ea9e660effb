#pragma once
// Plain three-sequence alignment for tests: the model and the tie rules of
// tropic/align/align3.hpp written as directly as possible, in 64-bit integers over whole cubes.
//
//   align3_reference     the full-cube dynamic program: one cube with 7 predecessors per cell for
//                        the linear model (gaps.open == 0), the product of the three pairs' gap
//                        states for the affine one; its traceback follows the documented tie rule
//   align3_plain_score   the sum-of-pairs score of given columns, from the definition (project
//                        each pair, drop its both-gap columns, charge open + k * extend per
//                        maximal gap run), with no dynamic program
//   align3_brute_force   every alignment of a tiny triple, one by one: the best score and the
//                        optimal alignment that the tie rule picks
#include <cstdint>
#include <span>
#include <vector>

#include "tropic/align/align3.hpp"

namespace tropic::test {

// The optimal alignment (score, columns, identities) of the three sequences; cubes of
// (m+1)(n+1)(p+1) cells, 13 values a cell for the affine model: small inputs only.
align::Align3Result align3_reference(const align::Align3Sequences& sequences,
                                     const align::Scoring& scoring);

// The score of `columns` as an alignment of `sequences`; throws std::invalid_argument when a
// column is not a mask 1..7 or the columns do not use every residue once.
std::int64_t align3_plain_score(const align::Align3Sequences& sequences,
                                std::span<const std::uint8_t> columns,
                                const align::Scoring& scoring);

// Columns whose three residues are identical and not the unknown code (N for DNA, X for protein).
std::int64_t align3_identities(const align::Align3Sequences& sequences,
                               std::span<const std::uint8_t> columns,
                               const align::SubstitutionMatrix& matrix);

struct Align3BruteForce {
    std::int64_t score = 0;
    // Among the optimal alignments, the one the tie rule picks: read from the last column back,
    // the smallest sequence of column keys, a key being the mask's rank in 7, 3, 5, 6, 1, 2, 4
    // (linear model) or the column's state index (affine model).
    std::vector<std::uint8_t> columns;
    std::int64_t alignments = 0;  // how many were enumerated
};

// Enumerates every alignment (every sequence of column masks that uses every residue once):
// tiny inputs only (three sequences of 3 have 16081 alignments).
Align3BruteForce align3_brute_force(const align::Align3Sequences& sequences,
                                    const align::Scoring& scoring);

}  // namespace tropic::test
