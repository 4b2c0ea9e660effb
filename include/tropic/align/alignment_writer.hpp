#pragma once
// Pairwise alignments as text, one pair at a time: tsv, json, paf, blast6 and pair (EMBOSS-like,
// for people). SAM and BAM records are sam_alignment.hpp's. docs/align.md shows every layout.
//
// Every writer takes the two records, the alignment of the query against the target and the
// parameters that produced it, and appends to `out`. Coordinates are 1-based and inclusive in
// tsv, json, blast6 and pair (an empty range prints as begin = end + 1), 0-based and half-open
// in paf, as each format's users expect. An empty alignment (local or overlap, when nothing
// scores above 0) has a line in tsv and json and a block in pair, but none in paf and blast6,
// whose lines describe aligned residues (as minimap2 and BLAST write no line for no hit).
#include <cstdint>
#include <optional>
#include <string>
#include <string_view>
#include <vector>

#include "tropic/align/karlin_altschul.hpp"
#include "tropic/align/pairwise.hpp"
#include "tropic/core/alignment_record.hpp"
#include "tropic/core/sequence.hpp"

namespace tropic::align {

enum class AlignmentOutput : std::uint8_t { Tsv, Json, Sam, Paf, Blast6, Pair };

// "tsv", "json", "sam", "paf", "blast6", "pair".
[[nodiscard]] std::string_view output_name(AlignmentOutput output) noexcept;
[[nodiscard]] std::optional<AlignmentOutput> parse_output(std::string_view name) noexcept;

struct AlignmentTextOptions {
    // Write aligned pairs as M instead of = (identical) and X (different), as older tools expect.
    bool cigar_m = false;
    // blast6's E-value and bit score (karlin_altschul(params.scoring)); NA when unset.
    std::optional<KarlinAltschul> statistics{};

    // What a database search (search.hpp) changes; `tropic align` leaves these unset:
    // the E-value's n: the database's residues instead of the target's length (search_evalue);
    std::optional<std::uint64_t> evalue_residues{};
    // tsv and json gain a strand column ("+" or "-") after the target;
    bool strand_field = false;
    // the alignment is of the query's reverse complement against the target (a minus-strand hit):
    // blast6 gives the query's range on its own strand (qstart < qend) and the target's reversed
    // (sstart > send), paf strand '-' with the query's range on the query as given; tsv and json
    // keep the alignment's coordinates (on the reverse complement, as its CIGAR reads).
    bool minus_strand = false;
};

// The CIGAR as written: the alignment's, with runs of = and X merged into M when cigar_m.
[[nodiscard]] std::vector<CigarElement> output_cigar(const std::vector<CigarElement>& cigar,
                                                     bool cigar_m);

// tsv: the header line, once per output, then one line per pair:
//   query target mode score query_begin query_end target_begin target_end identity matches
//   mismatches gap_opens gaps cigar
// identity = matches / (matches + mismatches + gap residues), 4 decimals, 0 for an empty
// alignment. With score_only the begins (unless known: global, glocal's query), identity and
// the counts are NA and the CIGAR '*'; an empty alignment's CIGAR is '*' too.
void append_tsv_header(std::string& out, const AlignmentTextOptions& options = {});
void append_tsv(std::string& out, const SequenceRecord& query, const SequenceRecord& target,
                const PairAlignment& alignment, const AlignParams& params,
                const AlignmentTextOptions& options = {});

// json: one object per line, {"query","target","query_length","target_length","mode","score",
// "query_begin","query_end","target_begin","target_end","cigar","identity","matches",
// "mismatches","gap_opens","gaps","columns"}, coordinates as tsv, null for what
// score_only leaves unknown; an empty alignment's CIGAR is "".
void append_json(std::string& out, const SequenceRecord& query, const SequenceRecord& target,
                 const PairAlignment& alignment, const AlignParams& params,
                 const AlignmentTextOptions& options = {});

// paf: minimap2's 12 columns (query name, length, start, end, strand '+', target name, length,
// start, end, identical residues, alignment columns, mapping quality 255) and NM:i (mismatches
// and gap residues), AS:i (score), cg:Z (the CIGAR).
void append_paf(std::string& out, const SequenceRecord& query, const SequenceRecord& target,
                const PairAlignment& alignment, const AlignParams& params,
                const AlignmentTextOptions& options = {});

// blast6: BLAST's tabular -outfmt 6: qseqid sseqid pident length mismatch gapopen qstart qend
// sstart send evalue bitscore, with BLAST's number layouts (blast6_evalue, blast6_bit_score).
void append_blast6(std::string& out, const SequenceRecord& query, const SequenceRecord& target,
                   const PairAlignment& alignment, const AlignParams& params,
                   const AlignmentTextOptions& options = {});
// As NCBI's CAlignFormatUtil::GetScoreString prints them, without its padding blanks:
// E-value "0.0" below 1e-180, "%.0e" below 0.0009 ("3e-45"), "%.3f" below 0.1, "%.2f" below 1,
// "%.1f" below 10, else "%.0f"; bit score "%.3e" above 99999, the whole part above 99.9, else
// "%.1f".
[[nodiscard]] std::string blast6_evalue(double evalue);
[[nodiscard]] std::string blast6_bit_score(double bits);

// pair: a header block (query, target, mode, matrix, gaps, length, identity, similarity, gaps,
// score) as EMBOSS water and needle write it, then the alignment in blocks of 60 columns: the
// query line (name, first and last position), a match line ('|' identical, ':' a positive
// score, '.' otherwise, ' ' a gap) and the target line.
void append_pair(std::string& out, const SequenceRecord& query, const SequenceRecord& target,
                 const PairAlignment& alignment, const AlignParams& params,
                 const AlignmentTextOptions& options = {});

// The writer of `output` (not Sam): appends one pair.
void append_alignment(AlignmentOutput output, std::string& out, const SequenceRecord& query,
                      const SequenceRecord& target, const PairAlignment& alignment,
                      const AlignParams& params, const AlignmentTextOptions& options = {});

}  // namespace tropic::align
