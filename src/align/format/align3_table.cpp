// The align3 layouts by name, the rows of an alignment, the tsv and json layouts, and the one
// switch over the layouts.
#include <fmt/format.h>

#include <iterator>

#include "core/internal/json_text.hpp"
#include "tropic/align/align3_writer.hpp"
#include "tropic/core/error.hpp"

namespace tropic::align {

namespace {

constexpr Align3Output kOutputs[] = {Align3Output::Tsv, Align3Output::Json, Align3Output::Fasta,
                                     Align3Output::Clustal};

}  // namespace

std::string_view output_name(Align3Output output) noexcept {
    switch (output) {
        case Align3Output::Tsv:
            return "tsv";
        case Align3Output::Json:
            return "json";
        case Align3Output::Fasta:
            return "fasta";
        case Align3Output::Clustal:
            return "clustal";
    }
    return "tsv";
}

std::optional<Align3Output> parse_align3_output(std::string_view name) noexcept {
    for (Align3Output output : kOutputs)
        if (name == output_name(output)) return output;
    return std::nullopt;
}

std::array<std::string, 3> align3_rows(const Align3Records& records, const Align3Result& result) {
    std::array<std::string, 3> rows;
    std::array<std::size_t, 3> next{};
    for (std::string& row : rows) row.reserve(result.columns.size());
    for (const std::uint8_t column : result.columns)
        for (std::size_t s = 0; s < 3; ++s) {
            const bool residue = (column >> s) & 1u;
            rows[s] += residue ? records[s]->residues.at(next[s]++) : '-';
        }
    for (std::size_t s = 0; s < 3; ++s)
        if (next[s] != records[s]->residues.size())
            throw InternalError("align3: the columns do not use every residue of " +
                                records[s]->name);
    return rows;
}

void append_align3_tsv_header(std::string& out) {
    out +=
        "#a\tb\tc\ta_length\tb_length\tc_length\tscore\tcolumns\tidentities\trow_a\trow_b\t"
        "row_c\n";
}

void append_align3_tsv(std::string& out, const Align3Records& records, const Align3Result& result,
                       const Align3Params& params) {
    auto to = std::back_inserter(out);
    fmt::format_to(to, "{}\t{}\t{}\t{}\t{}\t{}\t{}\t", records[0]->name, records[1]->name,
                   records[2]->name, records[0]->residues.size(), records[1]->residues.size(),
                   records[2]->residues.size(), result.score);
    if (params.score_only) {
        out += "NA\tNA\tNA\tNA\tNA\n";
        return;
    }
    const std::array<std::string, 3> rows = align3_rows(records, result);
    fmt::format_to(to, "{}\t{}\t{}\t{}\t{}\n", result.length(), result.identities, rows[0], rows[1],
                   rows[2]);
}

void append_align3_json(std::string& out, const Align3Records& records, const Align3Result& result,
                        const Align3Params& params) {
    auto to = std::back_inserter(out);
    out += "{\"names\":[";
    for (std::size_t s = 0; s < 3; ++s) {
        if (s > 0) out += ',';
        append_json_string(out, records[s]->name);
    }
    fmt::format_to(to, "],\"lengths\":[{},{},{}],\"score\":{},", records[0]->residues.size(),
                   records[1]->residues.size(), records[2]->residues.size(), result.score);
    if (params.score_only) {
        out += "\"columns\":null,\"identities\":null,\"rows\":null}\n";
        return;
    }
    const std::array<std::string, 3> rows = align3_rows(records, result);
    fmt::format_to(to, "\"columns\":{},\"identities\":{},\"rows\":[\"{}\",\"{}\",\"{}\"]}}\n",
                   result.length(), result.identities, rows[0], rows[1], rows[2]);
}

void append_align3(Align3Output output, std::string& out, const Align3Records& records,
                   const Align3Result& result, const Align3Params& params) {
    switch (output) {
        case Align3Output::Tsv:
            return append_align3_tsv(out, records, result, params);
        case Align3Output::Json:
            return append_align3_json(out, records, result, params);
        case Align3Output::Fasta:
            return append_align3_fasta(out, records, result, params);
        case Align3Output::Clustal:
            return append_align3_clustal(out, records, result, params);
    }
}

}  // namespace tropic::align
