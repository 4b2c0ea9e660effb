// The rows of the pair layout and their blocks of 60 columns.
#include "align/format/pair_rows.hpp"

#include <fmt/format.h>

#include <algorithm>
#include <iterator>

#include "tropic/core/dna_encoding.hpp"
#include "tropic/core/protein_encoding.hpp"

namespace tropic::align::detail {

namespace {

std::uint8_t residue_code(const SubstitutionMatrix& matrix, char residue) {
    return matrix.alphabet == Alphabet::Dna ? static_cast<std::uint8_t>(encode_dna_residue(residue))
                                            : encode_protein_residue(residue);
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

PairRows pair_rows(const SequenceRecord& query, const SequenceRecord& target,
                   std::int64_t query_begin, std::int64_t target_begin,
                   std::span<const CigarElement> cigar, const SubstitutionMatrix& matrix) {
    PairRows rows;
    auto i = static_cast<std::size_t>(query_begin);
    auto j = static_cast<std::size_t>(target_begin);
    for (const CigarElement& element : cigar) {
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

void append_pair_scoring(std::string& out, const Scoring& scoring) {
    auto to = std::back_inserter(out);
    const SubstitutionMatrix& matrix = scoring.matrix;
    if (matrix.alphabet == Alphabet::Dna)
        fmt::format_to(to, "# Matrix:      {}, N {:+}\n", matrix.name, matrix.score(4, 4));
    else
        fmt::format_to(to, "# Matrix:      {}\n", matrix.name);
    fmt::format_to(to, "# Gap_penalty: open {}, extend {} (a gap of k residues costs {} + {}k)\n",
                   scoring.gaps.open, scoring.gaps.extend, scoring.gaps.open, scoring.gaps.extend);
}

std::string pair_share(std::int64_t n, std::int64_t total) {
    const double percent =
        total == 0 ? 0.0 : 100.0 * static_cast<double>(n) / static_cast<double>(total);
    return fmt::format("{:>7}/{} ({:>5.1f}%)", n, total, percent);
}

void append_pair_blocks(std::string& out, std::string_view query_name, std::string_view target_name,
                        std::size_t width, const PairRows& rows, std::int64_t& query_done,
                        std::int64_t& target_done) {
    for (std::size_t column = 0; column < rows.query.size(); column += kPairBlockColumns) {
        const std::size_t n = std::min(kPairBlockColumns, rows.query.size() - column);
        append_row(out, query_name, width, std::string_view(rows.query).substr(column, n),
                   query_done);
        std::string marks =
            fmt::format("{:<{}} {:>6} {}", "", width, "", rows.marks.substr(column, n));
        marks.erase(marks.find_last_not_of(' ') + 1);  // a block of gaps only: an empty line
        out += marks;
        out += '\n';
        append_row(out, target_name, width, std::string_view(rows.target).substr(column, n),
                   target_done);
        out += '\n';
    }
}

}  // namespace tropic::align::detail
