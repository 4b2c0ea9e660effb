#pragma once
// Plain reference Nussinov fold, used only by tests: the recurrence of nussinov.hpp written out
// directly on a full (n+1) x (n+1) table, with no tiling, vectors or threads.
#include <cstddef>
#include <cstdint>
#include <optional>
#include <span>
#include <string>
#include <vector>

#include "tropic/rna/nussinov.hpp"

namespace tropic::reference {

struct NussinovTable {
    std::size_t n = 0;
    std::vector<std::int32_t> cells;  // (n+1) x (n+1); N(i,j) at i*(n+1)+j, 0 where j-i <= m

    std::int32_t operator()(std::size_t i, std::size_t j) const { return cells[i * (n + 1) + j]; }
};

NussinovTable nussinov_reference_table(std::span<const std::uint8_t> sequence,
                                       const rna::NussinovParams& params);

// Score N(0, n-1) and the structure traced from the reference table with trace_nussinov.
rna::NussinovResult nussinov_reference_fold(std::span<const std::uint8_t> sequence,
                                            const rna::NussinovParams& params);

// Sum of pair weights of a dot-bracket structure, or nullopt when it is not a valid structure
// (wrong length, other characters, unbalanced, a pair with j - i <= min_loop or weight 0).
// Written without PairWeights::weight, so tests can check the library against it.
std::optional<std::int64_t> reference_structure_score(std::span<const std::uint8_t> sequence,
                                                      const std::string& structure,
                                                      const rna::NussinovParams& params);

}  // namespace tropic::reference
