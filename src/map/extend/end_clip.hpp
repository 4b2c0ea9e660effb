#pragma once
// Soft-clipping the ends of an end-to-end alignment, by bwa mem's rule: an end is dropped when
// the alignment without it scores more than the clipping penalty above the alignment with it.
//
// The alignment is given as its columns (one per CIGAR base: M, I or D) with what each adds to
// the score; a gap's first column carries the opening cost as well. A clip cuts the path
// between columns, next to an M column: the kept part starts at column 0 or at an M column and
// ends at the last column or at an M column, so a gap is never cut in two and every kept part
// scores exactly the sum of its columns. Among the kept parts [begin, end) the one chosen
// maximises
//     score(begin, end) - clip_penalty * (begin > 0) - clip_penalty * (end < columns)
// (each clipped end costs the penalty once, so a clip must gain more than the penalty: a tie
// keeps the end), ties going to the smallest begin, then to the largest end (the longest
// alignment). Clipping the left end never depends on the right one except where both clips
// would overlap; the choice is made jointly so that the kept part always holds an M column.
#include <cstdint>
#include <optional>
#include <span>

#include "tropic/core/alignment_record.hpp"

namespace tropic::map::detail {

struct AlignedColumn {
    CigarOp op = CigarOp::Match;  // Match, Insertion or Deletion
    std::int32_t score = 0;       // the substitution score, or -(E) and on a gap's first -(O + E)
};

// The columns kept, [begin, end).
struct ClipChoice {
    std::size_t begin = 0, end = 0;
    std::int64_t score = 0;  // the kept columns' score (the penalty not subtracted)
};

// nullopt when no column is an M column.
[[nodiscard]] std::optional<ClipChoice> choose_clip(std::span<const AlignedColumn> columns,
                                                    std::int32_t clip_penalty);

}  // namespace tropic::map::detail
