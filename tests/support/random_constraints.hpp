#pragma once
// Random RNAfold -C constraints for GPU == CPU tests: 'x', '<' and '>' on about one base in seven,
// and every fifth record all 'x' (no pair can form, the open chain alone).
#include <cstdint>
#include <random>
#include <string>
#include <vector>

#include "tropic/rna/structure_constraint.hpp"

namespace tropic::test {

inline std::vector<rna::StructureConstraint> random_constraints(
    std::mt19937_64& rng, const std::vector<std::vector<std::uint8_t>>& sequences) {
    std::vector<rna::StructureConstraint> constraints;
    for (std::size_t r = 0; r < sequences.size(); ++r) {
        std::string text(sequences[r].size(), '.');
        for (auto& c : text) {
            const auto roll = rng() % 20;
            c = roll == 0 ? 'x' : roll == 1 ? '<' : roll == 2 ? '>' : '.';
        }
        if (r % 5 == 0) text = std::string(sequences[r].size(), 'x');  // forbids every pair
        constraints.emplace_back(text, sequences[r]);
    }
    return constraints;
}

}  // namespace tropic::test
