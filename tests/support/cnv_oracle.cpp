#include "support/cnv_oracle.hpp"

#include <algorithm>
#include <filesystem>
#include <fstream>
#include <sstream>
#include <stdexcept>

namespace tropic::test {

namespace {

std::vector<std::string> split_tabs(const std::string& line) {
    std::vector<std::string> out;
    std::string field;
    std::istringstream in(line);
    while (std::getline(in, field, '\t')) out.push_back(field);
    if (!line.empty() && line.back() == '\t') out.push_back("");
    return out;
}

std::vector<double> parse_numbers(const std::string& list) {
    std::vector<double> out;
    std::string item;
    std::istringstream in(list);
    while (std::getline(in, item, ',')) out.push_back(std::stod(item));
    return out;
}

}  // namespace

Table read_table(const std::string& path) {
    std::ifstream in(path);
    if (!in) throw std::runtime_error("cannot open " + path);
    Table table;
    std::string line;
    bool first = true;
    while (std::getline(in, line)) {
        if (line.empty()) continue;
        if (first) {
            if (line[0] == '#') line.erase(0, 1);
            table.header = split_tabs(line);
            first = false;
            continue;
        }
        table.rows.push_back(split_tabs(line));
    }
    return table;
}

cnv::CountMatrix parse_count_matrix(const std::string& path) {
    const Table table = read_table(path);
    cnv::CountMatrix matrix;
    matrix.samples.assign(table.header.begin() + 3, table.header.end());
    const std::size_t samples = matrix.samples.size();
    for (const auto& row : table.rows) {
        if (matrix.sequences.empty() || matrix.sequences.back().name != row[0]) {
            matrix.sequences.push_back({});
            matrix.sequences.back().name = row[0];
        }
        cnv::SequenceCounts& seq = matrix.sequences.back();
        seq.start.push_back(std::stoll(row[1]));
        seq.end.push_back(std::stoll(row[2]));
        for (std::size_t s = 0; s < samples; ++s) seq.counts.push_back(std::stod(row[3 + s]));
    }
    return matrix;
}

cnv::CnmopsParams parse_call_arguments(const std::string& line, std::size_t samples,
                                       std::vector<bool>& controls) {
    std::istringstream in(line);
    std::vector<std::string> words;
    std::string word;
    while (in >> word) words.push_back(word);
    cnv::CnmopsParams p;
    // The mode first: it sets the defaults the other options change.
    for (std::size_t i = 0; i + 1 < words.size(); ++i) {
        if (words[i] != "--mode") continue;
        if (words[i + 1] == "exome") p = cnv::exome_defaults();
        if (words[i + 1] == "reference") p = cnv::reference_defaults();
    }
    controls.clear();
    for (std::size_t i = 0; i < words.size(); ++i) {
        const std::string& w = words[i];
        auto next = [&]() -> const std::string& {
            if (i + 1 >= words.size())
                throw std::runtime_error("args.txt: " + w + " needs a value");
            return words[++i];
        };
        if (w == "--mode") {
            next();
        } else if (w == "--norm") {
            p.norm = std::stoi(next());
        } else if (w == "--norm-type") {
            const std::string v = next();
            p.norm_type = v == "mean"     ? cnv::NormType::Mean
                          : v == "median" ? cnv::NormType::Median
                          : v == "quant"  ? cnv::NormType::Quant
                          : v == "mode"   ? cnv::NormType::Mode
                                          : cnv::NormType::Poisson;
        } else if (w == "--size-factor") {
            const std::string v = next();
            p.size_factor = v == "median"  ? cnv::SizeFactor::Median
                            : v == "quant" ? cnv::SizeFactor::Quant
                            : v == "mode"  ? cnv::SizeFactor::Mode
                                           : cnv::SizeFactor::Mean;
        } else if (w == "--norm-quantile") {
            p.norm_quantile = std::stod(next());
        } else if (w == "--size-factor-quantile") {
            p.size_factor_quantile = std::stod(next());
        } else if (w == "--prior-impact") {
            p.prior_impact = std::stod(next());
        } else if (w == "--cycles") {
            p.cycles = std::stoi(next());
        } else if (w == "--upper-threshold") {
            p.upper_threshold = std::stod(next());
        } else if (w == "--lower-threshold") {
            p.lower_threshold = std::stod(next());
        } else if (w == "--min-width") {
            p.min_width = std::stoi(next());
        } else if (w == "--segmentation") {
            p.segmentation = next() == "cbs" ? cnv::Segmentation::Cbs : cnv::Segmentation::Fast;
        } else if (w == "--min-read-count") {
            p.min_read_count = std::stod(next());
        } else if (w == "--use-median") {
            p.use_median = true;
        } else if (w == "--folds") {
            p.folds = parse_numbers(next());
        } else if (w == "--controls") {
            const std::size_t n = static_cast<std::size_t>(std::stoul(next()));
            controls.assign(samples, false);
            for (std::size_t s = samples - n; s < samples; ++s) controls[s] = true;
        } else if (w == "--seed") {
            p.seed = std::stoull(next());
        } else {
            throw std::runtime_error("args.txt: unknown option " + w);
        }
    }
    return p;
}

OracleCase load_oracle_case(const std::string& dir) {
    OracleCase c;
    c.dir = dir;
    c.name = std::filesystem::path(dir).filename().string();
    c.counts = parse_count_matrix(dir + "/counts.tsv");
    std::ifstream args(dir + "/args.txt");
    std::string line;
    std::getline(args, line);
    c.params = parse_call_arguments(line, c.counts.samples.size(), c.controls);
    return c;
}

std::vector<std::string> oracle_case_dirs() {
    std::vector<std::string> dirs;
    const std::filesystem::path root = std::filesystem::path(TROPIC_TEST_DATA_DIR) / "cnv/cnmops";
    if (!std::filesystem::exists(root)) return dirs;
    for (const auto& entry : std::filesystem::directory_iterator(root)) {
        // Pipeline cases: an args.txt of one line of options (the counting and normalisation
        // folders list several jobs under a '#' header).
        std::ifstream args(entry.path() / "args.txt");
        std::string first;
        if (args && std::getline(args, first) && !first.starts_with("#") &&
            std::filesystem::exists(entry.path() / "counts.tsv"))
            dirs.push_back(entry.path().string());
    }
    std::sort(dirs.begin(), dirs.end());
    return dirs;
}

void CollectingSink::sequence(const cnv::SequenceResult& result) {
    sequences_.push_back({*result.counts, result});
    sequences_.back().result.counts = &sequences_.back().counts;
}

}  // namespace tropic::test
