#pragma once
// Records of a sequence and a dot-bracket line, as RNAeval reads them (and RNAfold -C): an
// optional `>name` line, a sequence line and a structure (or constraint) line. The second line
// may carry an energy in parentheses after white space, as `tropic fold` prints it; it is
// ignored. Blank lines are skipped.
#include <fstream>
#include <memory>
#include <string>

namespace tropic::cli {

struct StructureRecord {
    std::string name;
    std::string sequence;   // normalised (upper case, T as U)
    std::string structure;  // as given
};

class StructureRecordReader {
  public:
    // path "-" reads stdin; `line_name` ("structure", "constraint") names the second line in
    // messages. Throws InputError when the file cannot be opened.
    StructureRecordReader(const std::string& path, std::string line_name);

    // The next record; false at the end of input. Throws InputError naming the file, the record
    // and the position of an invalid residue or a missing line.
    bool next(StructureRecord& record);

    // Throws InputError: "FILE: record N ('name'): what".
    [[noreturn]] void fail(const StructureRecord& record, const std::string& what) const;

  private:
    bool next_line(std::string& line);

    std::string path_;
    std::string line_name_;
    std::unique_ptr<std::ifstream> file_;
    std::size_t index_ = 0;
};

}  // namespace tropic::cli
