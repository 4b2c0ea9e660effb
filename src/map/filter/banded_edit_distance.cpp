#include "map/filter/banded_edit_distance.hpp"

#include <algorithm>

#include "map/filter/scratch_row.hpp"

namespace tropic::map::detail {
namespace {

constexpr int kNotReached = -(1 << 28);

// The first row >= i on diagonal d where read and window differ (or an end is reached).
int slide(const BandedWindow& c, int i, int d) {
    const int n = static_cast<int>(c.read.size());
    const int end = std::min(n, static_cast<int>(c.window.size()) - d);
    const std::uint8_t* read = c.read.data();
    const std::uint8_t* window = c.window.data() + d;
    while (i < end && read[i] == window[i] && read[i] != kNeverMatches) ++i;
    return i;
}

}  // namespace

// Wavefronts are indexed by diagonal, front[1 + d - delta_low], with one kNotReached cell on each
// side for the insertion from d + 1 and the deletion from d - 1.
int banded_edit_distance(const BandedWindow& c, int stop_above) {
    const int n = static_cast<int>(c.read.size());
    const int m = static_cast<int>(c.window.size());
    const int width = c.delta_high - c.delta_low + 1;
    // Rows' diagonal ranges only move left as i grows, so a path exists iff rows 0 and n have one.
    const RowDiagonals top = row_diagonals(c, 0), bottom = row_diagonals(c, n);
    if (width <= 0 || top.first >= top.end || bottom.first >= bottom.end) return kUnreachable;
    ScratchRow<int> previous_front(width + 2), current_front(width + 2);
    int* previous = previous_front.data() + 1 - c.delta_low;  // previous[d]
    int* current = current_front.data() + 1 - c.delta_low;
    std::fill(current_front.data(), current_front.data() + width + 2, kNotReached);
    std::fill(previous_front.data(), previous_front.data() + width + 2, kNotReached);
    for (int d = top.first; d < top.end; ++d) {
        current[d] = slide(c, 0, d);
        if (current[d] == n) return 0;
    }
    // Diagonals below -i hold cells only from row -d on; above m - n the read cannot end.
    const int first = std::max(c.delta_low, -n), end = std::min(c.delta_high, m) + 1;
    for (int s = 1; s <= stop_above; ++s) {
        std::swap(previous, current);
        for (int d = first; d < end; ++d) {
            const int same = previous[d];
            int row = same;
            if (same >= 0 && same < n && same + d < m) row = same + 1;  // substitution
            if (previous[d + 1] >= 0 && previous[d + 1] < n)            // insertion
                row = std::max(row, previous[d + 1] + 1);
            if (previous[d - 1] >= 0 && previous[d - 1] + d - 1 < m)  // deletion
                row = std::max(row, previous[d - 1]);
            if (row < 0 || row + d < 0) {
                current[d] = kNotReached;
                continue;
            }
            current[d] = slide(c, row, d);
            if (current[d] == n) return s;
        }
    }
    return stop_above + 1;
}

}  // namespace tropic::map::detail
