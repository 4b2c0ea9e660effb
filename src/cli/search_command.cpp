// `tropic search`: every query against every sequence of a database (built by `tropic makedb`,
// or a FASTA/FASTQ built in memory), the best hits of each query aligned in full and written by
// the alignment writers (tropic/align/search_writer.hpp). Queries stream from their file in
// batches; each batch scans the database once (align::Searcher) and its hits are written in input
// order before the next batch is read.
#include <fmt/format.h>

#include <cstdio>
#include <memory>
#include <optional>
#include <string>
#include <vector>

#include "cli/align_inputs.hpp"
#include "cli/align_output.hpp"
#include "cli/align_scoring.hpp"
#include "cli/command_line.hpp"
#include "cli/commands.hpp"
#include "cli/input_checks.hpp"
#include "cli/progress_bar.hpp"
#include "cli/shared_options.hpp"
#include "tropic/align/database.hpp"
#include "tropic/align/sam_alignment.hpp"
#include "tropic/align/search.hpp"
#include "tropic/align/search_writer.hpp"
#include "tropic/core/alignment_writer.hpp"
#include "tropic/core/backend.hpp"
#include "tropic/core/dna_encoding.hpp"
#include "tropic/core/error.hpp"
#include "tropic/core/output_sink.hpp"
#include "tropic/core/protein_encoding.hpp"
#include "tropic/core/thread_pool.hpp"

namespace tropic::cli {

namespace {

using align::AlignmentOutput;

struct SearchOptions {
    std::string query, database;
    std::string mode = "local";
    ScoringOptions scoring;
    std::string strand = "plus";
    std::size_t top = 10;
    std::int64_t min_score = 0;
    double evalue = 10;
    bool cigar_m = false;
    std::string format = "blast6";
    SharedOptions shared;
    bool min_score_given = false, evalue_given = false, format_given = false;
};

// Queries per batch, and residues: a batch shares one pass over the database, and its hits are
// written before the next batch is read.
constexpr std::size_t kBatchQueries = 1024;
constexpr std::size_t kBatchResidues = std::size_t{1} << 20;

class SearchRun {
  public:
    explicit SearchRun(const SearchOptions& options)
        : options_(options),
          pool_(options.shared.threads),
          progress_("tropic search", 0, ProgressBar::wanted(options.shared.quiet), " cells",
                    " queries") {
        output_ = chosen_layout(options.format, options.format_given, options.shared);
        run_ = make_run_options(options.shared, pool_);
    }

    void run() {
        check_inputs_readable({options_.query});
        const std::optional<Alphabet> requested = requested_alphabet(options_.scoring);
        open_database(requested);
        alphabet_ = database_->alphabet();
        if (requested && *requested != alphabet_)
            throw InputError(fmt::format(
                "--{} was asked for but the database '{}' holds {}: search it with --{}",
                *requested == Alphabet::Dna ? "dna" : "protein", options_.database,
                alphabet_ == Alphabet::Dna ? "DNA" : "protein",
                alphabet_ == Alphabet::Dna ? "dna" : "protein"));
        if (database_->size() == 0)
            throw InputError(
                fmt::format("the database '{}' holds no sequences", options_.database));
        set_params();
        if (output_ == AlignmentOutput::Sam)
            align::check_sam_alphabet(alphabet_, alignment_format_for_path(options_.shared.output));

        searcher_ = std::make_unique<align::Searcher>(*database_, params_, run_);
        AlignInput queries(options_.query, alphabet_);
        if (!queries.peek())
            throw InputError(fmt::format("the query file '{}' holds no sequences", options_.query));
        if (output_ == AlignmentOutput::Sam) open_sam();
        sink_ = std::make_unique<OutputSink>(sam_ ? std::string() : options_.shared.output);
        if (output_ == AlignmentOutput::Tsv) {
            std::string header;
            align::append_tsv_header(header, text_options_);
            sink_->write(header);
        }
        std::vector<SequenceRecord> batch;
        std::size_t residues = 0;
        while (auto query = queries.next()) {
            if (sam_) align::check_sam_query(*query, options_.query, queries.records_read());
            residues += query->residues.size();
            batch.push_back(std::move(*query));
            if (batch.size() == kBatchQueries || residues >= kBatchResidues) {
                search_batch(batch);
                batch.clear();
                residues = 0;
            }
        }
        if (!batch.empty()) search_batch(batch);
        progress_.finish();
        summarize();
        if (sam_) sam_->close();
        sink_->commit();
    }

