#pragma once
// How `tropic align` and `tropic search` score: the scoring options (--dna --protein --match
// --mismatch --n-score --matrix --gap-open --gap-extend), the alphabet they ask for and the
// scoring they give.
#include <CLI/CLI.hpp>
#include <functional>
#include <optional>
#include <string>
#include <string_view>

#include "tropic/align/scoring.hpp"
#include "tropic/core/alphabet.hpp"

namespace tropic::cli {

struct ScoringOptions {
    bool dna = false, protein = false;
    int match = 2, mismatch = -3, n_score = -3;
    std::string matrix = "BLOSUM62";
    int gap_open = 5, gap_extend = 2;

    // Which options the command line gave: their defaults depend on the alphabet, and a DNA
    // option with protein (or the reverse) is an error only when given.
    struct Given {
        bool match = false, mismatch = false, n_score = false, matrix = false;
        bool gap_open = false, gap_extend = false;
    } given;
};

// --mode (local, global, glocal, overlap) and --cigar-m, in the same words for align and search.
void add_mode_option(CLI::App* command, std::string& mode);
void add_cigar_m_flag(CLI::App* command, bool& cigar_m);

// Adds the scoring options to `command`; `alphabet_default` says what happens without --dna and
// --protein. Returns the function that records which were given (call it once the command line
// has parsed).
std::function<void()> add_scoring_options(CLI::App* command, ScoringOptions& options,
                                          std::string_view alphabet_default);

// DNA or protein as --dna / --protein say, or as the scoring options imply (--matrix protein;
// --match, --mismatch, --n-score DNA); nullopt: detect from the inputs. Throws InputError for
// options that contradict each other.
std::optional<Alphabet> requested_alphabet(const ScoringOptions& options);

// DNA: --match/--mismatch/--n-score (N defaults to the mismatch score), gaps 5/2; protein:
// --matrix (a built-in name, else a file), gaps 11/1; --gap-open/--gap-extend replace the gaps.
// Throws InputError for a DNA option with protein, --matrix with DNA, a matrix that cannot be
// read, or invalid costs.
align::Scoring make_scoring(const ScoringOptions& options, Alphabet alphabet);

}  // namespace tropic::cli
