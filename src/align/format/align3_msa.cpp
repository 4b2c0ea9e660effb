// The align3 layouts of multiple-alignment tools: aligned FASTA and Clustal.
#include <fmt/format.h>

#include <algorithm>
#include <iterator>

#include "tropic/align/align3_writer.hpp"
#include "tropic/core/dna_encoding.hpp"
#include "tropic/core/error.hpp"
#include "tropic/core/protein_encoding.hpp"

namespace tropic::align {

namespace {

constexpr std::size_t kClustalColumns = 60;

void require_columns(const Align3Params& params, std::string_view layout) {
    if (params.score_only)
        throw InputError(fmt::format(
            "the {} layout needs the alignment's columns, which score-only alignments lack",
            layout));
}

// A residue that can be identical to another: not N (DNA) or X (protein).
std::optional<std::uint8_t> known_code(Alphabet alphabet, char residue) {
    if (alphabet == Alphabet::Dna) {
        const DnaBase base = encode_dna_residue(residue);
        if (base == DnaBase::N) return std::nullopt;
        return static_cast<std::uint8_t>(base);
    }
    const std::uint8_t code = encode_protein_residue(residue);
    if (code == kProteinUnknownCode) return std::nullopt;
    return code;
}

// '*' where the three residues are identical, ' ' elsewhere.
std::string conservation(const std::array<std::string, 3>& rows, Alphabet alphabet) {
    std::string marks(rows[0].size(), ' ');
    for (std::size_t k = 0; k < marks.size(); ++k) {
        if (rows[0][k] == '-' || rows[1][k] == '-' || rows[2][k] == '-') continue;
        const std::optional<std::uint8_t> a = known_code(alphabet, rows[0][k]);
        if (a && a == known_code(alphabet, rows[1][k]) && a == known_code(alphabet, rows[2][k]))
            marks[k] = '*';
    }
    return marks;
}

}  // namespace

void append_align3_fasta(std::string& out, const Align3Records& records, const Align3Result& result,
                         const Align3Params& params) {
    require_columns(params, "fasta");
    const std::array<std::string, 3> rows = align3_rows(records, result);
    for (std::size_t s = 0; s < 3; ++s)
        fmt::format_to(std::back_inserter(out), ">{}\n{}\n", records[s]->name, rows[s]);
}

void append_align3_clustal(std::string& out, const Align3Records& records,
                           const Align3Result& result, const Align3Params& params) {
    require_columns(params, "clustal");
    const std::array<std::string, 3> rows = align3_rows(records, result);
    const std::string marks = conservation(rows, params.scoring.matrix.alphabet);
    std::size_t width = 0;
    for (const SequenceRecord* record : records) width = std::max(width, record->name.size());
    width += 6;  // the names and the rows apart, as clustalw sets them
    auto to = std::back_inserter(out);
    fmt::format_to(to, "CLUSTAL W multiple sequence alignment (tropic align3, score {})\n\n",
                   result.score);
    for (std::size_t column = 0; column < rows[0].size(); column += kClustalColumns) {
        out += '\n';
        const std::size_t n = std::min(kClustalColumns, rows[0].size() - column);
        for (std::size_t s = 0; s < 3; ++s)
            fmt::format_to(to, "{:<{}}{}\n", records[s]->name, width, rows[s].substr(column, n));
        // The conservation line keeps its blanks: Clustal readers find it by its position.
        fmt::format_to(to, "{:<{}}{}\n", "", width, marks.substr(column, n));
    }
    out += '\n';
}

}  // namespace tropic::align
