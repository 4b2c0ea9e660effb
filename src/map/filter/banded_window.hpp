#pragma once
// A mapping candidate: a read against a window of the reference and a band of diagonals.
//
// The alignments a candidate stands for align the whole read (end to end) to any substring of
// the window, every cell inside the band. In prefix coordinates a cell (i, j) means "the first i
// read bases aligned, ending after window base j"; a path starts in any cell (0, j), ends in any
// cell (n, j), and moves diagonally (read base i against window base j: 0 if equal, 1 if not;
// N = 4 never matches, not even N), down (read base inserted: 1) or right (window base deleted:
// 1). Every cell on the path satisfies delta_low <= j - i <= delta_high and 0 <= j <= m. The
// candidate's edit distance E is the least cost of such a path (kUnreachable when none exists).
#include <cstdint>
#include <span>

namespace tropic::map::detail {

struct BandedWindow {
    std::span<const std::uint8_t> read, window;  // DNA codes 0..4 (A C G T N)
    int delta_low = 0, delta_high = 0;           // diagonals j - i, both included
};

// E of a candidate whose band holds no path (e.g. a band outside the window).
inline constexpr int kUnreachable = 1 << 20;

// The code that never matches.
inline constexpr std::uint8_t kNeverMatches = 4;

// The first and one past the last diagonal of row i that lie inside the band and the window.
struct RowDiagonals {
    int first = 0, end = 0;
};
// (constexpr, so that device code calls it too: the GPU filter's rows are these.)
constexpr RowDiagonals row_diagonals(int window_length, int delta_low, int delta_high, int i) {
    const int first = delta_low > -i ? delta_low : -i;
    const int last = delta_high < window_length - i ? delta_high : window_length - i;
    return {first, last + 1 > first ? last + 1 : first};
}
inline RowDiagonals row_diagonals(const BandedWindow& c, int i) {
    return row_diagonals(static_cast<int>(c.window.size()), c.delta_low, c.delta_high, i);
}

}  // namespace tropic::map::detail
