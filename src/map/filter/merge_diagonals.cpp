#include "map/filter/merge_diagonals.hpp"

#include <algorithm>

namespace tropic::map::detail {

std::vector<DiagonalRange> merge_diagonals(std::vector<std::int64_t>& diagonals, std::int64_t gap) {
    std::sort(diagonals.begin(), diagonals.end());
    std::vector<DiagonalRange> ranges;
    for (std::int64_t d : diagonals) {
        if (!ranges.empty() && d - ranges.back().high < std::max<std::int64_t>(gap, 1))
            ranges.back().high = d;
        else
            ranges.push_back({d, d});
    }
    return ranges;
}

}  // namespace tropic::map::detail