  private:
    void note(const std::string& text) const {
        if (!options_.shared.quiet) std::fprintf(stderr, "tropic: note: %s\n", text.c_str());
    }

    // A built database (PREFIX or PREFIX.tdb) is opened; anything else is read as FASTA/FASTQ and
    // built in memory, in the alphabet the options ask for or the one its first record shows.
    void open_database(const std::optional<Alphabet>& requested) {
        if (align::Database::is_database(options_.database)) {
            database_ = std::make_unique<align::Database>(align::Database::open(options_.database));
            return;
        }
        check_inputs_readable({options_.query, options_.database});
        align::DatabaseParams make;
        make.alphabet = requested;
        RunOptions build = run_;
        build.on_notice = [this](const std::string& text) { note(text); };
        database_ = std::make_unique<align::Database>(
            align::Database::from_fasta(options_.database, make, build));
    }

    void set_params() {
        params_.align.mode = *align::parse_mode(options_.mode);
        params_.align.scoring = make_scoring(options_.scoring, alphabet_);
        params_.top = options_.top;
        if (options_.min_score_given) params_.min_score = options_.min_score;
        if (options_.evalue_given) params_.max_evalue = options_.evalue;
        params_.both_strands = options_.strand == "both";
        align::validate(params_, alphabet_);

        align::AlignmentTextOptions base;
        base.cigar_m = options_.cigar_m;
        if (params_.align.mode == align::AlignMode::Local)
            base.statistics = align::karlin_altschul(params_.align.scoring);
        if (output_ == AlignmentOutput::Blast6 && !base.statistics)
            note(
                fmt::format("no E-values and bit scores for {} mode with {}, gap open {} and "
                            "extend {}: blast6 writes NA for them",
                            options_.mode, params_.align.scoring.matrix.name,
                            params_.align.scoring.gaps.open, params_.align.scoring.gaps.extend));
        text_options_ = align::search_text_options(base, database_->total_residues());
    }

    // SAM's header declares every database sequence, in input order.
    void open_sam() {
        std::vector<ReferenceSequence> references(database_->size());
        for (std::size_t k = 0; k < database_->size(); ++k)
            references[database_->ordinal(k)] = {std::string(database_->name(k)),
                                                 static_cast<std::int64_t>(database_->length(k))};
        AlignmentWriterOptions writer_options;
        writer_options.threads = options_.shared.threads;
        sam_ = std::make_unique<AlignmentWriter>(
            options_.shared.output.empty() ? "-" : options_.shared.output,
            align::sam_header(references, command_line(), database_->source()), writer_options);
    }

    void search_batch(const std::vector<SequenceRecord>& batch) {
        std::vector<std::vector<std::uint8_t>> codes;
        std::vector<std::span<const std::uint8_t>> spans;
        for (const SequenceRecord& query : batch)
            codes.push_back(alphabet_ == Alphabet::Dna ? encode_dna(query.residues)
                                                       : encode_protein(query.residues));
        for (const auto& c : codes) spans.push_back(c);
        align::SearchProgress progress;
        std::uint64_t shown = 0;
        progress.on_scan = [this, &shown](std::uint64_t done, std::uint64_t) {
            progress_.advance(done - shown);
            shown = done;
        };
        const align::SearchStats stats = searcher_->search(
            spans, [&](align::QueryHits&& hits) { write(batch[hits.query], hits); }, progress);
        progress_.advance(0, batch.size());
        queries_done_ += batch.size();
        totals_.cells += stats.cells;
        totals_.scan_seconds += stats.scan_seconds;
        totals_.align_seconds += stats.align_seconds;
        totals_.rescored += stats.rescored;
        totals_.backend = stats.backend;
    }

