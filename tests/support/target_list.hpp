#pragma once
// Sequences back to back in input order, as the batched device paths and the CPU scan take their
// targets (align/search/targets.hpp), each kept whole for the comparisons.
#include <cstdint>
#include <vector>

#include "align/search/targets.hpp"

namespace tropic::test {

struct TargetList {
    std::vector<std::vector<std::uint8_t>> sequences;
    std::vector<std::uint8_t> residues;
    std::vector<std::uint64_t> offsets{0};
    void add(std::vector<std::uint8_t> s) {
        residues.insert(residues.end(), s.begin(), s.end());
        offsets.push_back(residues.size());
        sequences.push_back(std::move(s));
    }
    align::detail::TargetView view() const { return {residues, offsets}; }
};

}  // namespace tropic::test
