#pragma once
// Pairwise alignments as SAM/BAM records, for core's AlignmentWriter (which stores CIGARs longer
// than BAM's 65,535 operations in a CG tag). The targets are the references: the header declares
// each of them in an @SQ line, so they must all be known before the first record.
#include <cstddef>
#include <string>
#include <string_view>
#include <vector>

#include "tropic/align/alignment_writer.hpp"
#include "tropic/align/pairwise.hpp"
#include "tropic/core/alignment_format.hpp"
#include "tropic/core/alignment_header.hpp"
#include "tropic/core/alignment_record.hpp"
#include "tropic/core/sequence.hpp"

namespace tropic::align {

// "@HD VN:1.6", one @SQ line per target in order, and "@PG ID:tropic PN:tropic VN:<version>
// CL:<command_line>" (tabs in the command line become spaces). Throws InputError when two
// targets share a name (SAM's references need distinct names) or a name cannot be a SAM
// reference name (sam_reference_name_problem); `source`, when given, is the input whose records
// the targets are, in order, and the message names the record: "SOURCE: record K ('name'): ...".
[[nodiscard]] AlignmentHeader sam_header(const std::vector<ReferenceSequence>& targets,
                                         std::string_view command_line,
                                         const std::string& source = {});

// Throws InputError when `format` cannot hold sequences of `alphabet`: BAM's 4-bit sequence code
// holds nucleotides only. SAM text holds protein too (as DIAMOND and MMseqs2 write it).
void check_sam_alphabet(Alphabet alphabet, AlignmentFormat format);

// Throws InputError "PATH: record INDEX ('name'): ..." (INDEX 1-based) when the query's name
// cannot be a SAM QNAME (sam_query_name_problem); an empty name is refused too, since its QNAME
// '*' would say that the read has no name.
void check_sam_query(const SequenceRecord& query, const std::string& path, std::size_t index);

// QNAME the query's name; FLAG 0, or 4 (unmapped: RNAME '*', POS none, MAPQ 0, no CIGAR, no
// tags) for an empty alignment; RNAME the target; POS target_begin; MAPQ 255 (unavailable);
// CIGAR the alignment's (=/X, or M with cigar_m) between soft clips of the query's unaligned
// ends; SEQ the query; QUAL its FASTQ qualities or '*'; NM:i mismatches and gap residues, AS:i
// the score. The alignment must have a CIGAR (not score_only).
[[nodiscard]] AlignmentRecord sam_record(const SequenceRecord& query, const SequenceRecord& target,
                                         const PairAlignment& alignment,
                                         const AlignmentTextOptions& options = {});

}  // namespace tropic::align
