#pragma once
// The traceback of syntenic.hpp's tie rule in little memory. The fill kept checkpoint rows and
// columns (syntenic_fill.hpp); from the last cell, the tile holding the path's current cell is
// filled again from its top row and left column up to the current cell, keeping the direction
// bits of each cell (syntenic_cell.hpp); the path is followed through it to the tile's top or left
// edge; then the next tile. Only the tiles the path crosses are filled again, and the path is the
// one a full-matrix traceback gives, whichever backend filled the matrix.
#include <cstdint>
#include <functional>

#include "align/syntenic/syntenic_fill.hpp"
#include "tropic/align/syntenic.hpp"

namespace tropic::align::detail {

// Where a traceback takes a tile's direction bits from: fills rows [r0, r1) and columns [c0, c1)
// of the tile whose top row is checkpoint row b and whose left column is checkpoint column c, and
// returns dirs[(i - r0) * (c1 - c0) + (j - c0)], valid until the next call.
using SyntenicTileDirections =
    std::function<const std::uint8_t*(const TileBounds& bounds, std::int64_t b, std::int64_t c)>;

// The alignment that ends at the last cell, its tiles filled again on the CPU from host
// checkpoints, which must hold the columns (fill_syntenic's keep_columns).
SyntenicAlignment trace_syntenic(const SyntenicProblem& problem, const SyntenicCell& last,
                                 const SyntenicCheckpoints& checkpoints);
// The same from checkpoints every block_rows rows and block_columns columns that `directions`
// reads wherever they are.
SyntenicAlignment trace_syntenic(const SyntenicProblem& problem, const SyntenicCell& last,
                                 std::int64_t block_rows, std::int64_t block_columns,
                                 const SyntenicTileDirections& directions);

// A score-only result: the score alone.
SyntenicAlignment syntenic_score_only(const SyntenicCell& last, const SyntenicCosts& costs);

// The score of an aligned segment's CIGAR from the residues at its ranges; throws
// std::invalid_argument when the CIGAR does not span them or holds another operation.
std::int64_t aligned_segment_score(const SyntenicProblem& problem, const SyntenicSegment& segment);

// Segment scores, end charges and summary counts of an alignment whose segments are set.
void summarize_syntenic(const SyntenicProblem& problem, SyntenicAlignment& alignment);

}  // namespace tropic::align::detail
