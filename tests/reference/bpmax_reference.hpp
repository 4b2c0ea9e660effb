#pragma once
// Plain reference BPMax, used only by tests: the recurrence of bpmax.hpp written out on a full
// four-index table, with no bands, engine or threads, and an independent re-scoring of joint
// structures.
#include <cstddef>
#include <cstdint>
#include <optional>
#include <span>
#include <vector>

#include "tropic/rna/bpmax.hpp"

namespace tropic::reference {

struct BpmaxTable {
    std::size_t n1 = 0, n2 = 0;
    std::vector<std::int32_t> cells;  // F(i1,j1,i2,j2) of s1 and r = reverse(s2), closed intervals

    std::int32_t operator()(std::size_t i1, std::size_t j1, std::size_t i2, std::size_t j2) const {
        return cells[((i1 * n1 + j1) * n2 + i2) * n2 + j2];
    }
};

BpmaxTable bpmax_reference_table(std::span<const std::uint8_t> s1, std::span<const std::uint8_t> s2,
                                 const rna::BpmaxWeights& weights);

// The sites of bpmax.hpp (score and box, no pairs) by scanning the whole table.
std::vector<rna::BpmaxSite> bpmax_reference_sites(std::span<const std::uint8_t> s1,
                                                  std::span<const std::uint8_t> s2,
                                                  const rna::BpmaxParams& params);

// Sum of pair weights of a joint structure, or nullopt when BPMax cannot form it: a position out
// of range, a base with two partners, an intra pair with j - i < 4 or weight 0, an inter pair of
// weight 0, crossing intra pairs on a strand, inter pairs out of order, or a zigzag (see the
// .cpp). Written without the library's weights lookup or checks.
std::optional<std::int64_t> reference_bpmax_structure_score(
    std::span<const std::uint8_t> s1, std::span<const std::uint8_t> s2,
    const std::vector<rna::BpmaxPair>& pairs, const rna::BpmaxWeights& weights);

}  // namespace tropic::reference
