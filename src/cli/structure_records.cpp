#include "cli/structure_records.hpp"

#include <fmt/format.h>

#include <iostream>

#include "tropic/core/alphabet.hpp"
#include "tropic/core/error.hpp"

namespace tropic::cli {

StructureRecordReader::StructureRecordReader(const std::string& path, std::string line_name)
    : path_(path == "-" ? "<stdin>" : path), line_name_(std::move(line_name)) {
    if (path != "-") {
        file_ = std::make_unique<std::ifstream>(path);
        if (!*file_) throw InputError(fmt::format("cannot open '{}'", path));
    }
}

bool StructureRecordReader::next(StructureRecord& record) {
    record = {};
    std::string line;
    if (!next_line(line)) return false;
    ++index_;
    if (line[0] == '>') {
        record.name = line.substr(1, line.find_first_of(" \t") - 1);
        if (!next_line(line)) fail(record, "a name line without a sequence");
    }
    for (std::size_t k = 0; k < line.size(); ++k) {
        const auto residue = normalize_rna_residue(line[k]);
        if (!residue)
            fail(record, fmt::format("invalid character '{}' at position {} of the sequence",
                                     line[k], k + 1));
        record.sequence += *residue;
    }
    if (!next_line(line)) fail(record, fmt::format("the sequence has no {} line", line_name_));
    const std::size_t end = line.find_first_of(" \t");
    record.structure = line.substr(0, end);
    if (end != std::string::npos) {
        const std::size_t rest = line.find_first_not_of(" \t", end);
        if (rest != std::string::npos && line[rest] != '(')
            fail(record, fmt::format("unexpected text after the {}", line_name_));
    }
    return true;
}

void StructureRecordReader::fail(const StructureRecord& record, const std::string& what) const {
    const std::string which = record.name.empty()
                                  ? fmt::format("record {}", index_)
                                  : fmt::format("record {} ('{}')", index_, record.name);
    throw InputError(fmt::format("{}: {}: {}", path_, which, what));
}

// The next line that is not blank, without its line end; false at the end of input.
bool StructureRecordReader::next_line(std::string& line) {
    std::istream& in = file_ ? *file_ : std::cin;
    while (std::getline(in, line)) {
        while (!line.empty() && (line.back() == '\r' || line.back() == ' ')) line.pop_back();
        if (!line.empty()) return true;
    }
    return false;
}

}  // namespace tropic::cli
