#pragma once
// The hits of a database search (search.hpp) in the alignment layouts of alignment_writer.hpp and
// sam_alignment.hpp, each hit written as `tropic align` writes its pair, with what a search adds:
// the E-value over the whole database (search_evalue), a strand column in tsv and json, minus-
// strand hits as each format describes a reverse-strand alignment, and in SAM a query's second
// and later hits as secondary records. A query without hits writes nothing in blast6, paf, tsv
// and json, and one unmapped record in SAM. docs/search.md shows every layout.
#include <span>
#include <vector>

#include "tropic/align/alignment_writer.hpp"
#include "tropic/align/database.hpp"
#include "tropic/align/search.hpp"
#include "tropic/core/alignment_record.hpp"
#include "tropic/core/sequence.hpp"

namespace tropic::align {

// Database sequence k as a record: its name and residues as letters.
[[nodiscard]] SequenceRecord database_record(const Database& database, std::size_t k);

// Residue codes as normalised letters (DNA: ACGTN; protein: core's protein order).
[[nodiscard]] std::string decode_residues(std::span<const std::uint8_t> codes, Alphabet alphabet);

// The text options of a search over a database of `database_residues` residues: `base` (CIGAR
// style, statistics) with the search's E-value and the strand field.
[[nodiscard]] AlignmentTextOptions search_text_options(const AlignmentTextOptions& base,
                                                       std::uint64_t database_residues);

// One query's hits in a text layout (not Sam); targets[h] is the record of hits.hits[h]'s target.
void append_search_hits(AlignmentOutput output, std::string& out, const SequenceRecord& query,
                        std::span<const SequenceRecord> targets, const QueryHits& hits,
                        const AlignParams& params, const AlignmentTextOptions& options);

// One query's hits as SAM records: FLAG 16 for a minus-strand hit (SEQ the reverse complement,
// QUAL reversed), 256 for every hit after the first; one unmapped record when there is none.
[[nodiscard]] std::vector<AlignmentRecord> search_sam_records(
    const SequenceRecord& query, std::span<const SequenceRecord> targets, const QueryHits& hits,
    const AlignmentTextOptions& options);

}  // namespace tropic::align
