#pragma once
// Syntenic alignment (Huang and Chao 2003): a global alignment of A = a1..am (the query, rows i)
// and B = b1..bn (the target, columns j) that may skip a stretch of both sequences as a
// difference block, costing d whatever its lengths (one side may be empty). It aligns what two
// related sequences keep in common and jumps over what they do not (a rearranged or diverged
// region).
//
// With c(a, b) the substitution score, a gap of k residues costing alpha + k beta (alpha the
// gap open, beta the gap extend cost: the convention of pairwise.hpp) and d the block cost:
//   S(i,j) = max{S(i-1,j-1) + c(ai,bj), D(i,j), I(i,j), H(i,j)}
//   D(i,j) = max{D(i-1,j) - beta, S(i-1,j) - alpha - beta}   a query residue against a gap (CIGAR I)
//   I(i,j) = max{I(i,j-1) - beta, S(i,j-1) - alpha - beta}   a target residue against a gap (CIGAR D)
//   H(i,j) = max{H(i,j-1), H(i-1,j), S(i,j-1) - d, S(i-1,j) - d}   a block ends at (i,j)
// Boundaries: S(0,0) = 0, S(i,0) = max{D(i,0), H(i,0)}, S(0,j) = max{I(0,j), H(0,j)};
//   D(0,0) = I(0,0) = -alpha, D(i,0) = D(i-1,0) - beta, D(0,j) = S(0,j) - alpha,
//   I(0,j) = I(0,j-1) - beta, I(i,0) = S(i,0) - alpha; H(0,0) = H(i,0) = H(0,j) = -d.
// The score is S(m,n).
//
// BlockEnds::Charged (Li's variant) also charges d when the alignment does not start with a block
// and again when it does not end with one: S(0,0) = -d (so D(0,0) = I(0,0) = -d - alpha, and every
// boundary value built from S(0,0) follows), H on the boundaries stays -d, and the score is
// max{S(m,n) - d, H(m,n)}.
//
// The tie rule, the same on every backend (docs/syntenic.md): in S the diagonal, then D, then I,
// then H; in D and I extending before opening; in H the block from the left (H(i,j-1)), from
// above (H(i-1,j)), opened from the left (S(i,j-1) - d), opened from above (S(i-1,j) - d); at the
// end with charged ends S(m,n) - d before H(m,n).
#include <cstdint>
#include <span>
#include <vector>

#include "tropic/align/pairwise.hpp"
#include "tropic/align/scoring.hpp"
#include "tropic/core/alignment_record.hpp"
#include "tropic/core/outcome.hpp"
#include "tropic/core/run_options.hpp"

namespace tropic::align {

enum class BlockEnds : std::uint8_t { Free, Charged };

struct SyntenicParams {
    Scoring scoring;
    std::int32_t block_cost = 30;  // d, >= 0
    BlockEnds block_ends = BlockEnds::Free;
    // The score only: no traceback, so no segments.
    bool score_only = false;
};

// Throws InputError for invalid scoring (validate(Scoring)) or a block cost below 0 or beyond
// 10^6.
void validate(const SyntenicParams& params);

// One stretch of the alignment. Ranges are 0-based and half-open.
struct SyntenicSegment {
    enum class Kind : std::uint8_t { Aligned, Block };
    Kind kind = Kind::Aligned;
    std::int64_t query_begin = 0, query_end = 0;
    std::int64_t target_begin = 0, target_end = 0;
    // Aligned only: '=', 'X', 'I' (query residue against a gap), 'D' (target residue against a
    // gap), as PairAlignment's.
    std::vector<CigarElement> cigar;
    // Aligned: its substitution scores minus its gaps' costs; Block: -d.
    std::int64_t score = 0;
    bool operator==(const SyntenicSegment&) const = default;
};

struct SyntenicAlignment {
    std::int64_t score = 0;
    // First to last, covering both sequences end to end; consecutive segments never both blocks,
    // never an empty aligned segment. Empty with score_only.
    std::vector<SyntenicSegment> segments;
    // What BlockEnds::Charged added beyond the segments' scores: 0, d or 2d (0 with Free).
    std::int64_t end_charges = 0;
    // Over the aligned segments (0 with score_only).
    std::int64_t matches = 0, mismatches = 0, gap_opens = 0, gap_residues = 0, blocks = 0;
    bool operator==(const SyntenicAlignment&) const = default;
};

// The score the segments give, re-scored from the residues (for checks): the aligned segments'
// substitutions and gaps, -d per block, and the end charges of BlockEnds::Charged. Throws
// std::invalid_argument when the segments do not cover both sequences in order.
[[nodiscard]] std::int64_t rescore_syntenic(std::span<const std::uint8_t> query,
                                            std::span<const std::uint8_t> target,
                                            const SyntenicAlignment& alignment,
                                            const SyntenicParams& params);

// Aligns query against target (residue codes of the matrix's alphabet). A long pair runs on every
// thread of options.pool and, with the cuda backend or auto for a large pair, on the device; the
// result is the same everywhere. The traceback of a long pair takes linear memory (checkpoints,
// tiles filled again). Throws ResourceError, before allocating, when the memory does not fit
// options.max_memory, and InputError when scores could leave the 32-bit range.
[[nodiscard]] SyntenicAlignment align_syntenic(std::span<const std::uint8_t> query,
                                               std::span<const std::uint8_t> target,
                                               const SyntenicParams& params,
                                               const RunOptions& options = {});

// Many pairs (AlignPairInput of pairwise.hpp), outcomes in input order, as align_many.
[[nodiscard]] std::vector<Outcome<SyntenicAlignment>> syntenic_many(
    std::span<const AlignPairInput> pairs, const SyntenicParams& params,
    const RunOptions& options = {});

}  // namespace tropic::align
