// The syntenic tsv layout: one header line, then one line per segment.
#include <fmt/format.h>

#include <iterator>

#include "align/format/syntenic_fields.hpp"
#include "tropic/align/syntenic_writer.hpp"

namespace tropic::align {

void append_syntenic_tsv_header(std::string& out) {
    out +=
        "#query\ttarget\tscore\tsegment\tkind\tquery_begin\tquery_end\ttarget_begin\ttarget_end\t"
        "segment_score\tcigar\n";
}

void append_syntenic_tsv(std::string& out, const SequenceRecord& query,
                         const SequenceRecord& target, const SyntenicAlignment& alignment,
                         const SyntenicParams& params) {
    auto to = std::back_inserter(out);
    if (params.score_only) {
        fmt::format_to(to, "{}\t{}\t{}\tNA\tNA\tNA\tNA\tNA\tNA\tNA\t*\n", query.name, target.name,
                       alignment.score);
        return;
    }
    std::size_t number = 0;
    for (const SyntenicSegment& segment : alignment.segments) {
        fmt::format_to(
            to, "{}\t{}\t{}\t{}\t{}\t{}\t{}\t{}\t{}\t{}\t{}\n", query.name, target.name,
            alignment.score, ++number, detail::segment_kind(segment), segment.query_begin + 1,
            segment.query_end, segment.target_begin + 1, segment.target_end, segment.score,
            segment.kind == SyntenicSegment::Kind::Block ? "*" : cigar_string(segment.cigar));
    }
}

}  // namespace tropic::align
