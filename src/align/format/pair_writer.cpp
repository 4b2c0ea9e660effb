// The pair layout: EMBOSS's srspair (water, needle) for people reading an alignment, in blocks of
// 60 columns.
#include <fmt/format.h>

#include <algorithm>
#include <iterator>

#include "align/format/pair_rows.hpp"
#include "align/format/text_fields.hpp"
#include "tropic/align/alignment_writer.hpp"

namespace tropic::align {

void append_pair(std::string& out, const SequenceRecord& query, const SequenceRecord& target,
                 const PairAlignment& alignment, const AlignParams& params,
                 const AlignmentTextOptions&) {
    detail::require_traceback(params, "pair");
    const SubstitutionMatrix& matrix = params.scoring.matrix;
    const detail::PairRows rows = detail::pair_rows(
        query, target, alignment.query_begin, alignment.target_begin, alignment.cigar, matrix);
    const std::int64_t length = alignment.columns();
    auto to = std::back_inserter(out);
    out += "#=======================================\n#\n";
    fmt::format_to(to, "# Query:       {} (length {})\n", query.name, query.residues.size());
    fmt::format_to(to, "# Target:      {} (length {})\n", target.name, target.residues.size());
    fmt::format_to(to, "# Mode:        {}\n", mode_name(params.mode));
    detail::append_pair_scoring(out, params.scoring);
    out += "#\n";
    fmt::format_to(to, "# Length:      {}\n", length);
    fmt::format_to(to, "# Identity:    {}\n", detail::pair_share(alignment.matches, length));
    fmt::format_to(to, "# Similarity:  {}\n", detail::pair_share(rows.positives, length));
    fmt::format_to(to, "# Gaps:        {}\n", detail::pair_share(alignment.gap_residues, length));
    fmt::format_to(to, "# Score:       {}\n", alignment.score);
    out += "#\n#=======================================\n\n";

    const std::size_t width =
        std::max({detail::kPairMinNameWidth, query.name.size(), target.name.size()});
    std::int64_t query_done = alignment.query_begin, target_done = alignment.target_begin;
    detail::append_pair_blocks(out, query.name, target.name, width, rows, query_done, target_done);
}

}  // namespace tropic::align
