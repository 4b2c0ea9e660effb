// `tropic search`: every query against every sequence of a database (built by `tropic makedb`,
// or a FASTA/FASTQ built in memory), the best hits of each query aligned in full and written by
// the alignment writers (tropic/align/search_writer.hpp). Queries stream through the library's
// pipeline (tropic/core/pipeline.hpp) in chunks; each chunk scans the database once
// (align::Searcher) while the next chunk is read, and its hits are written in input order while
// the next one is scanned.
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
#include "cli/notices.hpp"
#include "cli/option_checks.hpp"
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
#include "tropic/core/input_files.hpp"
#include "tropic/core/output_files.hpp"
#include "tropic/core/output_sink.hpp"
#include "tropic/core/pipeline.hpp"
#include "tropic/core/protein_encoding.hpp"
#include "tropic/core/record_chunks.hpp"
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
    std::optional<std::int64_t> min_score;  // default: 1 in local mode, none otherwise
    std::optional<double> evalue;           // default: no limit
    bool cigar_m = false;
    std::optional<std::string> format;  // default: blast6
    SharedOptions shared;
};

// Queries per chunk, and residues: a chunk shares one pass over the database, and its hits are
// written while the next chunk is scanned.
constexpr ChunkLimits kQueryChunk{1024, std::size_t{1} << 20};

// A chunk of queries, as the pipeline reads them.
struct QueryChunk {
    std::vector<SequenceRecord> queries;
};

class SearchRun {
  public:
    explicit SearchRun(const SearchOptions& options)
        : options_(options),
          pool_(options.shared.threads),
          progress_("tropic search", 0, ProgressBar::wanted(options.shared.quiet), " cells",
                    " queries") {
        output_ = chosen_layout(options.format, AlignmentOutput::Blast6, options.shared);
        run_ = make_run_options(options.shared, pool_);
    }

    void run() {
        check_input_files({options_.query});
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
        queries_ = std::make_unique<AlignInput>(options_.query, alphabet_);
        if (!queries_->peek())
            throw InputError(fmt::format("the query file '{}' holds no sequences", options_.query));
        OutputFiles outputs;
        // SAM records go through the writer; the pipeline's text sink then writes nothing.
        if (output_ == AlignmentOutput::Sam) open_sam(outputs);
        OutputSink sink =
            sam_ ? OutputSink(std::string()) : OutputSink(outputs, options_.shared.output);
        if (output_ == AlignmentOutput::Tsv) {
            std::string header;
            align::append_tsv_header(header, text_options_);
            sink.write(header);
        }
        PipelineSteps<QueryChunk, align::QueryHits> steps;
        steps.read = [this](QueryChunk& chunk) { return read(chunk); };
        steps.compute = [this](QueryChunk& chunk) { return search(chunk); };
        steps.format = [this](std::string& out, const QueryChunk& chunk, std::size_t item,
                              const align::QueryHits& hits) {
            if (!sam_)
                align::append_search_hits(output_, out, chunk.queries[item], targets_of(hits), hits,
                                          params_.align, text_options_);
        };
        steps.chunk_done = [this](const QueryChunk& chunk,
                                  const std::vector<align::QueryHits>& hits) {
            if (sam_)
                for (std::size_t k = 0; k < hits.size(); ++k)
                    for (const AlignmentRecord& record : align::search_sam_records(
                             chunk.queries[k], targets_of(hits[k]), hits[k], text_options_))
                        sam_->write(record);
            progress_.advance(0, chunk.queries.size());
        };
        run_pipeline(steps, sink, &pool_);
        progress_.finish();
        summarize();
        if (sam_) sam_->close();
        sink.commit();
        outputs.commit();
    }

  private:
    void say(const std::string& text) const { note(text, options_.shared.quiet); }

    // The next queries, up to a chunk; false at the end of the input.
    bool read(QueryChunk& chunk) {
        chunk.queries.clear();
        std::size_t residues = 0;
        while (chunk.queries.size() < kQueryChunk.records && residues < kQueryChunk.residues) {
            std::optional<SequenceRecord> query = queries_->next();
            if (!query) break;
            if (sam_) align::check_sam_query(*query, options_.query, queries_->records_read());
            residues += query->residues.size();
            chunk.queries.push_back(std::move(*query));
        }
        return !chunk.queries.empty();
    }

    // The chunk's queries against the database, one pass; their hits in query order.
    std::vector<align::QueryHits> search(const QueryChunk& chunk) {
        std::vector<std::vector<std::uint8_t>> codes;
        std::vector<std::span<const std::uint8_t>> spans;
        for (const SequenceRecord& query : chunk.queries)
            codes.push_back(alphabet_ == Alphabet::Dna ? encode_dna(query.residues)
                                                       : encode_protein(query.residues));
        for (const auto& c : codes) spans.push_back(c);
        align::SearchProgress progress;
        std::uint64_t shown = 0;
        progress.on_scan = [this, &shown](std::uint64_t done, std::uint64_t) {
            progress_.advance(done - shown);
            shown = done;
        };
        std::vector<align::QueryHits> hits(chunk.queries.size());
        const align::SearchStats stats = searcher_->search(
            spans, [&](align::QueryHits&& found) { hits[found.query] = std::move(found); },
            progress);
        queries_done_ += chunk.queries.size();
        totals_.cells += stats.cells;
        totals_.scan_seconds += stats.scan_seconds;
        totals_.align_seconds += stats.align_seconds;
        totals_.rescored += stats.rescored;
        totals_.backend = stats.backend;
        return hits;
    }

