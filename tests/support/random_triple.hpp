#pragma once
// Random triples of sequences for the three-sequence alignment's tests and benchmarks: three
// unrelated sequences, or three copies of one ancestor with substitutions and indels, as a
// multiple alignment meets them.
#include <algorithm>
#include <cstdint>
#include <random>
#include <span>
#include <vector>

#include "support/random_alignment.hpp"
#include "tropic/align/align3.hpp"

namespace tropic::test {

struct Triple {
    std::vector<std::uint8_t> a, b, c;
    align::Align3Sequences view() const {
        return {std::span<const std::uint8_t>(a), std::span<const std::uint8_t>(b),
                std::span<const std::uint8_t>(c)};
    }
};

// Sequences of exactly m, n and p residues: DNA (an N now and then) or protein (now and then B,
// Z, X or *); related ones are copies of one ancestor (15% substitutions, indels at 3% of the
// positions) cut or padded to their lengths.
inline Triple random_triple(std::mt19937_64& rng, std::size_t m, std::size_t n, std::size_t p,
                            bool protein, bool related) {
    const auto fresh = [&](std::size_t length) {
        return protein ? random_protein(rng, length, true) : random_dna(rng, length, 0.02);
    };
    if (!related) return {fresh(m), fresh(n), fresh(p)};
    const int codes = protein ? 20 : 4;
    const std::vector<std::uint8_t> ancestor = fresh(std::max({m, n, p}));
    const auto copy = [&](std::size_t length) {
        std::vector<std::uint8_t> s = mutate(rng, ancestor, codes, 0.15, 0.03);
        s.resize(std::min(s.size(), length));
        while (s.size() < length) s.push_back(static_cast<std::uint8_t>(rng() % codes));
        return s;
    };
    return {copy(m), copy(n), copy(p)};
}

}  // namespace tropic::test
