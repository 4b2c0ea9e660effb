#pragma once
// Sequences laid out as a search database holds them (tropic/align/database.hpp): sorted by
// length, ties in input order, back to back, each with its ordinal; the targets of a Searcher
// without a file. For search tests and benchmarks.
#include <algorithm>
#include <cstdint>
#include <numeric>
#include <vector>

#include "align/search/targets.hpp"

namespace tropic::test {

struct SearchDatabase {
    std::vector<std::uint8_t> residues;
    std::vector<std::uint64_t> offsets{0}, ordinals;
    align::detail::SearchTargets targets;

    explicit SearchDatabase(const std::vector<std::vector<std::uint8_t>>& sequences) {
        std::vector<std::size_t> order(sequences.size());
        std::iota(order.begin(), order.end(), 0);
        std::stable_sort(order.begin(), order.end(), [&](std::size_t a, std::size_t b) {
            return sequences[a].size() < sequences[b].size();
        });
        for (std::size_t k : order) {
            residues.insert(residues.end(), sequences[k].begin(), sequences[k].end());
            offsets.push_back(residues.size());
            ordinals.push_back(k);
            targets.longest = std::max<std::uint64_t>(targets.longest, sequences[k].size());
        }
        targets.view = {residues, offsets};
        targets.ordinals = ordinals;
        targets.total_residues = residues.size();
    }
    // The spans point into this object's vectors: it stays where it was made.
    SearchDatabase(const SearchDatabase&) = delete;
    SearchDatabase& operator=(const SearchDatabase&) = delete;
};

}  // namespace tropic::test
