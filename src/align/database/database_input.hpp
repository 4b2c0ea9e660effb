#pragma once
// The records a database is built from, encoded: DNA or protein as the caller chose, or detected
// from the first record as `tropic align` detects it. Detection must see a record before the
// alphabet is known and stdin cannot be read twice, so an input of unknown alphabet is read as
// protein (whose letters include every IUPAC nucleotide code) and, once DNA is chosen, each record
// is checked again against DNA with the reader's wording for a bad letter.
#include <cstdint>
#include <memory>
#include <optional>
#include <string>
#include <vector>

#include "tropic/core/alphabet.hpp"
#include "tropic/core/run_options.hpp"
#include "tropic/core/sequence.hpp"
#include "tropic/core/sequence_reader.hpp"

namespace tropic::align::detail {

class DatabaseInput {
  public:
    // Reads the first record to fix the alphabet (when `alphabet` is nullopt, telling the choice
    // through the options' on_notice). Throws InputError for an input without records.
    DatabaseInput(const std::string& path, std::optional<Alphabet> alphabet,
                  const RunOptions& options);

    Alphabet alphabet() const noexcept { return alphabet_; }

    // The next record's name and codes (core's DNA or protein encoding), or false at the end.
    // Throws InputError naming file, record and position for a letter outside the alphabet or
    // an empty record.
    bool next(std::string& name, std::vector<std::uint8_t>& codes);

  private:
    std::optional<SequenceRecord> read();
    void recheck_as_dna(SequenceRecord& record) const;

    std::string path_;
    std::unique_ptr<SequenceReader> reader_;
    Alphabet alphabet_ = Alphabet::Protein;
    std::optional<SequenceRecord> first_;
};

}  // namespace tropic::align::detail
