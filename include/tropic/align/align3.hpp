#pragma once
// Optimal global alignment of three sequences A, B and C under sum-of-pairs scores.
//
// An alignment is a list of columns; each column holds a residue or a gap from every sequence,
// never three gaps, and every residue appears once, in order. A column is written as a mask of
// the sequences that have a residue in it: bit 0 A, bit 1 B, bit 2 C (1..7).
//
// The score is the sum, over the three pairs (A,B), (A,C), (B,C), of the score of the pair's
// projection: the two rows of the pair with the columns where both have a gap removed. In a
// projection two residues score s(x, y) of the matrix, and a gap (a maximal run of columns with a
// residue on one side and a gap on the other side, the same side throughout) of k residues costs
// open + k * extend ("natural" gap costs, Altschul 1989). A gap at either end is charged like any
// other.
//
// Two models follow from the gap costs:
//   linear (open == 0): one cube V(i,j,k) with 7 predecessors, one per column mask;
//   affine (open > 0): 13 states per cell (align3_cell.hpp), which remember for every pair whether
//     its projection last had a gap and on which side; the score is exact (no quasi-natural
//     approximation).
//
// The traceback follows one documented tie rule on every backend (docs/align3.md): among
// predecessors that give a cell's value, the column masks in the order 7, 3, 5, 6, 1, 2, 4 (three
// residues first, then two, then one), and for the affine model the predecessor states in their
// index order.
#include <array>
#include <cstdint>
#include <span>
#include <string>
#include <vector>

#include "tropic/align/scoring.hpp"
#include "tropic/core/outcome.hpp"
#include "tropic/core/run_options.hpp"

namespace tropic::align {

struct Align3Params {
    // The matrix and the gap costs; gaps.open == 0 is the linear model (a residue against a gap
    // costs gaps.extend), gaps.open > 0 the affine one.
    Scoring scoring;
    // The score only: no traceback, so no columns.
    bool score_only = false;
};

// Throws InputError for invalid scoring (validate(Scoring), except that open == 0 is allowed
// here: it is the linear model; extend must then be positive).
void validate(const Align3Params& params);

// Bit b of a column: sequence b (0 A, 1 B, 2 C) has a residue in it.
inline constexpr std::uint8_t kAlign3ColumnA = 1, kAlign3ColumnB = 2, kAlign3ColumnC = 4;

using Align3Sequences = std::array<std::span<const std::uint8_t>, 3>;

struct Align3Result {
    std::int64_t score = 0;
    // The columns, first to last (empty with score_only, and for three empty sequences).
    std::vector<std::uint8_t> columns;
    // Columns whose three residues are identical (an N, or X in protein, never counts); 0 with
    // score_only.
    std::int64_t identities = 0;
    std::int64_t length() const noexcept { return static_cast<std::int64_t>(columns.size()); }
    bool operator==(const Align3Result&) const = default;
};

// The score of `columns` as an alignment of `sequences`, computed from the definition above
// (for checks). Throws std::invalid_argument when the columns do not use every residue once.
[[nodiscard]] std::int64_t rescore3(const Align3Sequences& sequences,
                                    std::span<const std::uint8_t> columns, const Scoring& scoring);

// Host bytes align3 needs for sequences of lengths m, n, p (planes, checkpoints and, with a
// traceback, the directions of one segment).
[[nodiscard]] std::uint64_t align3_host_bytes(std::int64_t m, std::int64_t n, std::int64_t p,
                                              const Align3Params& params);

// Aligns the three sequences (residue codes of the matrix's alphabet). Runs on every thread of
// options.pool and, with the cuda backend or auto for a large triple, on the device; the result
// is the same everywhere. Throws ResourceError, before allocating, when the memory does not fit
// options.max_memory (the message says what would), and InputError when scores could leave the
// 32-bit range.
[[nodiscard]] Align3Result align3(const Align3Sequences& sequences, const Align3Params& params,
                                  const RunOptions& options = {});

struct Align3Input {
    Align3Sequences sequences;
    std::string what;  // names the triple in messages
};

// Many triples, outcomes in input order; a triple that does not fit memory gets its error (code
// Resource, naming it by `what`), the others are still aligned.
[[nodiscard]] std::vector<Outcome<Align3Result>> align3_many(std::span<const Align3Input> triples,
                                                             const Align3Params& params,
                                                             const RunOptions& options = {});

}  // namespace tropic::align
