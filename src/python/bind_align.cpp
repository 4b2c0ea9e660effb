// Pairwise alignment (include/tropic/align/pairwise.hpp, scoring.hpp): the scoring the options
// of `tropic align` give, and many pairs aligned in one library call without the GIL. The
// package's wrappers (python/tropic/_align.py) choose the alphabet and shape the columns.
#include <fmt/format.h>
#include <fmt/ranges.h>
#include <nanobind/stl/string.h>
#include <unistd.h>

#include <algorithm>
#include <cctype>
#include <string>
#include <vector>

#include "python/python_alignments.hpp"
#include "python/python_more_bindings.hpp"
#include "python/python_residues.hpp"
#include "python/python_run.hpp"
#include "python/python_sequences.hpp"
#include "tropic/align/pairwise.hpp"
#include "tropic/align/scoring.hpp"
#include "tropic/core/error.hpp"

namespace tropic::python {

namespace {

align::Scoring dna_scoring(int match, int mismatch, int n_score, int gap_open, int gap_extend) {
    align::Scoring scoring;
    scoring.matrix = align::dna_matrix(match, mismatch, n_score);
    scoring.gaps = {gap_open, gap_extend};
    align::validate(scoring);
    return scoring;
}

bool same_name(std::string_view a, std::string_view b) {
    return std::ranges::equal(a, b, [](char x, char y) {
        return std::toupper(static_cast<unsigned char>(x)) ==
               std::toupper(static_cast<unsigned char>(y));
    });
}

// A built-in matrix by name (any case), else an NCBI-format matrix file, as --matrix reads it.
align::Scoring protein_scoring(const std::string& matrix, int gap_open, int gap_extend) {
    align::Scoring scoring;
    const std::vector<std::string>& names = align::builtin_matrix_names();
    const auto builtin = std::ranges::find_if(
        names, [&](const std::string& name) { return same_name(name, matrix); });
    if (builtin != names.end())
        scoring.matrix = align::builtin_matrix(*builtin);
    else if (::access(matrix.c_str(), R_OK) == 0)
        scoring.matrix = align::read_matrix_file(matrix);
    else
        throw InputError(
            fmt::format("matrix='{}' is neither a built-in matrix ({}) nor a readable file", matrix,
                        fmt::join(names, ", ")));
    scoring.gaps = {gap_open, gap_extend};
    align::validate(scoring);
    return scoring;
}

std::string pair_name(const SequenceBatch& queries, const SequenceBatch& targets, std::size_t k) {
    const auto name = [&](const SequenceBatch& batch) {
        return k < batch.names.size() ? fmt::format(" '{}'", batch.names[k]) : std::string();
    };
    return fmt::format("pair {} (query{} against target{})", k + 1, name(queries), name(targets));
}

// queries[k] aligned against targets[k], for every k.
nb::dict align_pairs(const SequenceBatch& queries, const SequenceBatch& targets,
                     const std::string& alphabet_name, const std::string& mode,
                     const align::Scoring& scoring, bool score_only, bool cigar_m,
                     const RunArguments& arguments) {
    if (queries.sequences.size() != targets.sequences.size())
        throw InputError(fmt::format("{} queries for {} targets: give one target per query",
                                     queries.sequences.size(), targets.sequences.size()));
    align::AlignParams params;
    const std::optional<align::AlignMode> parsed = align::parse_mode(mode);
    if (!parsed)
        throw InputError(
            fmt::format("mode='{}': give 'local', 'global', 'glocal' or 'overlap'", mode));
    params.mode = *parsed;
    params.scoring = scoring;
    params.score_only = score_only;
    align::validate(params);
    const Alphabet alphabet = alignment_alphabet(alphabet_name);
    if (scoring.matrix.alphabet != alphabet)
        throw InputError(fmt::format("the scoring is for {}, the sequences are aligned as {}",
                                     tropic::alphabet_name(scoring.matrix.alphabet),
                                     tropic::alphabet_name(alphabet)));
    PythonRun run(arguments);
    auto outcomes = run([&] {
        const auto query_codes = encode_batch(queries, alphabet, run.pool());
        const auto target_codes = encode_batch(targets, alphabet, run.pool());
        std::vector<align::AlignPairInput> inputs;
        inputs.reserve(query_codes.size());
        for (std::size_t k = 0; k < query_codes.size(); ++k)
            inputs.push_back({query_codes[k], target_codes[k], pair_name(queries, targets, k)});
        return align::align_many(inputs, params, run.options());
    });
    AlignmentColumns columns(cigar_m);
    for (auto& outcome : outcomes) {
        outcome.rethrow_error();
        columns.add(outcome.result);
    }
    nb::dict out;
    columns.move_into(out);
    return out;
}

}  // namespace

void bind_align(nb::module_& m) {
    nb::class_<align::Scoring>(m, "Scoring",
                               "A substitution matrix and affine gap costs (align/scoring.hpp).")
        .def_prop_ro("matrix", [](const align::Scoring& s) { return s.matrix.name; })
        .def_prop_ro("alphabet",
                     [](const align::Scoring& s) {
                         return s.matrix.alphabet == Alphabet::Dna ? "dna" : "protein";
                     })
        .def_prop_ro("gap_open", [](const align::Scoring& s) { return s.gaps.open; })
        .def_prop_ro("gap_extend", [](const align::Scoring& s) { return s.gaps.extend; });
    m.def("dna_scoring", &dna_scoring, nb::arg("match"), nb::arg("mismatch"), nb::arg("n_score"),
          nb::arg("gap_open"), nb::arg("gap_extend"),
          "DNA scoring: match and mismatch scores of A, C, G, T, n_score for any pair with an N, "
          "a gap of k residues costing gap_open + k * gap_extend.");
    m.def("protein_scoring", &protein_scoring, nb::arg("matrix"), nb::arg("gap_open"),
          nb::arg("gap_extend"),
          "Protein scoring: a built-in matrix by name (BLOSUM62, PAM30, ...) or an NCBI-format "
          "matrix file, and gap costs.");
    m.def(
        "looks_like_dna", [](const std::string& residues) { return looks_like_dna(residues); },
        nb::arg("residues"),
        "True when every letter is an upper-case IUPAC nucleotide code: how `tropic align` "
        "detects DNA.");
    m.def("align_pairs", &align_pairs, nb::arg("queries"), nb::arg("targets"), nb::arg("alphabet"),
          nb::arg("mode"), nb::arg("scoring"), nb::arg("score_only"), nb::arg("cigar_m"),
          nb::arg("run"),
          "queries[k] aligned against targets[k] (align::align_many): a dict of columns, "
          "coordinates 0-based and half-open.");
}

}  // namespace tropic::python
