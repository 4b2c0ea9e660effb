#pragma once
// Per-base numbers derived from an ensemble's pair probabilities, for colouring structure
// drawings (structure_plot.hpp). Pure functions over a PairProbabilities list.
#include <string_view>
#include <vector>

#include "tropic/rna/pair_probability.hpp"

namespace tropic::rna {

// p_i = sum over j of p_ij (pairs with i or j at this base), clamped to [0, 1] because the
// probabilities of a real ensemble may add up to 1 plus rounding. Size n. Pairs outside [0, n)
// are ignored (they belong to a longer sequence).
[[nodiscard]] std::vector<double> paired_probability(int n, const PairProbabilities& pairs);

// Positional entropy, as ViennaRNA's RNAplot and RNAfold -p compute it (natural log):
//   S_i = -sum_j p_ij ln p_ij - q_i ln q_i,  q_i = 1 - sum_j p_ij  (0 ln 0 = 0; q_i clamped at 0).
// Size n; 0 for a base that pairs with certainty or never pairs.
[[nodiscard]] std::vector<double> positional_entropy(int n, const PairProbabilities& pairs);

// "Accuracy" of a structure under the ensemble: at a paired base, the probability of the pair
// the structure draws; at an unpaired base, the probability of being unpaired (1 - p_i). Throws
// InputError for an unbalanced dot-bracket (naming the 1-based position).
[[nodiscard]] std::vector<double> structure_accuracy(std::string_view dot_bracket,
                                                     const PairProbabilities& pairs);

}  // namespace tropic::rna
