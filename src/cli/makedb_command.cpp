// `tropic makedb DB.fa PREFIX`: builds PREFIX.tdb, the sequence database `tropic search` opens
// (tropic/align/database.hpp). The library streams the input and writes the file atomically; this
// command chooses the alphabet, shows progress and prints the summary.
#include <fmt/format.h>

#include <cstdint>
#include <memory>
#include <optional>
#include <string>
#include <string_view>

#include "cli/commands.hpp"
#include "cli/progress_bar.hpp"
#include "cli/shared_options.hpp"
#include "tropic/align/database.hpp"
#include "tropic/core/input_files.hpp"

namespace tropic::cli {

namespace {

struct MakedbOptions {
    std::string input;
    std::string prefix;
    bool dna = false;
    bool protein = false;
    SharedOptions shared;  // --max-memory and -q
};

// PREFIX, or the file named with its extension ("db.tdb" writes db.tdb, not db.tdb.tdb), as a
// search accepts either.
std::string database_prefix(const std::string& given) {
    constexpr std::string_view kExtension = ".tdb";
    if (given.size() > kExtension.size() && given.ends_with(kExtension))
        return given.substr(0, given.size() - kExtension.size());
    return given;
}

void run_makedb(const MakedbOptions& o) {
    check_input_files({o.input});
    const std::string prefix = database_prefix(o.prefix);
    align::DatabaseParams params;
    if (o.dna) params.alphabet = Alphabet::Dna;
    if (o.protein) params.alphabet = Alphabet::Protein;
    const RunOptions options = make_run_options(o.shared);
    ProgressBar progress("tropic makedb", 0, ProgressBar::wanted(o.shared.quiet), " sequences",
                         " residues");
    std::uint64_t shown_records = 0, shown_residues = 0;
    align::DatabaseProgress read_progress;
    read_progress.on_read = [&](std::uint64_t records, std::uint64_t residues) {
        progress.advance(records - shown_records, residues - shown_residues);
        shown_records = records;
        shown_residues = residues;
    };
    const align::DatabaseSummary summary =
        align::make_database(o.input, prefix, params, options, read_progress);
    progress.finish();
    if (!o.shared.quiet)
        fmt::print(stderr, "tropic makedb: {} sequences, {} residues, longest {}, {}; wrote {}\n",
                   summary.sequences, summary.residues, summary.longest,
                   alphabet_name(summary.alphabet), align::database_path(prefix));
}

}  // namespace

Command add_makedb_command(CLI::App& app) {
    auto options = std::make_shared<MakedbOptions>();
    auto* sub = app.add_subcommand(
        "makedb",
        "Build a sequence database for tropic search: PREFIX.tdb, sorted by length, checksummed");
    sub->add_option("input", options->input,
                    "FASTA or FASTQ, plain or gzip-compressed; '-' reads stdin")
        ->required()
        ->type_name("FILE");
    sub->add_option("prefix", options->prefix,
                    "The database to write: PREFIX.tdb (a PREFIX ending in .tdb names the file)")
        ->required()
        ->type_name("PREFIX");
    auto* dna = sub->add_flag("--dna", options->dna, "The sequences are DNA");
    auto* protein = sub->add_flag("--protein", options->protein, "The sequences are protein");
    dna->excludes(protein);
    add_run_options(sub, options->shared, Shared::MaxMemory | Shared::Quiet);
    return {sub, [options] { run_makedb(*options); }};
}

}  // namespace tropic::cli
