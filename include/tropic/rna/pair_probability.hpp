#pragma once
// One base pair of a Boltzmann ensemble and its probability: what the partition function
// (ensemble.hpp) reports, and what dot plots and structure drawings read.
#include <vector>

namespace tropic::rna {

struct PairProbability {
    int i = 0;  // 0-based, i < j
    int j = 0;
    double probability = 0;
};

// Pairs sorted by (i, j), each at most once.
using PairProbabilities = std::vector<PairProbability>;

}  // namespace tropic::rna
