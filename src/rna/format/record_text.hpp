#pragma once
// The start of a record in the Vienna tools' text layouts: ">name" and the sequence.
#include <string>

#include "tropic/core/sequence.hpp"

namespace tropic::rna::detail {

// ">name\n" (none for a record without a name, or a plain sequence line without a header, as
// RNAfold and RNAsubopt print it), then the residues and a newline.
inline void append_header_and_sequence(std::string& out, const SequenceRecord& record) {
    if (record.has_header && !record.name.empty()) {
        out += '>';
        out += record.name;
        out += '\n';
    }
    out += record.residues;
    out += '\n';
}

}  // namespace tropic::rna::detail
