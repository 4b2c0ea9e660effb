#pragma once
// Random sequences and scoring schemes for alignment tests and benchmarks: residue codes of DNA
// (0..3, N = 4 rarely) and protein (0..23), and pairs related by substitutions and indels, as
// aligners meet them.
#include <cstdint>
#include <random>
#include <vector>

#include "tropic/align/scoring.hpp"

namespace tropic::test {

// n DNA codes, uniform A C G T, each an N with probability n_fraction.
inline std::vector<std::uint8_t> random_dna(std::mt19937_64& rng, std::size_t n,
                                            double n_fraction = 0) {
    std::vector<std::uint8_t> seq(n);
    std::uniform_int_distribution<int> base(0, 3);
    std::uniform_real_distribution<double> unit(0.0, 1.0);
    for (auto& b : seq)
        b = n_fraction > 0 && unit(rng) < n_fraction ? 4 : static_cast<std::uint8_t>(base(rng));
    return seq;
}

// n protein codes 0..19 (the 20 amino acids), now and then B, Z, X or '*' when `rare` is set.
inline std::vector<std::uint8_t> random_protein(std::mt19937_64& rng, std::size_t n,
                                                bool rare = false) {
    std::vector<std::uint8_t> seq(n);
    std::uniform_int_distribution<int> residue(0, 19), other(20, 23);
    std::uniform_real_distribution<double> unit(0.0, 1.0);
    for (auto& r : seq)
        r = static_cast<std::uint8_t>(rare && unit(rng) < 0.05 ? other(rng) : residue(rng));
    return seq;
}

// A copy of `seq` with each position substituted (by a code below `codes`) with probability
// `substitution`, and indels of 1-4 residues starting at a position with probability `indel`.
inline std::vector<std::uint8_t> mutate(std::mt19937_64& rng, const std::vector<std::uint8_t>& seq,
                                        int codes, double substitution, double indel) {
    std::vector<std::uint8_t> out;
    std::uniform_real_distribution<double> unit(0.0, 1.0);
    std::uniform_int_distribution<int> code(0, codes - 1), length(1, 4);
    for (std::size_t k = 0; k < seq.size(); ++k) {
        if (unit(rng) < indel) {
            const int len = length(rng);
            if (unit(rng) < 0.5) {
                for (int x = 0; x < len; ++x) out.push_back(static_cast<std::uint8_t>(code(rng)));
            } else {
                k += static_cast<std::size_t>(len) - 1;
                continue;
            }
        }
        out.push_back(unit(rng) < substitution ? static_cast<std::uint8_t>(code(rng)) : seq[k]);
    }
    return out;
}

// A symmetric protein matrix of scores in [low, high], diagonal raised by `diagonal_bonus`.
inline align::SubstitutionMatrix random_protein_matrix(std::mt19937_64& rng, int low = -4,
                                                       int high = 4, int diagonal_bonus = 5) {
    align::SubstitutionMatrix matrix;
    matrix.name = "random";
    matrix.alphabet = Alphabet::Protein;
    matrix.size = 24;
    matrix.scores.assign(24 * 24, 0);
    std::uniform_int_distribution<int> value(low, high);
    for (int a = 0; a < 24; ++a)
        for (int b = a; b < 24; ++b) {
            const int v = value(rng) + (a == b ? diagonal_bonus : 0);
            matrix.scores[a * 24 + b] = matrix.scores[b * 24 + a] = v;
        }
    return matrix;
}

}  // namespace tropic::test
