#pragma once
// Records of a sequence and a dot-bracket line, as RNAeval reads them (and RNAfold -C): an
// optional `>name` line, a sequence line and a structure (or constraint) line. The second line
// may carry an energy in parentheses after white space, as `tropic fold` prints it; it is
// ignored. A `>` line always starts a record: it is never read as a sequence or a structure (a
// constraint line, whose `>` means "paired upstream", may start with one). Blank lines are
// skipped. Input is a file or stdin ("-"), plain or gzip-compressed.
#include <cstddef>
#include <string>
#include <vector>

#include "tropic/core/line_reader.hpp"

namespace tropic::rna {

struct StructureRecord {
    std::string name;
    std::string sequence;   // normalised (upper case, T as U)
    std::string structure;  // as given
};

// What the line after the sequence holds.
enum class SecondLine {
    Structure,   // a dot-bracket structure (RNAeval's input)
    Constraint,  // a hard constraint (RNAfold -C's input)
};

class StructureRecordReader {
  public:
    // Throws InputError when the file cannot be opened.
    StructureRecordReader(const std::string& path, SecondLine second_line);

    // The next record; false at the end of input. Throws InputError naming the file, the record
    // and the position of an invalid residue, or the line of a sequence whose second line is
    // missing.
    bool next(StructureRecord& record);

    // Appends up to max_records records, stopping early once those appended by this call hold
    // max_residues residues or more; false when the input is exhausted and nothing was appended
    // (as SequenceReader::read_chunk).
    bool read_chunk(std::vector<StructureRecord>& out, std::size_t max_records,
                    std::size_t max_residues);

    // Throws InputError: "FILE: record N ('name'): what", for the record read last.
    [[noreturn]] void fail(const StructureRecord& record, const std::string& what) const;

    const std::string& path() const noexcept { return lines_.path(); }
    std::size_t records_read() const noexcept { return index_; }

  private:
    bool next_line(std::string& line);

    LineReader lines_;
    SecondLine second_line_;
    std::string line_name_;  // "structure" or "constraint", in messages
    std::size_t index_ = 0;
};

}  // namespace tropic::rna
