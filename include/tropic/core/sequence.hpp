#pragma once
#include <cstddef>
#include <string>

#include "tropic/core/alphabet.hpp"

namespace tropic {

// One input record after validation: residues are normalised for its alphabet (alphabet.hpp).
// Every member after `residues` has a default initializer, so that `{name, residues}` still
// builds a record (without -Wmissing-field-initializers) where a command makes one itself.
struct SequenceRecord {
    std::string name;         // FASTA/FASTQ name up to the first white space
    std::string residues;     // normalised: upper case; for RNA, T written as U
    std::string qualities{};  // FASTQ qualities as written (Phred+33), one per residue; empty for
                              // FASTA and plain lines
    Alphabet alphabet = Alphabet::Rna;
    // False for a plain sequence line without a '>' or '@' header (then `name` is its 1-based
    // ordinal in the input), so that writers mimicking RNAfold can omit the '>name' line as
    // RNAfold does for such input.
    bool has_header = true;
};

// The name a record goes by where a name is needed (a row of a pair-probability table, a
// picture's file name, matching the two): its own, or for a record without one its 1-based
// ordinal in its input, as the readers name plain sequence lines.
[[nodiscard]] std::string record_label(const std::string& name, std::size_t ordinal);

}  // namespace tropic
