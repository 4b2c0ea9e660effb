#pragma once
// What the two SequenceReader targets check on every input they read.
#include <string>
#include <vector>

#include "fuzz_support.hpp"
#include "tropic/core/alphabet.hpp"
#include "tropic/core/sequence_reader.hpp"

namespace tropic::fuzz {

// Reads every record of `path` in chunks of a few records, as `tropic fold` does: each accepted
// residue must already be normalised, and the reader must count what it returned.
inline void read_all_sequences(const std::string& path) {
    ignore_input_errors([&] {
        SequenceReader reader(path);
        std::vector<SequenceRecord> chunk;
        std::size_t total = 0;
        while (reader.read_chunk(chunk, 3, 64)) {
            for (const SequenceRecord& record : chunk)
                for (char c : record.residues)
                    check_invariant(normalize_rna_residue(c) == c, "residue not normalised");
            total += chunk.size();
            chunk.clear();
        }
        check_invariant(reader.records_read() == total, "records_read() differs from the records");
        check_invariant(!reader.next().has_value(), "a record after the end of input");
    });
}

}  // namespace tropic::fuzz
