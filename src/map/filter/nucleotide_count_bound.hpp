#pragma once
// GASSST's frequency-distance filter: a lower bound of a candidate's edit distance from letter
// counts alone.
//
// Proof. Every read base that an optimal path does not match to an equal window base costs one
// edit (a substitution or an insertion), so E >= n - (matched read bases). A matched read base
// of letter c uses a distinct window base c, and only window bases the band can reach (window
// positions j with delta_low <= j - i <= delta_high for some read position i, i.e.
// j in [delta_low, n - 1 + delta_high]) can be matched. A read N never matches. Hence
// matched <= sum over c in ACGT of min(read_c, reach_c), and
//     E >= N_read + sum over c in ACGT of max(0, read_c - reach_c).
#include "map/filter/banded_window.hpp"

namespace tropic::map::detail {

// The bound above; O(n + band's reach of the window).
[[nodiscard]] int nucleotide_count_bound(const BandedWindow& candidate);

}  // namespace tropic::map::detail
