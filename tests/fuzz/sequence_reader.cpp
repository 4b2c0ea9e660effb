// SequenceReader (FASTA/FASTQ) on the raw input as a file: plain text, or gzip when the input
// starts with gzip's magic bytes (the reader detects compression itself).
#include "fuzz_support.hpp"
#include "fuzz_target.hpp"
#include "sequence_checks.hpp"

TROPIC_FUZZ_TARGET(sequence_reader) {
    const tropic::fuzz::MemoryFile file(tropic::fuzz::as_text(data, size));
    tropic::fuzz::read_all_sequences(file.path());
}
