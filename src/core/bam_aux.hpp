#pragma once
// Optional fields (aux tags) between htslib's bam1_t and AlignmentRecord. Errors are InputErrors
// that say what is wrong with which tag; the reader or writer adds the file and the record.
#include <htslib/sam.h>

#include <vector>

#include "tropic/core/alignment_record.hpp"

namespace tropic {

// Replaces `fields` with the aux fields of `bam`, in their order. Throws InputError when they are
// corrupt (a truncated value, an unknown type).
void read_aux_fields(const bam1_t& bam, std::vector<AuxField>& fields);

// Throws InputError when a field cannot be written as SAM says: a malformed tag, a repeated tag,
// a value outside its type's range or alphabet.
void check_aux_fields(const std::vector<AuxField>& fields);

// Appends checked fields to `bam`, in order.
void append_aux_fields(const std::vector<AuxField>& fields, bam1_t& bam);

}  // namespace tropic
