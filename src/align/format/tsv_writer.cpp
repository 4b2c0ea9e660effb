// The tsv layout: one header line, then one tab-separated line per pair.
#include <fmt/format.h>

#include <iterator>

#include "align/format/text_fields.hpp"
#include "tropic/align/alignment_writer.hpp"

namespace tropic::align {

void append_tsv_header(std::string& out, const AlignmentTextOptions& options) {
    out += options.strand_field ? "#query\ttarget\tstrand\t" : "#query\ttarget\t";
    out +=
        "mode\tscore\tquery_begin\tquery_end\ttarget_begin\ttarget_end\tidentity\tmatches\t"
        "mismatches\tgap_opens\tgaps\tcigar\n";
}

void append_tsv(std::string& out, const SequenceRecord& query, const SequenceRecord& target,
                const PairAlignment& alignment, const AlignParams& params,
                const AlignmentTextOptions& options) {
    auto to = std::back_inserter(out);
    fmt::format_to(to, "{}\t{}\t", query.name, target.name);
    if (options.strand_field) out += options.minus_strand ? "-\t" : "+\t";
    fmt::format_to(to, "{}\t{}\t{}\t{}\t{}\t{}\t", mode_name(params.mode), alignment.score,
                   detail::one_based_begin(alignment.query_begin, "NA"), alignment.query_end,
                   detail::one_based_begin(alignment.target_begin, "NA"), alignment.target_end);
    if (params.score_only) {
        out += "NA\tNA\tNA\tNA\tNA\t*\n";
        return;
    }
    fmt::format_to(to, "{:.4f}\t{}\t{}\t{}\t{}\t{}\n", detail::identity_fraction(alignment),
                   alignment.matches, alignment.mismatches, alignment.gap_opens,
                   alignment.gap_residues,
                   cigar_string(output_cigar(alignment.cigar, options.cigar_m)));
}

}  // namespace tropic::align
