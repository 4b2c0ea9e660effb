#include "map/filter/nucleotide_count_bound.hpp"

#include <algorithm>
#include <array>

namespace tropic::map::detail {

int nucleotide_count_bound(const BandedWindow& candidate) {
    // counts[c] = read's count minus reachable window's count of letter c; counts[4] = read's Ns.
    std::array<int, 5> counts{};
    for (std::uint8_t code : candidate.read) ++counts[std::min<std::uint8_t>(code, 4)];
    const int n = static_cast<int>(candidate.read.size());
    const int m = static_cast<int>(candidate.window.size());
    const int first = std::max(0, candidate.delta_low);
    const int end = std::min(m, n + candidate.delta_high);
    for (int j = first; j < end; ++j) {
        const std::uint8_t code = candidate.window[j];
        if (code < 4) --counts[code];
    }
    int bound = counts[4];
    for (int c = 0; c < 4; ++c) bound += std::max(0, counts[c]);
    return bound;
}

}  // namespace tropic::map::detail
