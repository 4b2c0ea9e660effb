// The syntenic json layout: one object per pair and line, its segments in an array.
#include <fmt/format.h>

#include <iterator>

#include "align/format/syntenic_fields.hpp"
#include "core/internal/json_text.hpp"
#include "tropic/align/syntenic_writer.hpp"

namespace tropic::align {

namespace {

void append_segment(std::string& out, const SyntenicSegment& segment) {
    fmt::format_to(std::back_inserter(out),
                   "{{\"kind\":\"{}\",\"query_begin\":{},\"query_end\":{},\"target_begin\":{},"
                   "\"target_end\":{},\"score\":{},\"cigar\":",
                   detail::segment_kind(segment), segment.query_begin + 1, segment.query_end,
                   segment.target_begin + 1, segment.target_end, segment.score);
    if (segment.kind == SyntenicSegment::Kind::Block)
        out += "null}";
    else
        fmt::format_to(std::back_inserter(out), "\"{}\"}}", cigar_string(segment.cigar));
}

}  // namespace

void append_syntenic_json(std::string& out, const SequenceRecord& query,
                          const SequenceRecord& target, const SyntenicAlignment& alignment,
                          const SyntenicParams& params) {
    auto to = std::back_inserter(out);
    out += "{\"query\":";
    append_json_string(out, query.name);
    out += ",\"target\":";
    append_json_string(out, target.name);
    fmt::format_to(to,
                   ",\"query_length\":{},\"target_length\":{},\"block_cost\":{},"
                   "\"block_ends\":\"{}\",\"score\":{},",
                   query.residues.size(), target.residues.size(), params.block_cost,
                   block_ends_name(params.block_ends), alignment.score);
    if (params.score_only) {
        out +=
            "\"end_charges\":null,\"matches\":null,\"mismatches\":null,\"gap_opens\":null,"
            "\"gaps\":null,\"blocks\":null,\"segments\":null}\n";
        return;
    }
    fmt::format_to(to,
                   "\"end_charges\":{},\"matches\":{},\"mismatches\":{},\"gap_opens\":{},"
                   "\"gaps\":{},\"blocks\":{},\"segments\":[",
                   alignment.end_charges, alignment.matches, alignment.mismatches,
                   alignment.gap_opens, alignment.gap_residues, alignment.blocks);
    for (std::size_t k = 0; k < alignment.segments.size(); ++k) {
        if (k > 0) out += ',';
        append_segment(out, alignment.segments[k]);
    }
    out += "]}\n";
}

}  // namespace tropic::align
