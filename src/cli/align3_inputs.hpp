#pragma once
// The triples `tropic align3` reads: records 1-3, 4-6, ... of one file, or record i of each of
// three files. An empty record is a member like any other. DNA or protein as AlignInput reads
// them (align_inputs.hpp): chosen by the user or detected from the first record of each file.
#include <array>
#include <cstddef>
#include <memory>
#include <optional>
#include <string>
#include <vector>

#include "cli/align_inputs.hpp"

namespace tropic::cli {

struct Triple {
    std::array<SequenceRecord, 3> records;
    std::string what;  // "triple 2 ('a', 'b', 'c')", for messages
};

class TripleInput {
  public:
    // One path or three; `alphabet` as AlignInput's.
    TripleInput(const std::vector<std::string>& paths, std::optional<Alphabet> alphabet);

    // DNA when the first record of every file holds nucleotide codes only (an empty file's
    // none counts as DNA), else protein; sets it on every file.
    Alphabet detect_alphabet();

    // The next triple, or nullopt at the end. Throws InputError when the input ends inside a
    // triple (one file whose records are not a multiple of three, or files of different record
    // counts), naming the file and its records.
    std::optional<Triple> next();

    std::size_t triples_read() const { return triples_; }

  private:
    std::optional<Triple> next_of_one_file();
    std::optional<Triple> next_of_three_files();
    std::vector<std::unique_ptr<AlignInput>> inputs_;
    std::size_t triples_ = 0;
};

}  // namespace tropic::cli
