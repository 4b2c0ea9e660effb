#pragma once
// DNA and protein sequences given to the module as Python strings (align, search, map): checked
// against the alphabet as the readers check a file's records, normalised (upper case, U read as
// T for DNA) and encoded as the library's residue codes. A letter outside the alphabet is an
// InputError naming the argument, the record and the 1-based position, as encode_rna_batch's.
#include <cstdint>
#include <string>
#include <vector>

#include "python/python_sequences.hpp"
#include "tropic/core/alphabet.hpp"
#include "tropic/core/thread_pool.hpp"

namespace tropic::python {

// Every sequence normalised in `alphabet` (Dna or Protein), in input order.
[[nodiscard]] std::vector<std::string> normalize_batch(const SequenceBatch& batch,
                                                       Alphabet alphabet, ThreadPool* pool);

// Normalised residues as the alphabet's codes (dna_encoding.hpp, protein_encoding.hpp).
[[nodiscard]] std::vector<std::uint8_t> encode_residues(const std::string& normalized,
                                                        Alphabet alphabet);

// Every sequence checked, normalised and encoded in `alphabet`, in input order.
[[nodiscard]] std::vector<std::vector<std::uint8_t>> encode_batch(const SequenceBatch& batch,
                                                                  Alphabet alphabet,
                                                                  ThreadPool* pool);

// "dna" or "protein" as an Alphabet; InputError for another word.
[[nodiscard]] Alphabet alignment_alphabet(const std::string& name);

}  // namespace tropic::python
