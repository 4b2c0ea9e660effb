#pragma once
// The traceback of pairwise.hpp's tie rule in little memory: from the end cell, each row block
// the path crosses is filled again from its checkpoint row (pair_fill.hpp), from column 1 to the
// path's current column, keeping one direction byte per cell, and the path is followed through
// it to the block's top; then the block above. Memory: one block of directions,
// block_rows x (n + 1) bytes, besides the checkpoints. Every kernel's checkpoints are the same
// numbers, so the path is the same whichever backend filled the matrix.
#include <cstdint>

#include "align/pairwise/pair_fill.hpp"
#include "tropic/align/pairwise.hpp"

namespace tropic::align::detail {

// Bytes of the direction block the traceback allocates.
std::uint64_t traceback_bytes(std::int64_t n, std::int64_t block_rows);

// The alignment ending at `end`, with score, ranges and CIGAR (summarised).
PairAlignment trace_alignment(const TileProblem& problem, const EndCell& end,
                              const Checkpoints& checkpoints);

}  // namespace tropic::align::detail
