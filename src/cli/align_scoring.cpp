#include "cli/align_scoring.hpp"

#include <fmt/format.h>
#include <fmt/ranges.h>
#include <unistd.h>

#include <algorithm>
#include <cctype>
#include <cerrno>
#include <cstring>

#include "cli/option_checks.hpp"
#include "tropic/core/error.hpp"

namespace tropic::cli {

namespace {

bool dna_options_given(const ScoringOptions& o) {
    return o.match || o.mismatch || o.n_score;
}

bool same_name(std::string_view a, std::string_view b) {
    return std::equal(a.begin(), a.end(), b.begin(), b.end(), [](char x, char y) {
        return std::toupper(static_cast<unsigned char>(x)) ==
               std::toupper(static_cast<unsigned char>(y));
    });
}

align::SubstitutionMatrix protein_matrix(const std::string& name_or_path) {
    const std::vector<std::string>& names = align::builtin_matrix_names();
    for (const std::string& name : names)
        if (same_name(name, name_or_path)) return align::builtin_matrix(name);
    if (::access(name_or_path.c_str(), R_OK) != 0)
        throw InputError(
            fmt::format("--matrix '{}' is neither a built-in matrix ({}) nor a readable file: {}",
                        name_or_path, fmt::join(names, ", "), std::strerror(errno)));
    return align::read_matrix_file(name_or_path);
}

}  // namespace

void add_mode_option(CLI::App* sub, std::string& mode) {
    sub->add_option("--mode", mode,
                    "local (Smith-Waterman), global (Needleman-Wunsch), glocal (the whole query, "
                    "free target ends) or overlap (free end gaps everywhere)")
        ->check(one_of({"local", "global", "glocal", "overlap"}))
        ->type_name("MODE");
}

void add_cigar_m_flag(CLI::App* sub, bool& cigar_m) {
    sub->add_flag("--cigar-m", cigar_m,
                  "Write aligned pairs as M in CIGARs instead of = (identical) and X (different)");
}

void add_scoring_options(CLI::App* sub, ScoringOptions& options,
                         std::string_view alphabet_default) {
    auto* dna = sub->add_flag("--dna", options.dna,
                              fmt::format("Align DNA (default: {}, or implied by "
                                          "--match/--mismatch/--n-score or --matrix)",
                                          alphabet_default));
    auto* protein = sub->add_flag("--protein", options.protein, "Align protein");
    dna->excludes(protein);
    sub->add_option("--match", options.match, "DNA: score of identical A, C, G, T")
        ->default_str("2");
    sub->add_option("--mismatch", options.mismatch, "DNA: score of different A, C, G, T")
        ->default_str("-3");
    sub->add_option("--n-score", options.n_score,
                    "DNA: score of any pair with an N (or another IUPAC code)")
        ->default_str("the --mismatch score");
    sub->add_option("--matrix", options.matrix,
                    "Protein: a built-in matrix (BLOSUM45, BLOSUM50, BLOSUM62, BLOSUM80, BLOSUM90, "
                    "PAM30, PAM70, PAM250) or an NCBI-format matrix file")
        ->type_name("NAME|FILE")
        ->default_str("BLOSUM62");
    sub->add_option("--gap-open", options.gap_open,
                    "Gap open cost O: a gap of k residues costs O + k*E")
        ->default_str("5 for DNA, 11 for protein")
        ->check(at_least(0));
    sub->add_option("--gap-extend", options.gap_extend, "Gap extend cost E, per gap residue")
        ->default_str("2 for DNA, 1 for protein")
        ->check(at_least(0));
}

std::optional<Alphabet> requested_alphabet(const ScoringOptions& o) {
    if (o.dna && o.protein) throw InputError("--dna and --protein exclude each other");
    if (o.matrix && dna_options_given(o))
        throw InputError(
            "--matrix scores protein, --match/--mismatch/--n-score score DNA: give one kind");
    if (o.dna && o.matrix)
        throw InputError(
            "--matrix scores protein alignments; with --dna use --match, --mismatch and "
            "--n-score");
    if (o.protein && dna_options_given(o))
        throw InputError(
            "--match, --mismatch and --n-score score DNA alignments; with --protein use "
            "--matrix");
    if (o.dna || dna_options_given(o)) return Alphabet::Dna;
    if (o.protein || o.matrix) return Alphabet::Protein;
    return std::nullopt;
}

align::Scoring make_scoring(const ScoringOptions& o, Alphabet alphabet) {
    align::Scoring scoring;
    if (alphabet == Alphabet::Dna) {
        if (o.matrix) throw InputError("--matrix scores protein; the inputs are DNA");
        const int mismatch = o.mismatch.value_or(-3);
        scoring.matrix =
            align::dna_matrix(o.match.value_or(2), mismatch, o.n_score.value_or(mismatch));
        scoring.gaps = {5, 2};
    } else {
        if (dna_options_given(o))
            throw InputError("--match, --mismatch and --n-score score DNA; the inputs are protein");
        scoring.matrix = protein_matrix(o.matrix.value_or("BLOSUM62"));
        scoring.gaps = {11, 1};
    }
    scoring.gaps.open = o.gap_open.value_or(scoring.gaps.open);
    scoring.gaps.extend = o.gap_extend.value_or(scoring.gaps.extend);
    align::validate(scoring);
    return scoring;
}

}  // namespace tropic::cli
