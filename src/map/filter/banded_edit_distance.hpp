#pragma once
// The exact edit distance E of a candidate (banded_window.hpp), the cascade's last stage: a DP
// over the band only, one row of W diagonals per read base, stopping as soon as a whole row
// exceeds stop_above (a path's cost never decreases and every path crosses every row, so a row's
// minimum is a lower bound of E).
#include "map/filter/banded_window.hpp"

namespace tropic::map::detail {

// E, or the first row minimum above stop_above; kUnreachable when the band holds no path.
// O(n * W) for a band of W diagonals.
[[nodiscard]] int banded_edit_distance(const BandedWindow& candidate, int stop_above);

}  // namespace tropic::map::detail
