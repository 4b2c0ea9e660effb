#pragma once
// What RNAfold -p sums over every pair probability (the pairing tendency of each base, the
// centroid's pairs and distance, the ensemble diversity) and which pairs it lists, written once
// for the host (over the dense n x n layout, ensemble_summary.cpp) and for the device (over each
// fold's packed rows, cuda/ensemble_pair_list.cu), with the same operations in the same order,
// so that both give the same bits: a device that lists the pairs need not send every
// probability back.
//
// Only pairs (i, j) with j - i > kEnsembleMinHairpin can have a probability; the others are 0
// and leave every sum below as it is (x + 0 == x, x - 0 == x), so the loops skip them.
#include <cstdint>

#include "rna/ensemble/ensemble_model.hpp"
#include "tropic/core/host_device.hpp"

namespace tropic::rna::detail {

// RNAfold's symbol per base from (unpaired, paired upstream, paired downstream) probabilities
// (ensemble_summary.hpp states the rule).
TROPIC_HOST_DEVICE inline char tendency_symbol(float unpaired, float upstream, float downstream) {
    constexpr float kClear = 0.667f;
    if (unpaired > kClear) return '.';
    if (upstream > kClear) return '(';
    if (downstream > kClear) return ')';
    if (upstream + downstream > unpaired) {
        if (upstream / (upstream + downstream) > kClear) return '{';
        if (downstream / (upstream + downstream) > kClear) return '}';
        return '|';
    }
    if (unpaired > upstream + downstream) return ',';
    return ':';
}

// Base j's symbol: P(i,j) over increasing i < j, then P(j,i) over increasing i > j, summed in
// single precision as ViennaRNA does. p(i, j) gives P(i,j) for i + kEnsembleMinHairpin < j.
template <class Probability>
TROPIC_HOST_DEVICE char pairing_tendency_of(const Probability& p, int n, int j) {
    float unpaired = 1.0f, upstream = 0.0f, downstream = 0.0f;
    for (int i = 0; i + kEnsembleMinHairpin < j; ++i) {
        const auto v = static_cast<float>(p(i, j));
        downstream += v;
        unpaired -= v;
    }
    for (int i = j + kEnsembleMinHairpin + 1; i < n; ++i) {
        const auto v = static_cast<float>(p(j, i));
        upstream += v;
        unpaired -= v;
    }
    return tendency_symbol(unpaired, upstream, downstream);
}

// a * b rounded once, never fused with a following addition (nvcc fuses by default; on the host
// ensemble_summary.cpp is compiled with -ffp-contract=off, see CMakeLists.txt).
TROPIC_HOST_DEVICE inline double unfused_product(double a, double b) {
#if defined(__CUDA_ARCH__)
    return __dmul_rn(a, b);
#else
    return a * b;
#endif
}

// The centroid's expected distance to the ensemble (sum of 1 - p over its pairs, p > 0.5, and p
// over the others) and half the ensemble diversity (sum of p (1 - p)), each summed over the
// pairs by increasing i, then j.
struct EnsemblePairTotals {
    double centroid_distance = 0;
    double half_diversity = 0;

    // Adds P(i,j) = v, the next pair in that order; true when the pair is in the centroid.
    TROPIC_HOST_DEVICE bool add(double v) {
        const bool in_centroid = v > 0.5;
        centroid_distance += in_centroid ? 1 - v : v;
        half_diversity += unfused_product(v, 1 - v);
        return in_centroid;
    }
};

// Whether a pair of probability v is listed at `threshold` (RNAfold's --bppmThreshold; a pair
// of probability 0 never is).
TROPIC_HOST_DEVICE inline bool pair_is_listed(double v, double threshold) {
    return v >= threshold && v > 0;
}

}  // namespace tropic::rna::detail
