// The syntenic pair layout: align's pair view (EMBOSS's srspair) of each aligned segment, and a
// line for each difference block between them.
#include <fmt/format.h>

#include <algorithm>
#include <iterator>
#include <vector>

#include "align/format/pair_rows.hpp"
#include "align/format/syntenic_fields.hpp"
#include "tropic/align/syntenic_writer.hpp"
#include "tropic/core/error.hpp"

namespace tropic::align {

namespace {

// "query 1201-1530 (330)": 1-based and inclusive, an empty side as begin = end + 1.
std::string block_side(std::string_view side, std::int64_t begin, std::int64_t end) {
    return fmt::format("{} {}-{} ({})", side, begin + 1, end, end - begin);
}

}  // namespace

void append_syntenic_pair(std::string& out, const SequenceRecord& query,
                          const SequenceRecord& target, const SyntenicAlignment& alignment,
                          const SyntenicParams& params) {
    if (params.score_only)
        throw InputError(
            "the pair layout needs the alignment's segments, which score-only alignments lack");
    std::vector<detail::PairRows> rows;
    std::int64_t positives = 0, length = 0;
    for (const SyntenicSegment& segment : alignment.segments) {
        if (segment.kind == SyntenicSegment::Kind::Block) continue;
        rows.push_back(detail::pair_rows(query, target, segment.query_begin, segment.target_begin,
                                         segment.cigar, params.scoring.matrix));
        positives += rows.back().positives;
        length += static_cast<std::int64_t>(rows.back().query.size());
    }
    auto to = std::back_inserter(out);
    out += "#=======================================\n#\n";
    fmt::format_to(to, "# Query:       {} (length {})\n", query.name, query.residues.size());
    fmt::format_to(to, "# Target:      {} (length {})\n", target.name, target.residues.size());
    out += "# Mode:        syntenic\n";
    detail::append_pair_scoring(out, params.scoring);
    fmt::format_to(to, "# Block_cost:  {} (block ends {})\n", params.block_cost,
                   block_ends_name(params.block_ends));
    out += "#\n";
    fmt::format_to(to, "# Length:      {}\n", length);
    fmt::format_to(to, "# Identity:    {}\n", detail::pair_share(alignment.matches, length));
    fmt::format_to(to, "# Similarity:  {}\n", detail::pair_share(positives, length));
    fmt::format_to(to, "# Gaps:        {}\n", detail::pair_share(alignment.gap_residues, length));
    fmt::format_to(to, "# Blocks:      {}\n", alignment.blocks);
    fmt::format_to(to, "# Score:       {}\n", alignment.score);
    out += "#\n#=======================================\n\n";

    const std::size_t width =
        std::max({detail::kPairMinNameWidth, query.name.size(), target.name.size()});
    std::size_t next_rows = 0;
    for (const SyntenicSegment& segment : alignment.segments) {
        if (segment.kind == SyntenicSegment::Kind::Block) {
            fmt::format_to(to, "[block: {}, {}]\n\n",
                           block_side("query", segment.query_begin, segment.query_end),
                           block_side("target", segment.target_begin, segment.target_end));
            continue;
        }
        std::int64_t query_done = segment.query_begin, target_done = segment.target_begin;
        detail::append_pair_blocks(out, query.name, target.name, width, rows[next_rows++],
                                   query_done, target_done);
    }
}

}  // namespace tropic::align
