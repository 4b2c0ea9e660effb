#include "map/filter/banded_edit_distance.hpp"

#include <algorithm>
#include <bit>
#include <cstring>

#include "map/filter/scratch_row.hpp"

namespace tropic::map::detail {
namespace {

std::uint64_t load8(const std::uint8_t* bytes) {
    std::uint64_t word;
    std::memcpy(&word, bytes, sizeof word);
    return word;
}

// The first row >= i on diagonal d where read and window differ (or an end is reached), eight
// bases a step: a byte of (read ^ window) | (read & 4) is nonzero where the bases differ or the
// read has an N (codes are 0..4, so only N has bit 2).
[[gnu::always_inline]] inline int slide(const BandedWindow& c, int i, int d) {
    const int n = static_cast<int>(c.read.size());
    const int end = std::min(n, static_cast<int>(c.window.size()) - d);
    const std::uint8_t* read = c.read.data();
    // Indexed as window[i + d] (i + d >= 0 here): a pointer moved by d could leave the array,
    // which is undefined even unread.
    const std::uint8_t* window = c.window.data();
    constexpr std::uint64_t kBit2 = 0x0404040404040404ull;
    for (; i + 8 <= end; i += 8) {
        const std::uint64_t r = load8(read + i);
        const std::uint64_t differ = (r ^ load8(window + (i + d))) | (r & kBit2);
        if (differ != 0) {
            if constexpr (std::endian::native == std::endian::little)
                return i + std::countr_zero(differ) / 8;
            else
                return i + std::countl_zero(differ) / 8;
        }
    }
    while (i < end && read[i] == window[i + d] && read[i] != kNeverMatches) ++i;
    return i;
}

}  // namespace

// Wavefronts are indexed by diagonal, front[1 + d - delta_low], with one kWavefrontNotReached cell
// on each side for the insertion from d + 1 and the deletion from d - 1.
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
    std::fill(current_front.data(), current_front.data() + width + 2, kWavefrontNotReached);
    std::fill(previous_front.data(), previous_front.data() + width + 2, kWavefrontNotReached);
    for (int d = top.first; d < top.end; ++d) {
        current[d] = slide(c, 0, d);
        if (current[d] == n) return 0;
    }
    // Diagonals below -i hold cells only from row -d on; above m - n the read cannot end.
    const int first = std::max(c.delta_low, -n), end = std::min(c.delta_high, m) + 1;
    for (int s = 1; s <= stop_above; ++s) {
        std::swap(previous, current);
        // A front cell is < n (reaching n returns) and holds a cell inside the window; an
        // unreached one is far below 0 and stays there.
        for (int d = first; d < end; ++d) {
            const int same = previous[d], below = previous[d - 1];
            const int substitution = same + (same + d < m);  // stays put at the window's end
            const int insertion = previous[d + 1] + 1;
            const int deletion = below + d <= m ? below : kWavefrontNotReached;
            const int row = std::max({substitution, insertion, deletion});
            if (row < 0 || row + d < 0) {
                current[d] = kWavefrontNotReached;
                continue;
            }
            current[d] = slide(c, row, d);
            if (current[d] == n) return s;
        }
    }
    return stop_above + 1;
}

}  // namespace tropic::map::detail
