#pragma once
// Pieces the syntenic layouts share: a segment's kind and counts, a range's 1-based begin.
#include <cstdint>
#include <string_view>

#include "tropic/align/syntenic.hpp"

namespace tropic::align::detail {

inline std::string_view segment_kind(const SyntenicSegment& segment) noexcept {
    return segment.kind == SyntenicSegment::Kind::Block ? "block" : "aligned";
}

// An aligned segment's CIGAR counts.
struct SegmentCounts {
    std::int64_t matches = 0, mismatches = 0, gap_residues = 0;
    std::int64_t columns() const noexcept { return matches + mismatches + gap_residues; }
};

inline SegmentCounts segment_counts(const SyntenicSegment& segment) noexcept {
    SegmentCounts counts;
    for (const CigarElement& element : segment.cigar) {
        if (element.op == CigarOp::SequenceMatch)
            counts.matches += element.length;
        else if (element.op == CigarOp::SequenceMismatch)
            counts.mismatches += element.length;
        else
            counts.gap_residues += element.length;
    }
    return counts;
}

}  // namespace tropic::align::detail
