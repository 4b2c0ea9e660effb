// AlignmentReader (SAM, BAM or CRAM, as htslib detects it) on the raw input as a file: every
// record read through, its CIGAR and optional fields walked. Bad input must come back as an
// InputError; a record that is accepted must be self-consistent where the format says so.
#include "tropic/core/alignment_reader.hpp"

#include "fuzz_support.hpp"
#include "fuzz_target.hpp"

TROPIC_FUZZ_TARGET(alignment_reader) {
    const tropic::fuzz::MemoryFile file(tropic::fuzz::as_text(data, size));
    tropic::fuzz::ignore_input_errors([&] {
        tropic::AlignmentReader reader(file.path());
        const auto& references = reader.header().references();
        tropic::AlignmentRecord record;
        while (reader.next(record)) {
            // The reader names every placed record's reference from the header it read.
            if (record.reference_id >= 0)
                tropic::fuzz::check_invariant(
                    static_cast<std::size_t>(record.reference_id) < references.size() &&
                        references[static_cast<std::size_t>(record.reference_id)].name ==
                            record.reference_name,
                    "a placed record names a reference of the header");
            tropic::fuzz::check_invariant(
                record.qualities.empty() || record.qualities.size() == record.sequence.size(),
                "qualities, when present, are as long as the sequence");
            (void)tropic::cigar_query_length(record.cigar);
            (void)tropic::cigar_reference_length(record.cigar);
            (void)tropic::cigar_string(record.cigar);
        }
    });
}
