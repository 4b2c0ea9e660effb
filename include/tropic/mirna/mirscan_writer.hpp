#pragma once
// miRNA precursor candidates (mirscan.hpp) as text: BED6, GFF3, tsv and JSON lines.
// docs/mirscan.md shows every layout.
//
// Coordinates: BED's are 0-based and half-open; GFF3's, tsv's and JSON's 1-based and inclusive.
// A candidate's name is where it lies, "chr1:1201-1290:+" (1-based, inclusive, and the strand):
// unique within a scan, and the same in every layout and in --all-hairpins.
//
// Feature columns (tsv), attributes (GFF3) and the "features" object (JSON) are the features
// of feature_names(with_reads), in that order, with the values of feature_vector: a missing
// value (no significance, no reads) is "NA" in tsv, null in JSON and left out of GFF3.
// Numbers print in the shortest of: a whole number when the value is one, else six
// significant digits.
#include <cstdint>
#include <optional>
#include <string>
#include <string_view>

#include "tropic/mirna/mirscan.hpp"

namespace tropic::mirna {

enum class MirscanFormat : std::uint8_t { Bed, Gff3, Tsv, Json };

// "bed", "gff3", "tsv", "json".
[[nodiscard]] std::string_view format_name(MirscanFormat format) noexcept;
[[nodiscard]] std::optional<MirscanFormat> parse_mirscan_format(std::string_view name) noexcept;

// "chr1:1201-1290:+".
[[nodiscard]] std::string candidate_name(const MirnaCandidate& candidate);

// BED's score column: round(1000 * score), clamped to 0..1000 (a NaN score is 0).
[[nodiscard]] int bed_score(double score) noexcept;

// What starts an output: "##gff-version 3" for GFF3, the column names for tsv, nothing for BED
// and JSON.
void append_mirscan_header(std::string& out, MirscanFormat format, bool with_reads);

// bed: chrom start end name score strand.
void append_mirscan_bed(std::string& out, const MirnaCandidate& candidate);

// gff3: seqid, source "tropic", type pre_miRNA (Sequence Ontology SO:0001244), start, end,
// score (the candidate's, as in tsv), strand, phase ".", attributes ID and Name (the name),
// windows, passed_filter (0/1), every feature present, and structure (the dot-bracket). Text
// fields are escaped as GFF3 asks (%XX).
void append_mirscan_gff3(std::string& out, const MirnaCandidate& candidate, bool with_reads);

// tsv: #chrom start end name score strand windows passed_filter, the features, sequence,
// structure.
void append_mirscan_tsv(std::string& out, const MirnaCandidate& candidate, bool with_reads);

// json: one object per line: {"chrom","start","end","name","score","strand","windows",
// "passed_filter","features":{name: value, ...},"sequence","structure"}.
void append_mirscan_json(std::string& out, const MirnaCandidate& candidate, bool with_reads);

// The writer of `format`: appends one candidate.
void append_mirscan(std::string& out, MirscanFormat format, const MirnaCandidate& candidate,
                    bool with_reads);

}  // namespace tropic::mirna
