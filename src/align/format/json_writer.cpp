// The json layout: one object per pair and line, null where score-only leaves a value unknown.
#include <fmt/format.h>

#include <iterator>

#include "align/format/text_fields.hpp"
#include "core/internal/json_text.hpp"
#include "tropic/align/alignment_writer.hpp"

namespace tropic::align {

void append_json(std::string& out, const SequenceRecord& query, const SequenceRecord& target,
                 const PairAlignment& alignment, const AlignParams& params,
                 const AlignmentTextOptions& options) {
    auto to = std::back_inserter(out);
    out += "{\"query\":";
    append_json_string(out, query.name);
    out += ",\"target\":";
    append_json_string(out, target.name);
    if (options.strand_field)
        out += options.minus_strand ? ",\"strand\":\"-\"" : ",\"strand\":\"+\"";
    fmt::format_to(to,
                   ",\"query_length\":{},\"target_length\":{},\"mode\":\"{}\",\"score\":{},"
                   "\"query_begin\":{},\"query_end\":{},\"target_begin\":{},\"target_end\":{},",
                   query.residues.size(), target.residues.size(), mode_name(params.mode),
                   alignment.score, detail::one_based_begin(alignment.query_begin, "null"),
                   alignment.query_end, detail::one_based_begin(alignment.target_begin, "null"),
                   alignment.target_end);
    if (params.score_only) {
        out +=
            "\"cigar\":null,\"identity\":null,\"matches\":null,\"mismatches\":null,"
            "\"gap_opens\":null,\"gaps\":null,\"columns\":null";
    } else {
        // An empty alignment's CIGAR is "" here (JSON can tell it from an unknown one).
        const std::string cigar =
            alignment.cigar.empty() ? ""
                                    : cigar_string(output_cigar(alignment.cigar, options.cigar_m));
        fmt::format_to(to,
                       "\"cigar\":\"{}\",\"identity\":{:.4f},\"matches\":{},\"mismatches\":{},"
                       "\"gap_opens\":{},\"gaps\":{},\"columns\":{}",
                       cigar, detail::identity_fraction(alignment), alignment.matches,
                       alignment.mismatches, alignment.gap_opens, alignment.gap_residues,
                       alignment.columns());
    }
    // The lane width that computed the score is left out: it depends on the CPU and the backend,
    // and outputs are the same everywhere.
    fmt::format_to(to, "}}\n");
}

}  // namespace tropic::align
