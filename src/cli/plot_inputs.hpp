#pragma once
// The two inputs of `tropic plot`: records in RNAfold's layout and a TSV of pair probabilities.
// Their own unit so that the fuzz target tests/fuzz/plot_inputs.cpp reads them as the command
// does (docs/reliability.md).
#include <cstddef>
#include <map>
#include <string>
#include <vector>

#include "tropic/rna/pair_probability.hpp"

namespace tropic::cli {

struct PlotRecord {
    std::string name;  // as matched against the --bpp file: record_label (the >name, or k)
    std::string sequence;
    std::string structure;
    std::size_t sequence_line = 0;
    std::size_t structure_line = 0;
};

struct BppPair {
    rna::PairProbability pair;  // 0-based, i < j, 0 <= p <= 1
    std::size_t line = 0;
};

// Record name -> its pairs in file order, each with its line for messages.
using BppTable = std::map<std::string, std::vector<BppPair>>;

// Records of an optional >name line (up to the first white space), a sequence line (letters
// only) and a structure line ('.', '(' and ')', balanced, as long as the sequence; anything after
// white space ignored). The lines `tropic fold -p` writes after a structure are skipped. Unnamed
// records are called by their ordinal k, counting from 1 (record_label). The file is plain or
// gzip-compressed, '-' is stdin. Throws InputError naming the file and line at the first bad
// record.
std::vector<PlotRecord> read_plot_records(const std::string& path);

// Lines name<TAB>i<TAB>j<TAB>p (1-based, 1 <= i < j, 0 <= p <= 1), after an optional header line
// "name\ti\tj\tp"; blank lines are skipped. Throws InputError naming the file and line.
BppTable read_bpp(const std::string& path);

// `found` (the record's lines of read_bpp) sorted by (i, j), checked to lie within the record
// and to hold each pair once. Throws InputError naming bpp_path and the line.
rna::PairProbabilities pairs_of(const PlotRecord& record, std::vector<BppPair> found,
                                const std::string& bpp_path);

}  // namespace tropic::cli