    // One line on stderr (unless -q): what was searched, where, and how fast the scan ran.
    void summarize() const {
        if (options_.shared.quiet) return;
        const double gcups = totals_.scan_seconds > 0
                                 ? static_cast<double>(totals_.cells) / totals_.scan_seconds / 1e9
                                 : 0.0;
        fmt::print(stderr,
                   "tropic search: {} queries against {} sequences on the {}: {} cells scanned in "
                   "{:.3f} s ({:.2f} GCUPS), hits aligned in {:.3f} s\n",
                   queries_done_, database_->size(),
                   totals_.backend == Backend::Cuda ? "GPU" : "CPU", totals_.cells,
                   totals_.scan_seconds, gcups, totals_.align_seconds);
    }

    void write(const SequenceRecord& query, const align::QueryHits& hits) {
        std::vector<SequenceRecord> targets;
        for (const align::SearchHit& hit : hits.hits)
            targets.push_back(align::database_record(*database_, hit.target));
        if (sam_) {
            for (const AlignmentRecord& record :
                 align::search_sam_records(query, targets, hits, text_options_))
                sam_->write(record);
            return;
        }
        std::string out;
        align::append_search_hits(output_, out, query, targets, hits, params_.align, text_options_);
        sink_->write(out);
    }

    const SearchOptions& options_;
    ThreadPool pool_;
    ProgressBar progress_;  // cells scanned (the rate: cell updates per second) and queries done
    AlignmentOutput output_ = AlignmentOutput::Blast6;
    RunOptions run_;
    Alphabet alphabet_ = Alphabet::Protein;
    std::unique_ptr<align::Database> database_;
    align::SearchParams params_;
    std::unique_ptr<align::Searcher> searcher_;  // one for every batch of queries
    align::SearchStats totals_;                  // of every batch
    std::size_t queries_done_ = 0;
    align::AlignmentTextOptions text_options_;
    std::unique_ptr<AlignmentWriter> sam_;  // declared before sink_: both end before the pool
    std::unique_ptr<OutputSink> sink_;
};

}  // namespace

Command add_search_command(CLI::App& app) {
    auto options = std::make_shared<SearchOptions>();
    auto* sub = app.add_subcommand(
        "search",
        "Search a sequence database (tropic makedb, or a FASTA/FASTQ) with every query: the best "
        "hits of each, aligned, DNA or protein, on all threads");
    sub->add_option("queries", options->query,
                    "Query FASTA/FASTQ, plain or gzip, read in batches; '-' is stdin")
        ->required();
    sub->add_option("database", options->database,
                    "A database built by tropic makedb (PREFIX or PREFIX.tdb), or a FASTA/FASTQ "
                    "(plain or gzip) built in memory")
        ->required();
    add_mode_option(sub, options->mode);
    add_scoring_options(sub, options->scoring, "the database's alphabet");
    sub->add_option("--strand", options->strand,
                    "DNA: search the query as given (plus) or its reverse complement as well "
                    "(both)")
        ->check(CLI::IsMember({"plus", "both"}))
        ->capture_default_str();
    sub->add_option("--top", options->top, "Hits per query, the best by score, then database order")
        ->check(CLI::PositiveNumber)
        ->capture_default_str();
    auto* min_score =
        sub->add_option("--min-score", options->min_score, "Report hits of at least this score")
            ->default_str("1 in local mode, none otherwise");
    auto* evalue = sub->add_option("--evalue", options->evalue,
                                   "Report hits of at most this E-value (local mode, published "
                                   "Karlin-Altschul parameters)")
                       ->default_str("no limit")
                       ->check(CLI::NonNegativeNumber);
    add_cigar_m_flag(sub, options->cigar_m);
    auto* format = sub->add_option("--format", options->format,
                                   "Output layout: blast6 (BLAST -outfmt 6), tsv, json (as "
                                   "--json), sam (-o FILE.bam: BAM) or paf")
                       ->check(CLI::IsMember({"blast6", "tsv", "json", "sam", "paf"}))
                       ->capture_default_str();
    add_run_options(sub, options->shared, kComputeOptions);
    return {sub, [options, min_score, evalue, format] {
                options->min_score_given = min_score->count() > 0;
                options->evalue_given = evalue->count() > 0;
                options->format_given = format->count() > 0;
                SearchRun(*options).run();
            }};
}

}  // namespace tropic::cli
