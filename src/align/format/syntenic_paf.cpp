// The syntenic paf layout: minimap2's 12 columns and the NM, AS and cg tags, per aligned segment.
#include <fmt/format.h>

#include <iterator>

#include "align/format/syntenic_fields.hpp"
#include "tropic/align/syntenic_writer.hpp"
#include "tropic/core/error.hpp"

namespace tropic::align {

void append_syntenic_paf(std::string& out, const SequenceRecord& query,
                         const SequenceRecord& target, const SyntenicAlignment& alignment,
                         const SyntenicParams& params) {
    if (params.score_only)
        throw InputError(
            "the paf layout needs the alignment's segments, which score-only alignments lack");
    for (const SyntenicSegment& segment : alignment.segments) {
        if (segment.kind == SyntenicSegment::Kind::Block) continue;
        const detail::SegmentCounts counts = detail::segment_counts(segment);
        fmt::format_to(
            std::back_inserter(out),
            "{}\t{}\t{}\t{}\t+\t{}\t{}\t{}\t{}\t{}\t{}\t255\tNM:i:{}\tAS:i:{}\tcg:Z:{}\n",
            query.name, query.residues.size(), segment.query_begin, segment.query_end, target.name,
            target.residues.size(), segment.target_begin, segment.target_end, counts.matches,
            counts.columns(), counts.mismatches + counts.gap_residues, segment.score,
            cigar_string(segment.cigar));
    }
}

}  // namespace tropic::align
