// The pair layout: EMBOSS's srspair (water, needle) for people reading an alignment, in blocks of
// 60 columns.
#include <fmt/format.h>

#include <algorithm>
#include <iterator>

#include "align/format/text_fields.hpp"
#include "tropic/align/alignment_writer.hpp"
#include "tropic/core/dna_encoding.hpp"
#include "tropic/core/protein_encoding.hpp"

namespace tropic::align {

namespace {

constexpr std::size_t kBlockColumns = 60;
constexpr std::size_t kMinNameWidth = 13;  // EMBOSS's

// The three rows of the alignment, column by column, and how many pairs score above 0.
struct PairRows {
    std::string query, marks, target;
    std::int64_t positives = 0;
};

std::uint8_t residue_code(const SubstitutionMatrix& matrix, char residue) {
    return matrix.alphabet == Alphabet::Dna ? static_cast<std::uint8_t>(encode_dna_residue(residue))
                                            : encode_protein_residue(residue);
}

PairRows pair_rows(const SequenceRecord& query, const SequenceRecord& target,
                   const PairAlignment& alignment, const SubstitutionMatrix& matrix) {
    PairRows rows;
    auto i = static_cast<std::size_t>(alignment.query_begin);
    auto j = static_cast<std::size_t>(alignment.target_begin);
    for (const CigarElement& element : alignment.cigar) {
        for (std::uint32_t k = 0; k < element.length; ++k) {
            if (element.op == CigarOp::Insertion) {
                rows.query += query.residues[i++];
                rows.marks += ' ';
                rows.target += '-';
            } else if (element.op == CigarOp::Deletion) {
                rows.query += '-';
                rows.marks += ' ';
                rows.target += target.residues[j++];
            } else {
                const char q = query.residues[i++], t = target.residues[j++];
                const bool positive =
                    matrix.score(residue_code(matrix, q), residue_code(matrix, t)) > 0;
                rows.positives += positive;
                rows.query += q;
                rows.target += t;
                rows.marks += element.op == CigarOp::SequenceMatch ? '|' : positive ? ':' : '.';
            }
        }
    }
    return rows;
}

// "n/total (pct%)" as EMBOSS writes it.
std::string share(std::int64_t n, std::int64_t total) {
    const double percent =
        total == 0 ? 0.0 : 100.0 * static_cast<double>(n) / static_cast<double>(total);
    return fmt::format("{:>7}/{} ({:>5.1f}%)", n, total, percent);
}

// One row of a block: the positions of its first and last residue (1-based; a row of gaps only
// shows the last residue before it on both sides), advancing `consumed`.
void append_row(std::string& out, std::string_view name, std::size_t width, std::string_view row,
                std::int64_t& consumed) {
    const auto residues = static_cast<std::int64_t>(
        row.size() - static_cast<std::size_t>(std::count(row.begin(), row.end(), '-')));
    const std::int64_t first = residues > 0 ? consumed + 1 : consumed;
    consumed += residues;
    fmt::format_to(std::back_inserter(out), "{:<{}} {:>6} {} {:>6}\n", name, width, first, row,
                   consumed);
}

}  // namespace

void append_pair(std::string& out, const SequenceRecord& query, const SequenceRecord& target,
                 const PairAlignment& alignment, const AlignParams& params,
                 const AlignmentTextOptions&) {
    detail::require_traceback(params, "pair");
    const SubstitutionMatrix& matrix = params.scoring.matrix;
    const PairRows rows = pair_rows(query, target, alignment, matrix);
    const std::int64_t length = alignment.columns();
    auto to = std::back_inserter(out);
    out += "#=======================================\n#\n";
    fmt::format_to(to, "# Query:       {} (length {})\n", query.name, query.residues.size());
    fmt::format_to(to, "# Target:      {} (length {})\n", target.name, target.residues.size());
    fmt::format_to(to, "# Mode:        {}\n", mode_name(params.mode));
    if (matrix.alphabet == Alphabet::Dna)
        fmt::format_to(to, "# Matrix:      {}, N {:+}\n", matrix.name, matrix.score(4, 4));
    else
        fmt::format_to(to, "# Matrix:      {}\n", matrix.name);
    fmt::format_to(to, "# Gap_penalty: open {}, extend {} (a gap of k residues costs {} + {}k)\n",
                   params.scoring.gaps.open, params.scoring.gaps.extend, params.scoring.gaps.open,
                   params.scoring.gaps.extend);
    out += "#\n";
    fmt::format_to(to, "# Length:      {}\n", length);
    fmt::format_to(to, "# Identity:    {}\n", share(alignment.matches, length));
    fmt::format_to(to, "# Similarity:  {}\n", share(rows.positives, length));
    fmt::format_to(to, "# Gaps:        {}\n", share(alignment.gap_residues, length));
    fmt::format_to(to, "# Score:       {}\n", alignment.score);
    out += "#\n#=======================================\n\n";

    const std::size_t width = std::max({kMinNameWidth, query.name.size(), target.name.size()});
    std::int64_t query_done = alignment.query_begin, target_done = alignment.target_begin;
    for (std::size_t column = 0; column < rows.query.size(); column += kBlockColumns) {
        const std::size_t n = std::min(kBlockColumns, rows.query.size() - column);
        append_row(out, query.name, width, std::string_view(rows.query).substr(column, n),
                   query_done);
        std::string marks =
            fmt::format("{:<{}} {:>6} {}", "", width, "", rows.marks.substr(column, n));
        marks.erase(marks.find_last_not_of(' ') + 1);  // a block of gaps only: an empty line
        out += marks;
        out += '\n';
        append_row(out, target.name, width, std::string_view(rows.target).substr(column, n),
                   target_done);
        out += '\n';
    }
}

}  // namespace tropic::align
