// The two inputs of `tropic plot` (src/cli/plot_inputs.hpp): the input up to its first NUL byte
// is the records file (read_plot_records), the rest the --bpp table (read_bpp; without a NUL, an
// empty file, which reads as an empty table), each as a file of its own. So the records reader
// never meets a NUL (a name line would take one: LineReader keeps lines by length), nor gzip (its
// header holds NULs), while the table, plain or gzip, meets every NUL after the first; both go
// through the same LineReader. Then, as plot does, each record's pairs go through pairs_of and
// the base colours.
//
// An accepted record has a name without white space, a sequence of letters and a balanced
// dot-bracket structure of the same length; an accepted pair is 0 <= i < j with 0 <= p <= 1; the
// pairs pairs_of returns lie inside their record, sorted by (i, j), each once, all of them; the
// colours lie in [0, 1].
#include "cli/plot_inputs.hpp"

#include <algorithm>
#include <cctype>
#include <initializer_list>
#include <string>
#include <string_view>
#include <utility>
#include <vector>

#include "cli/picture_files.hpp"
#include "fuzz_support.hpp"
#include "fuzz_target.hpp"

namespace tropic::fuzz {

inline void check_record(const cli::PlotRecord& record) {
    check_invariant(!record.name.empty() && record.name.find_first_of(" \t") == std::string::npos,
                    "a record's name is not empty and has no white space");
    check_invariant(
        !record.sequence.empty() &&
            std::all_of(record.sequence.begin(), record.sequence.end(),
                        [](char c) { return std::isalpha(static_cast<unsigned char>(c)); }),
        "a record's sequence is letters only");
    check_invariant(record.structure.size() == record.sequence.size(),
                    "a record's structure is as long as its sequence");
    long depth = 0;
    for (char c : record.structure) {
        check_invariant(c == '.' || c == '(' || c == ')', "a structure is '.', '(' and ')' only");
        depth += c == '(' ? 1 : c == ')' ? -1 : 0;
        check_invariant(depth >= 0, "no ')' closes more than was opened");
    }
    check_invariant(depth == 0, "every '(' is closed");
    check_invariant(record.sequence_line >= 1 && record.sequence_line < record.structure_line,
                    "a structure line follows its sequence line");
}

inline bool is_probability(double p) {
    return p >= 0 && p <= 1;
}

inline void check_pairs(const cli::PlotRecord& record, const std::vector<cli::BppPair>& found,
                        const rna::PairProbabilities& pairs) {
    const int n = static_cast<int>(record.sequence.size());
    check_invariant(pairs.size() == found.size(), "pairs_of keeps every pair it accepts");
    for (std::size_t k = 0; k < pairs.size(); ++k) {
        const rna::PairProbability& pair = pairs[k];
        check_invariant(0 <= pair.i && pair.i < pair.j && pair.j < n,
                        "an accepted pair lies inside its record");
        check_invariant(is_probability(pair.probability), "an accepted pair has 0 <= p <= 1");
        check_invariant(
            k == 0 || std::pair(pairs[k - 1].i, pairs[k - 1].j) < std::pair(pair.i, pair.j),
            "pairs_of sorts by (i, j), each pair once");
    }
}

inline void check_colours(const cli::PlotRecord& record, const rna::PairProbabilities& pairs) {
    for (const char* colour_by : {"probability", "entropy"}) {
        std::string label;
        const std::vector<double> colours = cli::structure_colours(
            colour_by, static_cast<int>(record.sequence.size()), pairs, label);
        check_invariant(colours.size() == record.sequence.size(), "one colour per base");
        for (double c : colours) check_invariant(is_probability(c), "colours lie in [0, 1]");
    }
}

}  // namespace tropic::fuzz

TROPIC_FUZZ_TARGET(plot_inputs) {
    using namespace tropic;
    const std::string_view text = fuzz::as_text(data, size);
    const std::size_t nul = text.find('\0');
    const fuzz::MemoryFile records_file(text.substr(0, nul));
    const fuzz::MemoryFile bpp_file(nul == std::string_view::npos ? std::string_view()
                                                                  : text.substr(nul + 1));

    // Both readers run whatever the other answers, so that each is fuzzed on every input.
    std::vector<cli::PlotRecord> records;
    bool records_read = false;
    fuzz::ignore_input_errors([&] {
        records = cli::read_plot_records(records_file.path());
        records_read = true;
    });
    for (const cli::PlotRecord& record : records) fuzz::check_record(record);

    cli::BppTable bpp;
    bool bpp_read = false;
    fuzz::ignore_input_errors([&] {
        bpp = cli::read_bpp(bpp_file.path());
        bpp_read = true;
    });
    for (const auto& [name, found] : bpp) {
        fuzz::check_invariant(!found.empty(), "a name in the table has pairs");
        fuzz::check_invariant(name.find('\t') == std::string::npos, "a name has no tab");
        for (const cli::BppPair& entry : found) {
            fuzz::check_invariant(0 <= entry.pair.i && entry.pair.i < entry.pair.j,
                                  "a pair read has 0 <= i < j");
            fuzz::check_invariant(fuzz::is_probability(entry.pair.probability),
                                  "a pair read has 0 <= p <= 1");
            fuzz::check_invariant(entry.line >= 1, "a pair read names its line");
        }
    }
    if (!records_read || !bpp_read) return;

    // As run_plot does: a record's pairs, if the table names it, then its colours.
    for (const cli::PlotRecord& record : records) {
        const auto found = bpp.find(record.name);
        fuzz::ignore_input_errors([&] {
            rna::PairProbabilities pairs;
            if (found != bpp.end()) {
                pairs = cli::pairs_of(record, found->second, "bpp");
                fuzz::check_pairs(record, found->second, pairs);
            }
            fuzz::check_colours(record, pairs);
        });
    }
}
