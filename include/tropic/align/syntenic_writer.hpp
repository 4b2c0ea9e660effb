#pragma once
// Syntenic alignments (syntenic.hpp) as text, one pair at a time: tsv, json, paf and pair.
// docs/syntenic.md shows every layout.
//
// Coordinates are 1-based and inclusive in tsv, json and pair (an empty range, a block's empty
// side, prints as begin = end + 1), 0-based and half-open in paf, as in alignment_writer.hpp.
// Every writer takes the two records, the alignment of the query against the target and the
// parameters that produced it, and appends to `out`.
#include <cstdint>
#include <optional>
#include <string>
#include <string_view>

#include "tropic/align/syntenic.hpp"
#include "tropic/core/sequence.hpp"

namespace tropic::align {

enum class SyntenicOutput : std::uint8_t { Tsv, Json, Paf, Pair };

// "tsv", "json", "paf", "pair".
[[nodiscard]] std::string_view output_name(SyntenicOutput output) noexcept;
[[nodiscard]] std::optional<SyntenicOutput> parse_syntenic_output(std::string_view name) noexcept;

// "free", "charged".
[[nodiscard]] std::string_view block_ends_name(BlockEnds ends) noexcept;
[[nodiscard]] std::optional<BlockEnds> parse_block_ends(std::string_view name) noexcept;

// tsv: the header line, once per output, then one line per segment, first to last:
//   query target score segment kind query_begin query_end target_begin target_end
//   segment_score cigar
// score is the pair's (repeated on each of its lines), segment counts from 1, kind is "aligned"
// or "block", segment_score an aligned segment's substitutions minus its gaps or a block's -d, and
// the CIGAR an aligned segment's ('*' for a block). With score_only one line per pair: its score,
// then NA and '*'.
void append_syntenic_tsv_header(std::string& out);
void append_syntenic_tsv(std::string& out, const SequenceRecord& query,
                         const SequenceRecord& target, const SyntenicAlignment& alignment,
                         const SyntenicParams& params);

// json: one object per pair and line: {"query","target","query_length","target_length",
// "block_cost","block_ends","score","end_charges","matches","mismatches","gap_opens","gaps",
// "blocks","segments"}, each segment {"kind","query_begin","query_end","target_begin",
// "target_end","score","cigar"} ("cigar" null for a block); null for what score_only leaves
// unknown.
void append_syntenic_json(std::string& out, const SequenceRecord& query,
                          const SequenceRecord& target, const SyntenicAlignment& alignment,
                          const SyntenicParams& params);

// paf: one line per aligned segment, minimap2's 12 columns (strand '+', mapping quality 255) and
// NM:i (mismatches and gap residues), AS:i (the segment's score), cg:Z (its CIGAR); blocks have
// no line.
void append_syntenic_paf(std::string& out, const SequenceRecord& query,
                         const SequenceRecord& target, const SyntenicAlignment& alignment,
                         const SyntenicParams& params);

// pair: a header block as align's pair layout (with the block cost, the block ends and the
// number of blocks), then each aligned segment in blocks of 60 columns and each block as a line
//   [block: query 1201-1530 (330), target 1190-1189 (0)]
void append_syntenic_pair(std::string& out, const SequenceRecord& query,
                          const SequenceRecord& target, const SyntenicAlignment& alignment,
                          const SyntenicParams& params);

// The writer of `output`: appends one pair.
void append_syntenic(SyntenicOutput output, std::string& out, const SequenceRecord& query,
                     const SequenceRecord& target, const SyntenicAlignment& alignment,
                     const SyntenicParams& params);

}  // namespace tropic::align
