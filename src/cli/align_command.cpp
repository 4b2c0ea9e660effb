// `tropic align`: pairwise alignment of every query against every target, or of records paired in
// order (--pairs), in one of four modes. Queries are held in memory; targets stream through the
// library's pipeline (tropic/core/pipeline.hpp) in chunks; each chunk's pairs go to
// align::align_many, which threads over pairs (a long pair on every thread); results are written
// in input order by the library's writers (tropic/align/alignment_writer.hpp). A pair that cannot
// be aligned (memory) is reported on stderr and skipped; the others are still written and the run
// ends with exit code 2. SAM and BAM declare every target in the header before the first record,
// so with --format sam the targets are read whole first and held in memory.
#include <fmt/format.h>

#include <algorithm>
#include <cstdio>
#include <memory>
#include <optional>
#include <string>
#include <vector>

#include "cli/align_inputs.hpp"
#include "cli/align_options.hpp"
#include "cli/align_output.hpp"
#include "cli/align_scoring.hpp"
#include "cli/command_line.hpp"
#include "cli/commands.hpp"
#include "cli/input_checks.hpp"
#include "cli/pair_progress.hpp"
#include "cli/progress_bar.hpp"
#include "tropic/align/alignment_writer.hpp"
#include "tropic/align/karlin_altschul.hpp"
#include "tropic/align/pairwise.hpp"
#include "tropic/align/sam_alignment.hpp"
#include "tropic/core/alignment_writer.hpp"
#include "tropic/core/dna_encoding.hpp"
#include "tropic/core/error.hpp"
#include "tropic/core/output_sink.hpp"
#include "tropic/core/pipeline.hpp"
#include "tropic/core/protein_encoding.hpp"
#include "tropic/core/record_chunks.hpp"
#include "tropic/core/thread_pool.hpp"

namespace tropic::cli {

namespace {

using align::AlignmentOutput;

// A chunk of targets and, with --pairs, the query of each: the pipeline's items are the targets.
struct AlignChunk {
    std::vector<SequenceRecord> queries;  // --pairs only
    std::vector<SequenceRecord> targets;
};

// One pair of a chunk and what it gave: its alignment, or a resource error.
struct PairJob {
    const SequenceRecord* query;
    const SequenceRecord* target;
    align::PairAlignment alignment;
    std::string error;
};

// The layout the options ask for; throws InputError for contradicting ones.
AlignmentOutput chosen_output(const AlignOptions& o) {
    const AlignmentOutput output = chosen_layout(o.format, o.format_given, o.shared);
    if (o.score_only && output != AlignmentOutput::Tsv && output != AlignmentOutput::Json)
        throw InputError(fmt::format(
            "--score-only computes scores and end positions only, without the alignment's "
            "columns (CIGAR, start positions) that --format {} needs: use --format tsv or json",
            align::output_name(output)));
    return output;
}

std::vector<std::uint8_t> encode(const SequenceRecord& record, Alphabet alphabet) {
    return alphabet == Alphabet::Dna ? encode_dna(record.residues)
                                     : encode_protein(record.residues);
}

class AlignRun {
  public:
    explicit AlignRun(const AlignOptions& options)
        : options_(options),
          pool_(options.shared.threads),
          show_progress_(ProgressBar::wanted(options.shared.quiet)),
          scan_progress_("tropic align", 0, show_progress_, " pairs") {
        params_.mode = *align::parse_mode(options.mode);
        params_.score_only = options.score_only;
        output_ = chosen_output(options);
        run_ = make_run_options(options.shared, pool_);
        if (show_progress_)
            run_.on_progress = [this](std::size_t pair, double fraction) {
                pair_progress_.update(pair, fraction);
            };
    }

