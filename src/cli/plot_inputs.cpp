// The readers of `tropic plot`'s inputs (plot_inputs.hpp), moved out of plot_command.cpp
// unchanged so that the fuzz target plot_inputs reaches them.
#include "cli/plot_inputs.hpp"

#include <algorithm>
#include <cctype>
#include <string_view>
#include <utility>

#include "tropic/core/error.hpp"
#include "tropic/core/line_reader.hpp"
#include "tropic/core/parse_number.hpp"
#include "tropic/core/sequence.hpp"

namespace tropic::cli {

namespace {

[[noreturn]] void fail_at(const std::string& path, std::size_t line, const std::string& what) {
    throw InputError((path == "-" ? std::string("stdin") : path) + ":" + std::to_string(line) +
                     ": " + what);
}

bool is_structure_character(char c) {
    return std::string_view(".()[]{}<>,|").find(c) != std::string_view::npos;
}

// The lines `tropic fold -p` and RNAfold -p write after the MFE structure: the ensemble's
// pseudo-structure and the centroid (they start with a structure character) and " frequency of
// mfe structure in ensemble ...".
bool is_ensemble_line(const std::string& line) {
    return is_structure_character(line[0]) || std::isspace(static_cast<unsigned char>(line[0])) ||
           line.rfind("frequency", 0) == 0;
}

void check_structure(const std::string& path, const PlotRecord& record) {
    std::vector<std::size_t> open;
    for (std::size_t k = 0; k < record.structure.size(); ++k) {
        const char c = record.structure[k];
        if (c == '(') {
            open.push_back(k);
        } else if (c == ')') {
            if (open.empty())
                fail_at(
                    path, record.structure_line,
                    "unbalanced ')' at position " + std::to_string(k + 1) + " of the structure");
            open.pop_back();
        } else if (c != '.') {
            fail_at(path, record.structure_line,
                    std::string("unexpected character '") + c + "' at position " +
                        std::to_string(k + 1) + " of the structure (expected '.', '(' or ')')");
        }
    }
    if (!open.empty())
        fail_at(
            path, record.structure_line,
            "unbalanced '(' at position " + std::to_string(open.back() + 1) + " of the structure");
    if (record.structure.size() != record.sequence.size())
        fail_at(path, record.structure_line,
                "the structure has " + std::to_string(record.structure.size()) +
                    " characters, the sequence (line " + std::to_string(record.sequence_line) +
                    ") " + std::to_string(record.sequence.size()));
}

}  // namespace

std::vector<PlotRecord> read_plot_records(const std::string& path) {
    LineReader lines(path);
    std::vector<PlotRecord> records;
    PlotRecord record;
    bool named = false;  // a >name line waits for its sequence
    auto finish_record = [&] {
        check_structure(path, record);
        record.name = record_label(record.name, records.size() + 1);
        records.push_back(std::move(record));
        record = {};
        named = false;
    };
    std::string line;
    while (lines.next(line)) {
        while (!line.empty() && (line.back() == '\r' || line.back() == ' ' || line.back() == '\t'))
            line.pop_back();
        if (line.empty()) continue;
        const std::size_t number = lines.line_number();
        if (line[0] == '>') {
            if (!record.sequence.empty())
                fail_at(path, record.sequence_line, "the sequence has no structure line");
            if (named) fail_at(path, number, "a name line follows a name line without a sequence");
            record.name = line.substr(1, line.find_first_of(" \t") - 1);
            named = true;
        } else if (record.sequence.empty()) {
            if (!named && !records.empty() && is_ensemble_line(line)) continue;
            for (std::size_t k = 0; k < line.size(); ++k)
                if (!std::isalpha(static_cast<unsigned char>(line[k])))
                    fail_at(path, number,
                            std::string("invalid character '") + line[k] + "' at position " +
                                std::to_string(k + 1) + " of the sequence");
            record.sequence = line;
            record.sequence_line = number;
        } else {
            record.structure = line.substr(0, line.find_first_of(" \t"));
            record.structure_line = number;
            finish_record();
        }
    }
    if (!record.sequence.empty())
        fail_at(path, record.sequence_line, "the sequence has no structure line");
    if (named) fail_at(path, lines.line_number(), "a name line without a sequence");
    return records;
}

// See plot_inputs.hpp.
BppTable read_bpp(const std::string& path) {
    LineReader lines(path);
    BppTable pairs;
    std::string line;
    bool first = true;
    while (lines.next(line)) {
        if (!line.empty() && line.back() == '\r') line.pop_back();
        if (line.empty()) continue;
        const std::size_t number = lines.line_number();
        const bool header = first && line == "name\ti\tj\tp";
        first = false;
        if (header) continue;
        std::vector<std::string_view> fields;
        for (std::size_t start = 0;;) {
            const std::size_t tab = line.find('\t', start);
            fields.push_back(std::string_view(line).substr(start, tab - start));
            if (tab == std::string::npos) break;
            start = tab + 1;
        }
        if (fields.size() != 4)
            fail_at(path, number,
                    "expected 4 tab-separated fields (name, i, j, p), found " +
                        std::to_string(fields.size()));
        const std::optional<int> i = parse_number<int>(fields[1]), j = parse_number<int>(fields[2]);
        if (!i || !j || *i < 1 || *j <= *i)
            fail_at(path, number, "i and j must be whole numbers with 1 <= i < j");
        const std::optional<double> p = parse_number<double>(fields[3]);
        if (!p || !(*p >= 0 && *p <= 1))
            fail_at(path, number, "p must be a probability between 0 and 1");
        pairs[std::string(fields[0])].push_back({{*i - 1, *j - 1, *p}, number});
    }
    return pairs;
}

// The record's pairs, sorted and checked against its length.
rna::PairProbabilities pairs_of(const PlotRecord& record, std::vector<BppPair> found,
                                const std::string& bpp_path) {
    std::sort(found.begin(), found.end(), [](const BppPair& a, const BppPair& b) {
        return std::pair(a.pair.i, a.pair.j) < std::pair(b.pair.i, b.pair.j);
    });
    rna::PairProbabilities pairs;
    for (std::size_t k = 0; k < found.size(); ++k) {
        const rna::PairProbability& pair = found[k].pair;
        if (pair.j >= static_cast<int>(record.sequence.size()))
            fail_at(bpp_path, found[k].line,
                    "pair " + std::to_string(pair.i + 1) + "-" + std::to_string(pair.j + 1) +
                        " lies beyond the " + std::to_string(record.sequence.size()) +
                        " bases of '" + record.name + "'");
        if (k > 0 && found[k - 1].pair.i == pair.i && found[k - 1].pair.j == pair.j)
            fail_at(bpp_path, found[k].line,
                    "pair " + std::to_string(pair.i + 1) + "-" + std::to_string(pair.j + 1) +
                        " of '" + record.name + "' given twice (also line " +
                        std::to_string(found[k - 1].line) + ")");
        pairs.push_back(pair);
    }
    return pairs;
}

}  // namespace tropic::cli
