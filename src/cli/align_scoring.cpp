#include "cli/align_scoring.hpp"

#include <fmt/format.h>
#include <fmt/ranges.h>
#include <unistd.h>

#include <algorithm>
#include <cctype>
#include <cerrno>
#include <cstring>

#include "tropic/core/error.hpp"

namespace tropic::cli {

namespace {

bool dna_options_given(const AlignOptions& o) {
    return o.given.match || o.given.mismatch || o.given.n_score;
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

std::optional<Alphabet> requested_alphabet(const AlignOptions& o) {
    if (o.dna && o.protein) throw InputError("--dna and --protein exclude each other");
    if (o.given.matrix && dna_options_given(o))
        throw InputError(
            "--matrix scores protein, --match/--mismatch/--n-score score DNA: give one kind");
    if (o.dna && o.given.matrix)
        throw InputError(
            "--matrix scores protein alignments; with --dna use --match, --mismatch and "
            "--n-score");
    if (o.protein && dna_options_given(o))
        throw InputError(
            "--match, --mismatch and --n-score score DNA alignments; with --protein use "
            "--matrix");
    if (o.dna || dna_options_given(o)) return Alphabet::Dna;
    if (o.protein || o.given.matrix) return Alphabet::Protein;
    return std::nullopt;
}

align::Scoring make_scoring(const AlignOptions& o, Alphabet alphabet) {
    align::Scoring scoring;
    if (alphabet == Alphabet::Dna) {
        if (o.given.matrix) throw InputError("--matrix scores protein; the inputs are DNA");
        scoring.matrix =
            align::dna_matrix(o.match, o.mismatch, o.given.n_score ? o.n_score : o.mismatch);
        scoring.gaps = {5, 2};
    } else {
        if (dna_options_given(o))
            throw InputError("--match, --mismatch and --n-score score DNA; the inputs are protein");
        scoring.matrix = protein_matrix(o.matrix);
        scoring.gaps = {11, 1};
    }
    if (o.given.gap_open) scoring.gaps.open = o.gap_open;
    if (o.given.gap_extend) scoring.gaps.extend = o.gap_extend;
    align::validate(scoring);
    return scoring;
}

}  // namespace tropic::cli
