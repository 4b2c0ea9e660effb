#pragma once
// The extension step of read mapping: a read that passed the filters, aligned against its
// reference window with affine gaps, its ends soft-clipped, and what SAM reports of the hit.
//
// The read is aligned end to end against the window with free reference ends (align_pair's
// glocal mode, its cells and tie rule: tropic/align/pairwise.hpp, computed the lean way by
// glocal_alignment.hpp) under MapScoring's DNA scores: match,
// -mismatch, -1 for any pair with an N (in the read or the window), a gap of k bases costing
// gap_open + k * gap_extend. Then the ends are soft-clipped by end_clip.hpp's rule (an end goes
// when dropping it raises the score by more than clip_penalty).
#include <cstdint>
#include <optional>
#include <span>
#include <string>
#include <vector>

#include "map/extend/glocal_alignment.hpp"
#include "tropic/core/alignment_record.hpp"
#include "tropic/map/map_params.hpp"

namespace tropic::map::detail {

struct ReadHit {
    // SAM's AS: the score of what is aligned after clipping (bwa mem's convention: the clipping
    // penalty is not subtracted).
    std::int32_t score = 0;
    // Concatenated reference coordinates of the first aligned (M or D) base and one past the last.
    std::int64_t reference_begin = 0;
    std::int64_t reference_end = 0;
    // S M I D only (M for match and mismatch); S only at the ends.
    std::vector<tropic::CigarElement> cigar;
    // NM and MD:Z of the aligned part (md_tag.hpp).
    std::int32_t edit_distance = 0;
    std::string md;
    // The score (as AS) of the read placed a few bases away in the same window about as well
    // (glocal_alignment.hpp's shifted_score, moved by what clipping changed): a tandem repeat's
    // ambiguity, which no other hit shows since the window holds both placements.
    std::optional<std::int32_t> shifted_score;
    bool operator==(const ReadHit&) const = default;
};

// Aligns all of `read` (codes 0..4, in the orientation tried) against `window`, the reference
// codes of [window_start, window_start + window.size()). nullopt when the read or the window is
// empty, when the end-to-end alignment aligns no base (all of the read inserted), or when what
// is left after clipping scores 0 or less. `band`: the diagonals the alignment may use
// (glocal_alignment.hpp).
[[nodiscard]] std::optional<ReadHit> extend_read(std::span<const std::uint8_t> read,
                                                 std::span<const std::uint8_t> window,
                                                 std::int64_t window_start,
                                                 const MapScoring& scoring,
                                                 DiagonalBand band = kAllDiagonals);

}  // namespace tropic::map::detail