    void run() {
        check_inputs_readable({options_.query, options_.target});
        const std::optional<Alphabet> requested = requested_alphabet(options_.scoring);
        queries_in_ = std::make_unique<AlignInput>(options_.query, requested);
        targets_in_ = std::make_unique<AlignInput>(options_.target, requested);
        choose_alphabet(requested);
        params_.scoring = make_scoring(options_.scoring, alphabet_);
        align::validate(params_);
        if (output_ == AlignmentOutput::Sam)
            align::check_sam_alphabet(alphabet_, alignment_format_for_path(options_.shared.output));
        text_options_.cigar_m = options_.cigar_m;
        if (output_ == AlignmentOutput::Blast6) choose_statistics();

        if (!options_.pairs) {
            while (auto query = queries_in_->next()) {
                if (output_ == AlignmentOutput::Sam)
                    align::check_sam_query(*query, options_.query, queries_in_->records_read());
                queries_.push_back(std::move(*query));
            }
            for (const SequenceRecord& query : queries_)
                encoded_queries_.push_back(encode(query, alphabet_));
        }
        if (output_ == AlignmentOutput::Sam) open_sam();
        sink_ = std::make_unique<OutputSink>(sam_ ? std::string() : options_.shared.output);
        if (output_ == AlignmentOutput::Tsv) {
            std::string header;
            align::append_tsv_header(header);
            sink_->write(header);
        }

        PipelineSteps<AlignChunk, std::vector<PairJob>> steps;
        steps.read = [this](AlignChunk& chunk) { return read(chunk); };
        steps.compute = [this](AlignChunk& chunk) { return compute(chunk); };
        steps.format = [this](std::string& out, const AlignChunk&, std::size_t,
                              const std::vector<PairJob>& jobs) {
            if (sam_) return;  // written by chunk_done, on the calling thread
            for (const PairJob& job : jobs)
                if (job.error.empty())
                    align::append_alignment(output_, out, *job.query, *job.target, job.alignment,
                                            params_, text_options_);
        };
        steps.chunk_done = [this](const AlignChunk&,
                                  const std::vector<std::vector<PairJob>>& jobs) {
            for (const auto& of_target : jobs) {
                if (sam_)
                    for (const PairJob& job : of_target)
                        if (job.error.empty())
                            sam_->write(align::sam_record(*job.query, *job.target, job.alignment,
                                                          text_options_));
                scan_progress_.advance(of_target.size());
            }
        };
        run_pipeline(steps, *sink_, &pool_);
        scan_progress_.finish();
        if (sam_) sam_->close();
        sink_->commit();
        if (skipped_ > 0)
            throw ResourceError(fmt::format(
                "{} pair(s) could not be aligned and have no result; the others were written",
                skipped_));
    }

  private:
    void note(const std::string& text) const {
        if (!options_.shared.quiet) std::fprintf(stderr, "tropic: note: %s\n", text.c_str());
    }

    // The alphabet the options ask for, else DNA when the first query and the first target are
    // both nucleotides (IUPAC codes), else protein.
    void choose_alphabet(const std::optional<Alphabet>& requested) {
        if (requested) {
            alphabet_ = *requested;
            return;
        }
        const SequenceRecord* query = queries_in_->peek();
        const SequenceRecord* target = targets_in_->peek();
        const bool dna = (!query || looks_like_dna(query->residues)) &&
                         (!target || looks_like_dna(target->residues));
        alphabet_ = dna ? Alphabet::Dna : Alphabet::Protein;
        queries_in_->set_alphabet(alphabet_);
        targets_in_->set_alphabet(alphabet_);
        note(fmt::format(
            "aligning as {} (detected from the first query and target records); use --protein "
            "or --dna to choose",
            alphabet_ == Alphabet::Dna ? "DNA" : "protein"));
    }

    // E-values and bit scores need published Karlin-Altschul parameters, which exist for local
    // alignments only.
    void choose_statistics() {
        if (params_.mode != align::AlignMode::Local) {
            note(fmt::format(
                "E-values and bit scores describe local alignments: blast6 writes NA for them in "
                "{} mode",
                align::mode_name(params_.mode)));
            return;
        }
        text_options_.statistics = align::karlin_altschul(params_.scoring);
        if (!text_options_.statistics)
            note(fmt::format(
                "no published Karlin-Altschul parameters for {} with gap open {} and extend {}: "
                "blast6 writes NA for the E-value and bit score (docs/align.md lists the tables)",
                params_.scoring.matrix.name, params_.scoring.gaps.open,
                params_.scoring.gaps.extend));
    }

