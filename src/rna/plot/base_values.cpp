#include "tropic/rna/base_values.hpp"

#include <algorithm>
#include <cmath>

#include "rna/plot/dot_bracket_partners.hpp"

namespace tropic::rna {

namespace {

bool inside(const PairProbability& pair, int n) {
    return pair.i >= 0 && pair.j < n && pair.i < pair.j;
}

// p ln p with the limit 0 at 0; probabilities a hair outside [0, 1] (rounding) count as 0 or 1.
double p_ln_p(double p) {
    return p <= 0 || p >= 1 ? 0.0 : p * std::log(p);
}

}  // namespace

std::vector<double> paired_probability(int n, const PairProbabilities& pairs) {
    std::vector<double> paired(std::max(n, 0), 0.0);
    for (const PairProbability& pair : pairs) {
        if (!inside(pair, n)) continue;
        paired[pair.i] += pair.probability;
        paired[pair.j] += pair.probability;
    }
    for (double& p : paired) p = std::clamp(p, 0.0, 1.0);
    return paired;
}

std::vector<double> positional_entropy(int n, const PairProbabilities& pairs) {
    std::vector<double> entropy(std::max(n, 0), 0.0);
    for (const PairProbability& pair : pairs) {
        if (!inside(pair, n)) continue;
        entropy[pair.i] -= p_ln_p(pair.probability);
        entropy[pair.j] -= p_ln_p(pair.probability);
    }
    const std::vector<double> paired = paired_probability(n, pairs);
    for (int k = 0; k < n; ++k) entropy[k] -= p_ln_p(1 - paired[k]);
    return entropy;
}

std::vector<double> structure_accuracy(std::string_view dot_bracket,
                                       const PairProbabilities& pairs) {
    const std::vector<int> partner = detail::dot_bracket_partners(dot_bracket);
    const int n = static_cast<int>(partner.size());
    std::vector<double> accuracy = paired_probability(n, pairs);
    for (double& p : accuracy) p = 1 - p;  // unpaired bases: the probability of being unpaired
    for (int k = 0; k < n; ++k)
        if (partner[k] >= 0) accuracy[k] = 0;
    for (const PairProbability& pair : pairs) {
        if (inside(pair, n) && partner[pair.i] == pair.j) {
            accuracy[pair.i] = std::clamp(pair.probability, 0.0, 1.0);
            accuracy[pair.j] = accuracy[pair.i];
        }
    }
    return accuracy;
}

}  // namespace tropic::rna
