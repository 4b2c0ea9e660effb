#pragma once
// The read's end-to-end alignment against its window with free window ends: exactly what
// align::align_pair gives in glocal mode (tropic/align/pairwise.hpp: the same recurrences in the
// same 32-bit cells, the same end cell and the same traceback tie rule), for the short pairs of
// read mapping without align_pair's planning, kernel ladder and tiled traceback, which cost
// several times the fill of a 150 x 170 pair. One full matrix of direction bytes (read length x
// window length), kept between calls on the same thread.
//
// Cells, with the read q[1..m] down the rows and the window t[1..n] along the columns:
//   I(i,j) = max(H(i-1,j) - O - E, I(i-1,j) - E),  D(i,j) = max(H(i,j-1) - O - E, D(i,j-1) - E)
//   H(i,j) = max(H(i-1,j-1) + s(q_i, t_j), I(i,j), D(i,j));  H(0,j) = 0, H(i,0) = -(O + iE)
// The end is the largest H(m,j), the smallest j on ties; the traceback prefers the diagonal,
// then D, then I, and stays in a gap while it extends.
#include <cstdint>
#include <optional>
#include <span>
#include <vector>

#include "map/extend/end_clip.hpp"
#include "tropic/map/map_params.hpp"

namespace tropic::map::detail {

struct GlocalPath {
    std::int32_t score = 0;
    std::int64_t target_begin = 0, target_end = 0;  // the window's aligned range
    // One a column, from the read's first base to its last, scored as end_clip.hpp wants them.
    std::vector<AlignedColumn> columns;
    // The best end-to-end score of the read ending at least kShiftedEndDistance window bases
    // plus the path's gap columns away from this alignment's end, when it is within one match of
    // `score`: the read fits as well shifted, as in a tandem repeat, so its place is ambiguous. (A
    // lower bar, such as one mismatch, takes every read whose last base is a mismatch for a shifted
    // one.) Unset otherwise (and for pairs aligned through align_pair).
    std::optional<std::int32_t> shifted_score;
};

// Ends closer than this to the best are the same placement with its last bases aligned
// otherwise (a gap or mismatches at the end), not another placement.
inline constexpr std::size_t kShiftedEndDistance = 3;

// Pairs of more cells than this go to align_pair itself, whose traceback keeps checkpoints
// rather than a byte a cell (the same alignment in far less memory: a long read against a long
// window would otherwise hold read x window bytes).
inline constexpr std::uint64_t kMaxDirectCells = std::uint64_t{1} << 24;

// The diagonals j - i (j window bases against i read bases, both included) the alignment may
// use; cells outside count as minus infinity. The best alignment inside the band is the full
// matrix's whenever the full matrix's path lies inside it (the path's cells keep their values and
// their direction choices), so a band that covers the candidate's diagonals with room to spare
// gives the same hit for a fraction of the cells.
struct DiagonalBand {
    std::int64_t low = 0, high = 0;
};
inline constexpr DiagonalBand kAllDiagonals{INT64_MIN / 4, INT64_MAX / 4};

// read and window non-empty, codes 0..4; N scores -1 against anything. Scores must stay in 32
// bits: MapParams' limits (validate) keep them far inside. A band that leaves a row of the read
// without a cell is widened to the whole matrix. The shifted score looks at the last row's cells
// inside the band.
void align_glocal(std::span<const std::uint8_t> read, std::span<const std::uint8_t> window,
                  const MapScoring& scoring, GlocalPath& path,
                  std::uint64_t max_direct_cells = kMaxDirectCells,
                  DiagonalBand band = kAllDiagonals);

}  // namespace tropic::map::detail
