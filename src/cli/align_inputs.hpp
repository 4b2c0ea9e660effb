#pragma once
// The records `tropic align` reads: DNA or protein, chosen by the user or detected from the first
// record of each input. Detection must see a record before the alphabet is known, and stdin
// cannot be read twice, so an input whose alphabet is not given is read as protein (whose letters
// include every IUPAC nucleotide code) and each record is checked again as DNA once DNA is chosen,
// with the reader's wording for a bad letter.
#include <cstddef>
#include <memory>
#include <optional>
#include <string>
#include <unordered_map>
#include <vector>

#include "cli/pair_command.hpp"
#include "tropic/align/pairwise.hpp"
#include "tropic/core/alphabet.hpp"
#include "tropic/core/sequence.hpp"
#include "tropic/core/sequence_reader.hpp"

namespace tropic::cli {

class AlignInput {
  public:
    // `alphabet`: the one the user chose, or nullopt to detect (set_alphabet before next()).
    // `empty_records`: an empty record is an input like any other (align3), not an error.
    AlignInput(const std::string& path, std::optional<Alphabet> alphabet,
               bool empty_records = false);

    // The first record not yet handed out, or nullptr at the end; throws InputError for an empty
    // record unless empty records are taken.
    const SequenceRecord* peek();
    // The next record in the chosen alphabet, or nullopt at the end of input.
    std::optional<SequenceRecord> next();

    void set_alphabet(Alphabet alphabet) { alphabet_ = alphabet; }
    const std::string& path() const { return path_; }
    // Records handed out by next().
    std::size_t records_read() const { return handed_out_; }

  private:
    std::optional<SequenceRecord> read();
    std::string path_;
    std::optional<Alphabet> alphabet_;
    std::unique_ptr<SequenceReader> reader_;
    std::optional<SequenceRecord> peeked_;
    bool empty_records_ = false;
    bool at_end_ = false;
    std::size_t handed_out_ = 0;
};

// The residue codes of a record in `alphabet`.
std::vector<std::uint8_t> encode_residues(const SequenceRecord& record, Alphabet alphabet);

// For the commands that align pairs (align, syntenic): the alphabet the options ask for
// (`requested`), else DNA when the first query and the first target are both nucleotides (IUPAC
// codes), else protein, with a note saying so; set on both inputs.
Alphabet choose_pair_alphabet(const std::optional<Alphabet>& requested, AlignInput& queries,
                              AlignInput& targets, bool quiet);

// A chunk's pairs as the library's batch entry points take them, each sequence encoded once.
struct EncodedPairs {
    std::unordered_map<const SequenceRecord*, std::vector<std::uint8_t>> codes;
    std::vector<align::AlignPairInput> inputs;  // spans into `codes`
};
[[nodiscard]] EncodedPairs encode_pairs(const std::vector<PairJob>& jobs, Alphabet alphabet);

}  // namespace tropic::cli
