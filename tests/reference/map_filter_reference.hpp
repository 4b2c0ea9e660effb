#pragma once
// Plain references for the read mapper's candidate filters (src/map/filter), written for
// clarity: the whole (n + 1) x (m + 1) DP matrix, the band applied cell by cell.
#include <cstdint>
#include <optional>
#include <span>

namespace tropic::test {

// The least edit cost of aligning all of `read` to any substring of `window` with every DP cell
// (i read bases, j window bases) on a diagonal j - i in [delta_low, delta_high]; code 4 (N) never
// matches. nullopt when the band holds no path.
[[nodiscard]] std::optional<int> reference_banded_edit_distance(
    std::span<const std::uint8_t> read, std::span<const std::uint8_t> window, int delta_low,
    int delta_high);

// The plain (global) edit distance of a and b.
[[nodiscard]] int reference_edit_distance(std::span<const std::uint8_t> a,
                                          std::span<const std::uint8_t> b);

}  // namespace tropic::test
