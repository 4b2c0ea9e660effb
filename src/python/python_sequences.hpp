#pragma once
// Sequences given to the module as Python strings, encoded for the library (alphabet.hpp) and
// checked as the readers check a file's records: a letter outside the alphabet is a ValueError
// naming the argument, the record (1-based index, and its name where the caller gave names)
// and the 1-based position, e.g. "seqs: record 3 ('x'): invalid character 'X' at position 17:
// not in the RNA alphabet".
#include <cstddef>
#include <cstdint>
#include <string>
#include <vector>

#include "tropic/core/thread_pool.hpp"

namespace tropic::python {

// The sequences given as the argument `argument`; `names` is empty or one name per sequence.
struct SequenceBatch {
    std::string argument;
    std::vector<std::string> sequences;
    std::vector<std::string> names;

    // "seqs: record 3 ('x')": where a message about sequence `index` (0-based) points.
    [[nodiscard]] std::string location(std::size_t index) const;
};

// Every sequence as RNA base codes (T read as U, IUPAC codes as N), on `pool`'s threads. Throws
// InputError for the first sequence, in input order, with a letter outside the alphabet.
[[nodiscard]] std::vector<std::vector<std::uint8_t>> encode_rna_batch(const SequenceBatch& batch,
                                                                      ThreadPool* pool);

}  // namespace tropic::python
