#pragma once
// Three-sequence alignments (align3.hpp) as text, one triple at a time: tsv, json, fasta and
// clustal. docs/align3.md shows every layout.
//
// Every writer takes the three records (A, B, C), the alignment and the parameters that produced
// it, and appends to `out`. A row is a record's residues with '-' where it has a gap.
#include <array>
#include <cstdint>
#include <optional>
#include <string>
#include <string_view>

#include "tropic/align/align3.hpp"
#include "tropic/core/sequence.hpp"

namespace tropic::align {

enum class Align3Output : std::uint8_t { Tsv, Json, Fasta, Clustal };

// "tsv", "json", "fasta", "clustal".
[[nodiscard]] std::string_view output_name(Align3Output output) noexcept;
[[nodiscard]] std::optional<Align3Output> parse_align3_output(std::string_view name) noexcept;

using Align3Records = std::array<const SequenceRecord*, 3>;

// The three rows of the alignment, A's first.
[[nodiscard]] std::array<std::string, 3> align3_rows(const Align3Records& records,
                                                     const Align3Result& result);

// tsv: the header line, once per output, then one line per triple:
//   a b c a_length b_length c_length score columns identities row_a row_b row_c
// With score_only the columns, identities and rows are NA.
void append_align3_tsv_header(std::string& out);
void append_align3_tsv(std::string& out, const Align3Records& records, const Align3Result& result,
                       const Align3Params& params);

// json: one object per triple and line: {"names":[a,b,c],"lengths":[..],"score","columns",
// "identities","rows":[..]}, null for what score_only leaves unknown.
void append_align3_json(std::string& out, const Align3Records& records, const Align3Result& result,
                        const Align3Params& params);

// fasta: the three records with their names, each row on one line.
void append_align3_fasta(std::string& out, const Align3Records& records, const Align3Result& result,
                         const Align3Params& params);

// clustal: a CLUSTAL header, then blocks of 60 columns, each the three rows after their names
// and a conservation line with '*' where the three residues are identical (as `identities`
// counts them: never N, or X in protein).
void append_align3_clustal(std::string& out, const Align3Records& records,
                           const Align3Result& result, const Align3Params& params);

// The writer of `output`: appends one triple.
void append_align3(Align3Output output, std::string& out, const Align3Records& records,
                   const Align3Result& result, const Align3Params& params);

}  // namespace tropic::align