    // SAM's header declares every target: read them all now; read() hands them out later.
    void open_sam() {
        std::vector<ReferenceSequence> references;
        while (auto target = targets_in_->next()) {
            references.push_back(
                {target->name, static_cast<std::int64_t>(target->residues.size())});
            held_targets_.push_back(std::move(*target));
        }
        AlignmentWriterOptions writer_options;
        writer_options.threads = options_.shared.threads;
        sam_ = std::make_unique<AlignmentWriter>(
            options_.shared.output.empty() ? "-" : options_.shared.output,
            align::sam_header(references, command_line(), options_.target), writer_options);
        targets_held_ = true;
    }

    std::optional<SequenceRecord> next_target() {
        if (!targets_held_) return targets_in_->next();
        if (next_held_ == held_targets_.size()) return std::nullopt;
        return std::move(held_targets_[next_held_++]);
    }
    std::size_t targets_read() const {
        return targets_held_ ? next_held_ : targets_in_->records_read();
    }

    // The next targets (with --pairs, and their queries), up to --chunk records and the residues
    // of a chunk; false at the end of the input.
    bool read(AlignChunk& chunk) {
        chunk.queries.clear();
        chunk.targets.clear();
        std::size_t residues = 0;
        while (chunk.targets.size() < options_.shared.chunk && residues < ChunkLimits{}.residues) {
            auto query = options_.pairs ? queries_in_->next() : std::nullopt;
            auto target = next_target();
            if (options_.pairs && query.has_value() != target.has_value()) {
                const bool more_queries = query.has_value();
                throw InputError(fmt::format(
                    "--pairs: '{}' has more records than '{}' (record {} has no partner)",
                    more_queries ? options_.query : options_.target,
                    more_queries ? options_.target : options_.query,
                    more_queries ? queries_in_->records_read() : targets_read()));
            }
            if (!target) break;
            residues += target->residues.size();
            if (query && sam_)
                align::check_sam_query(*query, options_.query, queries_in_->records_read());
            if (query) chunk.queries.push_back(std::move(*query));
            chunk.targets.push_back(std::move(*target));
        }
        return !chunk.targets.empty();
    }

    // The chunk's pairs, target by target and within a target query by query; the pairs that
    // could not be aligned are reported here, in input order.
    std::vector<std::vector<PairJob>> compute(const AlignChunk& chunk) {
        std::vector<PairJob> jobs;
        std::vector<std::vector<std::uint8_t>> encoded_targets, encoded_pair_queries;
        std::vector<align::AlignPairInput> inputs;
        for (std::size_t t = 0; t < chunk.targets.size(); ++t) {
            encoded_targets.push_back(encode(chunk.targets[t], alphabet_));
            if (options_.pairs) encoded_pair_queries.push_back(encode(chunk.queries[t], alphabet_));
        }
        const auto add = [&](const SequenceRecord& query, const std::vector<std::uint8_t>& codes,
                             std::size_t t) {
            jobs.push_back({&query, &chunk.targets[t], {}, {}});
            inputs.push_back(
                {codes, encoded_targets[t],
                 fmt::format("query '{}' against target '{}'", query.name, chunk.targets[t].name)});
        };
        for (std::size_t t = 0; t < chunk.targets.size(); ++t) {
            if (options_.pairs)
                add(chunk.queries[t], encoded_pair_queries[t], t);
            else
                for (std::size_t q = 0; q < queries_.size(); ++q)
                    add(queries_[q], encoded_queries_[q], t);
        }
        jobs_ = &jobs;
        std::vector<Outcome<align::PairAlignment>> outcomes =
            align::align_many(inputs, params_, run_);
        pair_progress_.reset();
        jobs_ = nullptr;

        std::vector<std::vector<PairJob>> by_target(chunk.targets.size());
        const std::size_t per_target = options_.pairs ? 1 : queries_.size();
        for (std::size_t k = 0; k < jobs.size(); ++k) {
            jobs[k].alignment = std::move(outcomes[k].result);
            jobs[k].error = std::move(outcomes[k].error);
            if (!jobs[k].error.empty()) {
                std::fprintf(stderr, "tropic: error: %s\n", jobs[k].error.c_str());
                ++skipped_;
            }
            by_target[k / per_target].push_back(std::move(jobs[k]));
        }
        return by_target;
    }

