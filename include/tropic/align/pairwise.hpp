#pragma once
// Pairwise alignment with affine gaps (Gotoh): local (Smith-Waterman), global
// (Needleman-Wunsch), glocal (the query end to end, free end gaps in the target) and overlap
// (free end gaps at both ends of both sequences; parasail's "sg").
//
// The recurrences, with the query q[1..m] down the rows (i) and the target t[1..n] along the
// columns (j), s the substitution matrix, O the gap open and E the gap extend cost:
//   I(i,j) = max(H(i-1,j) - O - E, I(i-1,j) - E)     a gap in the target: CIGAR I (query residue)
//   D(i,j) = max(H(i,j-1) - O - E, D(i,j-1) - E)     a gap in the query: CIGAR D (target residue)
//   H(i,j) = max(H(i-1,j-1) + s(q_i, t_j), I(i,j), D(i,j)) and, for local, 0
// Boundaries: H(0,0) = 0; I and D are -infinity on row 0 and column 0;
//   row 0:    H(0,j) = 0 (local, glocal, overlap) or -(O + jE) (global)
//   column 0: H(i,0) = 0 (local, overlap) or -(O + iE) (global, glocal)
// The alignment ends at
//   local:   the largest H over all cells (an empty alignment of score 0 when nothing scores
//            above 0);
//   global:  (m, n);
//   glocal:  the largest H(m, j), j = 0..n;
//   overlap: the largest H on the last row or the last column;
// and ties go to the smallest target end j, then to the smallest query end i.
//
// The traceback (the tie rule every backend follows, so that CPU and GPU give the same CIGAR):
// in H at (i, j): on row or column 0 a boundary: global continues as one gap along it, glocal
// stops on row 0 and continues as an insertion on column 0, local and overlap stop; local also
// stops at a cell whose H is 0. Otherwise the diagonal when H = H(i-1,j-1) + s, else D when
// H = D(i,j), else I. In D at (i, j): emit D and stay in D when D(i,j) = D(i,j-1) - E (extend),
// else go to H at (i, j-1) (open); I likewise upwards. Preferring the diagonal puts gaps as far
// left (5') as the score allows.
#include <cstddef>
#include <cstdint>
#include <optional>
#include <span>
#include <string>
#include <string_view>
#include <vector>

#include "tropic/align/scoring.hpp"
#include "tropic/core/alignment_record.hpp"
#include "tropic/core/outcome.hpp"
#include "tropic/core/run_options.hpp"

namespace tropic::align {

enum class AlignMode : std::uint8_t { Local, Global, Glocal, Overlap };

// "local", "global", "glocal", "overlap".
[[nodiscard]] std::string_view mode_name(AlignMode mode) noexcept;
[[nodiscard]] std::optional<AlignMode> parse_mode(std::string_view name) noexcept;

struct AlignParams {
    AlignMode mode = AlignMode::Local;
    Scoring scoring;
    // Score and end coordinates only: no traceback, so no CIGAR and no begin coordinates.
    bool score_only = false;
};

// Throws InputError for invalid scoring (validate(Scoring)).
void validate(const AlignParams& params);

// One pair's alignment. Ranges are 0-based and half-open; the writers print them 1-based and
// inclusive.
struct PairAlignment {
    std::int64_t score = 0;
    std::int64_t query_begin = 0, query_end = 0;    // query_begin = -1: unknown (score only)
    std::int64_t target_begin = 0, target_end = 0;  // target_begin = -1: unknown (score only)
    // Over the aligned ranges only: '=' identical residues (never N, or X for protein), 'X'
    // other aligned pairs, 'I' query residues against a gap, 'D' target residues against a gap.
    // Empty with score_only, and for an empty alignment.
    std::vector<CigarElement> cigar;
    // From the CIGAR (0 with score_only).
    std::int64_t matches = 0, mismatches = 0, gap_opens = 0, gap_residues = 0;
    std::int64_t columns() const noexcept { return matches + mismatches + gap_residues; }
    // The lane width that computed the score: 8, 16 or 32 bits.
    int score_bits = 32;
    bool operator==(const PairAlignment&) const = default;
};

// Counts matches, mismatches, gap opens and gap residues of `alignment.cigar` into it.
void summarize_cigar(PairAlignment& alignment);

// The score the CIGAR gives, re-scored from the residues (for checks): the substitution scores of
// the aligned pairs minus O + kE per gap of length k. The ranges of `alignment` say where the
// CIGAR starts.
[[nodiscard]] std::int64_t rescore(std::span<const std::uint8_t> query,
                                   std::span<const std::uint8_t> target,
                                   const PairAlignment& alignment, const Scoring& scoring);

// Aligns query against target, both as residue codes of the scoring matrix's alphabet. A long
// pair runs on every thread of options.pool (tiles in wavefronts) and, with the cuda backend or
// auto for a large pair, on the device; the result is the same everywhere. Throws ResourceError
// when the traceback's memory does not fit options.max_memory (the message says what would), and
// InputError when scores could leave the 32-bit range.
[[nodiscard]] PairAlignment align_pair(std::span<const std::uint8_t> query,
                                       std::span<const std::uint8_t> target,
                                       const AlignParams& params, const RunOptions& options = {});

struct AlignPairInput {
    std::span<const std::uint8_t> query, target;
    std::string what;  // names the pair in messages: "query 'a' against target 'b'"
};

// Many pairs, in parallel over options.pool (pairs on threads; a long pair on all of them);
// outcomes in input order. A pair that does not fit memory gets its error (code Resource, the
// message naming the pair by its `what`); the others are still aligned. Other errors throw, as
// align_pair's do. options.on_progress reports (pair index, fraction) for long pairs.
[[nodiscard]] std::vector<Outcome<PairAlignment>> align_many(std::span<const AlignPairInput> pairs,
                                                             const AlignParams& params,
                                                             const RunOptions& options = {});

}  // namespace tropic::align
