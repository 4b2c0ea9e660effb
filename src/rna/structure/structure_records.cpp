#include "tropic/rna/structure_records.hpp"

#include <fmt/format.h>

#include "tropic/core/alphabet.hpp"
#include "tropic/core/error.hpp"
#include "tropic/core/record_error.hpp"

namespace tropic::rna {

StructureRecordReader::StructureRecordReader(const std::string& path, SecondLine second_line)
    : lines_(path),
      second_line_(second_line),
      line_name_(second_line == SecondLine::Structure ? "structure" : "constraint") {}

bool StructureRecordReader::next(StructureRecord& record) {
    record = {};
    std::string line;
    if (!next_line(line)) return false;
    ++index_;
    if (line[0] == '>') {
        record.name = line.substr(1, line.find_first_of(" \t") - 1);
        const std::size_t name_line = lines_.line_number();
        if (!next_line(line) || line[0] == '>')
            fail(record, fmt::format("a name line without a sequence (line {})", name_line));
    }
    const std::size_t sequence_line = lines_.line_number();
    for (std::size_t k = 0; k < line.size(); ++k) {
        const auto residue = normalize_rna_residue(line[k]);
        if (!residue)
            fail(record, fmt::format("invalid character '{}' at position {} of the sequence",
                                     line[k], k + 1));
        record.sequence += *residue;
    }
    if (!next_line(line))
        fail(record,
             fmt::format("the sequence on line {} has no {} line", sequence_line, line_name_));
    // A '>' line is the next record's name, never a structure.
    if (line[0] == '>' && second_line_ == SecondLine::Structure)
        fail(record, fmt::format("the sequence on line {} has no {} line (line {} starts the next "
                                 "record)",
                                 sequence_line, line_name_, lines_.line_number()));
    const std::size_t end = line.find_first_of(" \t");
    record.structure = line.substr(0, end);
    if (end != std::string::npos) {
        const std::size_t rest = line.find_first_not_of(" \t", end);
        if (rest != std::string::npos && line[rest] != '(')
            fail(record, fmt::format("unexpected text after the {}", line_name_));
    }
    return true;
}

bool StructureRecordReader::read_chunk(std::vector<StructureRecord>& out, std::size_t max_records,
                                       std::size_t max_residues) {
    std::size_t appended = 0, residues = 0;
    StructureRecord record;
    while (appended < max_records && residues < max_residues && next(record)) {
        residues += record.sequence.size();
        out.push_back(std::move(record));
        ++appended;
    }
    return appended > 0;
}

void StructureRecordReader::fail(const StructureRecord& record, const std::string& what) const {
    throw record_error(path(), index_, record.name, what);
}

// The next line that is not blank, without its line end and trailing blanks; false at the end.
bool StructureRecordReader::next_line(std::string& line) {
    while (lines_.next(line)) {
        while (!line.empty() && (line.back() == '\r' || line.back() == ' ')) line.pop_back();
        if (!line.empty()) return true;
    }
    return false;
}

}  // namespace tropic::rna
