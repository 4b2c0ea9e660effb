// Database search (include/tropic/align/database.hpp, search.hpp): databases built from FASTA as
// `tropic makedb` builds them or opened from PREFIX.tdb, searched with every query as `tropic
// search` searches, the hits (best `top` per query, with E-values over the whole database) as
// columns for the package's wrappers (python/tropic/_search.py).
#include <nanobind/stl/optional.h>
#include <nanobind/stl/string.h>

#include <cmath>
#include <limits>
#include <optional>
#include <span>
#include <string>
#include <vector>

#include "python/python_alignments.hpp"
#include "python/python_arrays.hpp"
#include "python/python_more_bindings.hpp"
#include "python/python_residues.hpp"
#include "python/python_run.hpp"
#include "python/python_sequences.hpp"
#include "tropic/align/database.hpp"
#include "tropic/align/karlin_altschul.hpp"
#include "tropic/align/search.hpp"
#include "tropic/core/error.hpp"

namespace tropic::python {

namespace {

using align::Database;

std::optional<Alphabet> optional_alphabet(const std::optional<std::string>& name) {
    if (!name) return std::nullopt;
    return alignment_alphabet(*name);
}

nb::dict summary_dict(const align::DatabaseSummary& summary) {
    nb::dict out;
    out["alphabet"] = summary.alphabet == Alphabet::Dna ? "dna" : "protein";
    out["sequences"] = summary.sequences;
    out["residues"] = summary.residues;
    out["longest"] = summary.longest;
    return out;
}

nb::dict make_database(const std::string& input, const std::string& prefix,
                       const std::optional<std::string>& alphabet, const RunArguments& arguments) {
    align::DatabaseParams params;
    params.alphabet = optional_alphabet(alphabet);
    PythonRun run(arguments);
    return summary_dict(
        run([&] { return align::make_database(input, prefix, params, run.options()); }));
}

Database open_database(const std::string& path) {
    nb::gil_scoped_release release;
    return Database::open(path);
}

Database database_from_fasta(const std::string& input, const std::optional<std::string>& alphabet,
                             const RunArguments& arguments) {
    align::DatabaseParams params;
    params.alphabet = optional_alphabet(alphabet);
    PythonRun run(arguments);
    return run([&] { return Database::from_fasta(input, params, run.options()); });
}

// The names in input order (the database stores by length).
nb::list database_names(const Database& database) {
    std::vector<std::string_view> names(database.size());
    for (std::size_t k = 0; k < database.size(); ++k) names[database.ordinal(k)] = database.name(k);
    return str_list(names);
}

struct SearchOptions {
    std::string mode;
    std::size_t top = 10;
    std::optional<std::int64_t> min_score;
    std::optional<double> max_evalue;
    bool both_strands = false;
    bool cigar_m = false;
};

align::SearchParams search_params(const Database& database, const SearchOptions& o,
                                  const align::Scoring& scoring) {
    if (database.size() == 0)
        throw InputError("the database '" + database.source() + "' holds no sequences");
    align::SearchParams params;
    const std::optional<align::AlignMode> mode = align::parse_mode(o.mode);
    if (!mode)
        throw InputError("mode='" + o.mode + "': give 'local', 'global', 'glocal' or 'overlap'");
    params.align.mode = *mode;
    params.align.scoring = scoring;
    params.top = o.top;
    params.min_score = o.min_score;
    params.max_evalue = o.max_evalue;
    params.both_strands = o.both_strands;
    align::validate(params, database.alphabet());
    return params;
}

struct Hits {
    std::vector<align::QueryHits> per_query;
    bool statistics = false;
};

Hits search_hits(const Database& database, const SequenceBatch& queries,
                 const align::SearchParams& params, PythonRun& run) {
    Hits hits;
    hits.statistics = params.align.mode == align::AlignMode::Local &&
                      align::karlin_altschul(params.align.scoring).has_value();
    hits.per_query = run([&] {
        const auto codes = encode_batch(queries, database.alphabet(), run.pool());
        const std::vector<std::span<const std::uint8_t>> spans(codes.begin(), codes.end());
        align::SearchProgress progress;
        if (run.options().on_progress)
            progress.on_scan = [&](std::uint64_t done, std::uint64_t total) {
                if (total > 0)
                    run.options().on_progress(
                        0, static_cast<double>(done) / static_cast<double>(total));
            };
        std::vector<align::QueryHits> found(codes.size());
        align::Searcher searcher(database, params, run.options());
        searcher.search(
            spans, [&](align::QueryHits&& q) { found[q.query] = std::move(q); }, progress);
        return found;
    });
    return hits;
}

nb::dict hit_columns(const Database& database, const Hits& hits, bool cigar_m) {
    std::vector<std::int64_t> query, target_index;
    std::vector<std::string_view> target;
    std::vector<std::string> strand;
    std::vector<double> evalue, bits;
    AlignmentColumns alignments(cigar_m);
    const double missing = std::numeric_limits<double>::quiet_NaN();
    for (const align::QueryHits& q : hits.per_query)
        for (const align::SearchHit& hit : q.hits) {
            query.push_back(static_cast<std::int64_t>(q.query));
            target.push_back(database.name(hit.target));
            target_index.push_back(static_cast<std::int64_t>(database.ordinal(hit.target)));
            strand.push_back(hit.strand == align::Strand::Plus ? "+" : "-");
            evalue.push_back(hits.statistics ? hit.evalue : missing);
            bits.push_back(hits.statistics ? hit.bits : missing);
            alignments.add(hit.alignment);
        }
    nb::dict out;
    out["query"] = numpy_vector(std::move(query));
    out["target"] = str_list(target);
    out["target_index"] = numpy_vector(std::move(target_index));
    out["strand"] = str_list(strand);
    out["evalue"] = numpy_vector(std::move(evalue));
    out["bits"] = numpy_vector(std::move(bits));
    alignments.move_into(out);
    return out;
}

nb::dict search(const Database& database, const SequenceBatch& queries,
                const align::Scoring& scoring, const std::string& mode, std::size_t top,
                std::optional<std::int64_t> min_score, std::optional<double> max_evalue,
                bool both_strands, bool cigar_m, const RunArguments& arguments) {
    const SearchOptions options{mode, top, min_score, max_evalue, both_strands, cigar_m};
    const align::SearchParams params = search_params(database, options, scoring);
    PythonRun run(arguments);
    return hit_columns(database, search_hits(database, queries, params, run), cigar_m);
}

}  // namespace

void bind_search(nb::module_& m) {
    nb::class_<Database>(m, "Database", "A sequence database (align/database.hpp).")
        .def_prop_ro(
            "alphabet",
            [](const Database& d) { return d.alphabet() == Alphabet::Dna ? "dna" : "protein"; })
        .def("__len__", &Database::size)
        .def_prop_ro("total_residues", &Database::total_residues)
        .def_prop_ro("longest", &Database::longest)
        .def_prop_ro("source", &Database::source)
        .def_prop_ro("names", &database_names);
    m.def("make_database", &make_database, nb::arg("input"), nb::arg("prefix"),
          nb::arg("alphabet").none(), nb::arg("run"),
          "Writes PREFIX.tdb from a FASTA/FASTQ file as `tropic makedb` does; returns its "
          "summary (alphabet, sequences, residues, longest).");
    m.def("open_database", &open_database, nb::arg("path"),
          "Opens PREFIX.tdb (or a path ending in .tdb), checking it.");
    m.def("database_from_fasta", &database_from_fasta, nb::arg("input"), nb::arg("alphabet").none(),
          nb::arg("run"), "A database built in memory from a FASTA/FASTQ file.");
    m.def(
        "is_database", [](const std::string& path) { return Database::is_database(path); },
        nb::arg("path"), "True when PREFIX.tdb exists or the path is a .tdb file.");
    m.def("search", &search, nb::arg("database"), nb::arg("queries"), nb::arg("scoring"),
          nb::arg("mode"), nb::arg("top"), nb::arg("min_score").none(),
          nb::arg("max_evalue").none(), nb::arg("both_strands"), nb::arg("cigar_m"), nb::arg("run"),
          "Every query against the database (align::Searcher): the hits as columns, per query "
          "in input order, each query's best first.");
}

}  // namespace tropic::python
