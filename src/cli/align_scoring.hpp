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

// The options as given: empty where the command line left one out, since the defaults depend on
// the alphabet, and a DNA option with protein (or the reverse) is an error only when given.
struct ScoringOptions {
    bool dna = false, protein = false;
    std::optional<int> match, mismatch, n_score;  // DNA: 2, -3, the mismatch score
    std::optional<std::string> matrix;            // protein: BLOSUM62
    std::optional<int> gap_open, gap_extend;      // 5 and 2 for DNA, 11 and 1 for protein
};

// --mode (local, global, glocal, overlap) and --cigar-m, in the same words for align and search.
void add_mode_option(CLI::App* command, std::string& mode);
void add_cigar_m_flag(CLI::App* command, bool& cigar_m);

// Adds the scoring options to `command`; `alphabet_default` says what happens without --dna and
// --protein.
void add_scoring_options(CLI::App* command, ScoringOptions& options,
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
