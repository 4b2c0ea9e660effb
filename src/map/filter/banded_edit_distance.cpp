#include "map/filter/banded_edit_distance.hpp"

#include <algorithm>

#include "map/filter/scratch_row.hpp"

namespace tropic::map::detail {

// Rows are indexed by diagonal: row[1 + d - delta_low], with one kUnreachable cell on each side so
// that the insertion (from diagonal d + 1 of the row above) and the deletion (from diagonal
// d - 1 of the same row) need no bounds checks.
int banded_edit_distance(const BandedWindow& c, int stop_above) {
    const int width = c.delta_high - c.delta_low + 1;
    if (width <= 0) return kUnreachable;
    ScratchRow above_row(width + 2), current_row(width + 2);
    int* above = above_row.data();
    int* current = current_row.data();
    RowDiagonals row = row_diagonals(c, 0);
    if (row.first >= row.end) return kUnreachable;
    std::fill(above, above + width + 2, kUnreachable);
    std::fill(above + 1 + (row.first - c.delta_low), above + 1 + (row.end - c.delta_low), 0);
    std::fill(current, current + width + 2, kUnreachable);
    const int n = static_cast<int>(c.read.size());
    // Each array is kUnreachable outside the range of the row it holds; `stale` is the range of
    // the row that `current` holds before it is overwritten (two rows up).
    RowDiagonals stale{0, 0};
    int best = 0;
    for (int i = 1; i <= n; ++i) {
        const RowDiagonals above_range = row;
        row = row_diagonals(c, i);
        if (row.first >= row.end) return kUnreachable;
        const std::uint8_t base = c.read[i - 1];
        const int never = base == kNeverMatches;
        best = kUnreachable;
        for (int d = row.first; d < row.end; ++d) {
            const int k = 1 + d - c.delta_low;
            const int j = i + d;  // window prefix length; the diagonal move reads window[j - 1]
            int cell = std::min(above[k + 1], current[k - 1]) + 1;
            if (j >= 1) cell = std::min(cell, above[k] + (never | (base != c.window[j - 1])));
            current[k] = std::min(cell, kUnreachable);
            best = std::min(best, current[k]);
        }
        // Ranges only move left as i grows: clear what is left of the stale row on the right.
        for (int d = std::max(stale.first, row.end); d < stale.end; ++d)
            current[1 + d - c.delta_low] = kUnreachable;
        if (best > stop_above) return best;
        std::swap(above, current);
        stale = above_range;
    }
    if (n == 0) best = 0;
    return best;
}

}  // namespace tropic::map::detail
