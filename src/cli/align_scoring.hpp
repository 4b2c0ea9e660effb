#pragma once
// How `tropic align` scores: the alphabet the options ask for and the scoring they give.
#include <optional>

#include "cli/align_options.hpp"
#include "tropic/align/scoring.hpp"
#include "tropic/core/alphabet.hpp"

namespace tropic::cli {

// DNA or protein as --dna / --protein say, or as the scoring options imply (--matrix protein;
// --match, --mismatch, --n-score DNA); nullopt: detect from the inputs. Throws InputError for
// options that contradict each other.
std::optional<Alphabet> requested_alphabet(const AlignOptions& options);

// DNA: --match/--mismatch/--n-score (N defaults to the mismatch score), gaps 5/2; protein:
// --matrix (a built-in name, else a file), gaps 11/1; --gap-open/--gap-extend replace the gaps.
// Throws InputError for a DNA option with protein, --matrix with DNA, a matrix that cannot be
// read, or invalid costs.
align::Scoring make_scoring(const AlignOptions& options, Alphabet alphabet);

}  // namespace tropic::cli