    // The database records of a query's hits.
    std::vector<SequenceRecord> targets_of(const align::QueryHits& hits) const {
        std::vector<SequenceRecord> targets;
        for (const align::SearchHit& hit : hits.hits)
            targets.push_back(align::database_record(*database_, hit.target));
        return targets;
    }

    // A built database (PREFIX or PREFIX.tdb) is opened; anything else is read as FASTA/FASTQ and
    // built in memory, in the alphabet the options ask for or the one its first record shows.
    void open_database(const std::optional<Alphabet>& requested) {
        if (align::Database::is_database(options_.database)) {
            database_ = std::make_unique<align::Database>(align::Database::open(options_.database));
            return;
        }
        check_input_files({options_.query, options_.database});
        align::DatabaseParams make;
        make.alphabet = requested;
        database_ = std::make_unique<align::Database>(
            align::Database::from_fasta(options_.database, make, run_));
    }

    void set_params() {
        params_.align.mode = *align::parse_mode(options_.mode);
        params_.align.scoring = make_scoring(options_.scoring, alphabet_);
        params_.top = options_.top;
        if (options_.min_score) params_.min_score = *options_.min_score;
        if (options_.evalue) params_.max_evalue = *options_.evalue;
        params_.both_strands = options_.strand == "both";
        align::validate(params_, alphabet_);

        align::AlignmentTextOptions base;
        base.cigar_m = options_.cigar_m;
        if (params_.align.mode == align::AlignMode::Local)
            base.statistics = align::karlin_altschul(params_.align.scoring);
        if (output_ == AlignmentOutput::Blast6 && !base.statistics)
            say(
                fmt::format("no E-values and bit scores for {} mode with {}, gap open {} and "
                            "extend {}: blast6 writes NA for them",
                            options_.mode, params_.align.scoring.matrix.name,
                            params_.align.scoring.gaps.open, params_.align.scoring.gaps.extend));
        text_options_ = align::search_text_options(base, database_->total_residues());
    }

    // SAM's header declares every database sequence, in input order.
    void open_sam(OutputFiles& outputs) {
        std::vector<ReferenceSequence> references(database_->size());
        for (std::size_t k = 0; k < database_->size(); ++k)
            references[database_->ordinal(k)] = {std::string(database_->name(k)),
                                                 static_cast<std::int64_t>(database_->length(k))};
        AlignmentWriterOptions writer_options;
        writer_options.threads = options_.shared.threads;
        sam_ = std::make_unique<AlignmentWriter>(
            outputs, options_.shared.output.empty() ? "-" : options_.shared.output, "-o",
            align::sam_header(references, command_line(), database_->source()), writer_options);
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
    std::unique_ptr<AlignInput> queries_;
    std::unique_ptr<AlignmentWriter> sam_;
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
        ->required()
        ->type_name("FILE");
    sub->add_option("database", options->database,
                    "A database built by tropic makedb (PREFIX or PREFIX.tdb), or a FASTA/FASTQ "
                    "(plain or gzip) built in memory")
        ->required()
        ->type_name("DB");
    add_mode_option(sub, options->mode);
    add_scoring_options(sub, options->scoring, "the database's alphabet");
    sub->add_option("--strand", options->strand,
                    "DNA: search the query as given (plus) or its reverse complement as well "
                    "(both)")
        ->check(one_of({"plus", "both"}))
        ->capture_default_str()
        ->type_name("STRAND");
    sub->add_option("--top", options->top, "Hits per query, the best by score, then database order")
        ->check(at_least(std::size_t{1}))
        ->capture_default_str();
    sub->add_option("--min-score", options->min_score, "Report hits of at least this score")
        ->default_str("1 in local mode, none otherwise");
    sub->add_option("--evalue", options->evalue,
                    "Report hits of at most this E-value (local mode, published Karlin-Altschul "
                    "parameters)")
        ->default_str("no limit")
        ->check(at_least(0.0));
    add_cigar_m_flag(sub, options->cigar_m);
    sub->add_option("--format", options->format,
                    "Output layout: blast6 (BLAST -outfmt 6), tsv, json (as --json), sam (-o "
                    "FILE.bam: BAM) or paf")
        ->check(one_of({"blast6", "tsv", "json", "sam", "paf"}))
        ->default_str("blast6")
        ->type_name("LAYOUT");
    add_run_options(sub, options->shared, kComputeOptions);
    return {sub, [options] { SearchRun(*options).run(); }};
}

}  // namespace tropic::cli
