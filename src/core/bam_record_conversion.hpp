#pragma once
// AlignmentRecord to and from htslib's bam1_t. Errors are InputErrors that say what is wrong
// with the record; the reader or writer adds the file and which record it is.
#include <htslib/sam.h>

#include "tropic/core/alignment_format.hpp"
#include "tropic/core/alignment_header.hpp"
#include "tropic/core/alignment_record.hpp"

namespace tropic {

// Fills `record` from `bam`; reference names come from `header`.
void read_bam_record(const bam1_t& bam, const AlignmentHeader& header, AlignmentRecord& record);

// Checks `record` against the SAM specification, the header and what `format` can store, then
// fills `bam`. CIGARs of more than 65,535 operations stay whole in `bam`: htslib's BAM writer
// stores them as the specification says (see alignment_writer.hpp).
void write_bam_record(const AlignmentRecord& record, const AlignmentHeader& header,
                      AlignmentFormat format, bam1_t& bam);

}  // namespace tropic
