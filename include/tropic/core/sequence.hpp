#pragma once
#include <string>

namespace tropic {

// One input record after validation: residues are normalised (see alphabet.hpp).
struct SequenceRecord {
    std::string name;      // FASTA/FASTQ name up to the first white space
    std::string residues;  // upper case, T written as U
};

}  // namespace tropic