    const AlignOptions& options_;
    ThreadPool pool_;
    align::AlignParams params_;
    AlignmentOutput output_ = AlignmentOutput::Tsv;
    align::AlignmentTextOptions text_options_;
    Alphabet alphabet_ = Alphabet::Dna;
    RunOptions run_;
    bool show_progress_;
    ProgressBar scan_progress_;  // pairs done, shown between the bars of large pairs
    std::unique_ptr<AlignInput> queries_in_, targets_in_;
    std::vector<SequenceRecord> queries_;  // every query, unless --pairs
    std::vector<std::vector<std::uint8_t>> encoded_queries_;
    std::vector<SequenceRecord> held_targets_;  // SAM only: every target, for the header
    bool targets_held_ = false;
    std::size_t next_held_ = 0;
    std::unique_ptr<AlignmentWriter> sam_;  // declared before sink_: both end before the pool
    std::unique_ptr<OutputSink> sink_;
    std::size_t skipped_ = 0;
    const std::vector<PairJob>* jobs_ = nullptr;  // the pairs being computed
    // A bar for a pair computed on every thread (only those report).
    PairProgress pair_progress_{[this](std::size_t pair) {
        const SequenceRecord &query = *(*jobs_)[pair].query, &target = *(*jobs_)[pair].target;
        return fmt::format("align {} x {} ({} x {})", query.name, target.name,
                           query.residues.size(), target.residues.size());
    }};
};

}  // namespace

Command add_align_command(CLI::App& app) {
    auto options = std::make_shared<AlignOptions>();
    // Targets stream a few hundred at a time, each against every query, so that results show
    // while a long list of targets runs (on the CPU; a device gets larger chunks below).
    options->shared.chunk = 256;
    auto* sub = app.add_subcommand(
        "align",
        "Pairwise alignment with affine gaps (local, global, glocal, overlap) of every query "
        "against every target, DNA or protein, on all threads");
    sub->add_option("query", options->query,
                    "Query FASTA/FASTQ, plain or gzip, held in memory; '-' is stdin")
        ->required();
    sub->add_option("target", options->target,
                    "Target FASTA/FASTQ, streamed record by record (held in memory with "
                    "--format sam); '-' is stdin")
        ->required();
    sub->add_flag("--pairs", options->pairs,
                  "Pair the records of the two files in order instead of every query against every "
                  "target");
    add_mode_option(sub, options->mode);
    add_scoring_options(sub, options->scoring, "detected from the first records");
    sub->add_flag("--score-only", options->score_only,
                  "Scores and end positions only, no traceback (less memory and time); "
                  "--format tsv or json");
    add_cigar_m_flag(sub, options->cigar_m);
    auto* format =
        sub->add_option("--format", options->format,
                        "Output layout: tsv, json (as --json), sam (-o FILE.bam: BAM), paf, "
                        "blast6 (BLAST -outfmt 6) or pair (EMBOSS-like, for reading)")
            ->check(CLI::IsMember({"tsv", "json", "sam", "paf", "blast6", "pair"}));
    add_run_options(sub, options->shared, kComputeOptions | Shared::Chunk);
    CLI::Option* chunk = sub->get_option("--chunk");
    return {sub, [options, format, chunk] {
                options->format_given = format->count() > 0;
                // A device takes short pairs in batches (align_many): give it large ones.
                if (chunk->count() == 0 && options->shared.backend != "cpu")
                    options->shared.chunk = ChunkLimits{}.records;
                AlignRun(*options).run();
            }};
}

}  // namespace tropic::cli
