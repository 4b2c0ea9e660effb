// The paf layout of minimap2: 12 columns and the NM, AS and cg tags.
#include <fmt/format.h>

#include <iterator>

#include "align/format/text_fields.hpp"
#include "tropic/align/alignment_writer.hpp"

namespace tropic::align {

void append_paf(std::string& out, const SequenceRecord& query, const SequenceRecord& target,
                const PairAlignment& alignment, const AlignParams& params,
                const AlignmentTextOptions& options) {
    detail::require_traceback(params, "paf");
    if (alignment.cigar.empty()) return;  // no aligned residue: no line (header comment)
    // A minus-strand hit aligns the reverse complement; PAF gives the range on the query as given
    // (minimap2's convention) and the CIGAR along the target.
    const auto length = static_cast<std::int64_t>(query.residues.size());
    const bool minus = options.minus_strand;
    fmt::format_to(std::back_inserter(out),
                   "{}\t{}\t{}\t{}\t{}\t{}\t{}\t{}\t{}\t{}\t{}\t255\tNM:i:{}\tAS:i:{}\tcg:Z:{}\n",
                   query.name, length, minus ? length - alignment.query_end : alignment.query_begin,
                   minus ? length - alignment.query_begin : alignment.query_end, minus ? '-' : '+',
                   target.name, target.residues.size(), alignment.target_begin,
                   alignment.target_end, alignment.matches, alignment.columns(),
                   alignment.mismatches + alignment.gap_residues, alignment.score,
                   cigar_string(output_cigar(alignment.cigar, options.cigar_m)));
}

}  // namespace tropic::align
