#pragma once
// What RNAfold -p derives from the pair probabilities: the pairing-tendency string, the centroid,
// the ensemble diversity, the listed pairs and the MEA structure (ViennaRNA's rules, stated at
// each function). From the dense probabilities on the host; a device that returns only the listed
// pairs computes the sums over every pair itself with the same code (ensemble_pair_sums.hpp).
#include <string>

#include "tropic/rna/pair_probability.hpp"

namespace tropic::rna::detail {

// Pair probabilities of n bases: P(i,j), i < j, at data[j * n + i] (the CPU fill's layout).
struct ProbabilityView {
    const double* data = nullptr;
    int n = 0;
    double operator()(int i, int j) const {
        return data[static_cast<std::size_t>(j) * static_cast<std::size_t>(n) +
                    static_cast<std::size_t>(i)];
    }
};

// What needs every pair's probability.
struct EnsemblePairSums {
    // RNAfold's symbol per base from (unpaired, paired upstream, paired downstream) probabilities,
    // summed in single precision as ViennaRNA does: '.' unpaired > 0.667; '(' or ')' paired with
    // a later or earlier base > 0.667; '{', '}' or '|' when paired outweighs unpaired (by the
    // side that has > 0.667 of the pairing, '|' when neither); ',' when unpaired outweighs
    // paired; ':' otherwise.
    std::string pairing_tendency;
    // Pairs with probability > 0.5, and the expected distance of that structure to the ensemble:
    // sum over pairs i < j of (1 - p) for those in it and p for the others.
    std::string centroid;
    double centroid_distance = 0;
    // Expected base-pair distance between two structures of the ensemble: 2 sum p (1 - p).
    double diversity = 0;
};

EnsemblePairSums pair_sums(const ProbabilityView& p);

// The pairs with probability >= threshold, by (i, j): of all, or of those of a list.
PairProbabilities listed_pairs(const ProbabilityView& p, double threshold);
PairProbabilities listed_pairs(const PairProbabilities& listed, double threshold);

// Maximum expected accuracy structure (ViennaRNA's MEA): maximises sum over its pairs of
// 2 gamma p_ij plus sum over its unpaired bases of their unpaired probability. As RNAfold, only
// pairs with p >= 1e-4 / (1 + gamma) take part, in single precision, the unpaired probabilities
// come from those pairs, and a pair enters only when 2 gamma p_ij beats both its bases left
// unpaired. `mea` receives the structure's expected accuracy.
std::string mea_structure(const ProbabilityView& p, double gamma, double& mea);

// The same from a list of n bases' pairs by (i, j) that holds every pair of probability >=
// mea_cutoff(gamma) (the pairs a device returned; the others are not read).
std::string mea_structure(const PairProbabilities& listed, int n, double gamma, double& mea);

// The least probability of a pair that takes part in the MEA structure.
double mea_cutoff(double gamma);

}  // namespace tropic::rna::detail
