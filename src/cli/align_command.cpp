// `tropic align`: pairwise alignment of every query against every target, or of records paired in
// order (--pairs), in one of four modes, streamed by the command kit's pair runner
// (pair_command.hpp): each chunk's pairs go to align::align_many, which threads over pairs (a long
// pair on every thread) or batches short ones on the device; results are written in input order
// by the library's writers (tropic/align/alignment_writer.hpp). SAM and BAM declare every target
// in the header before the first record, so with --format sam the targets are read whole first
// and held in memory.
#include <fmt/format.h>

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
#include "cli/notices.hpp"
#include "cli/option_checks.hpp"
#include "cli/pair_command.hpp"
#include "tropic/align/alignment_writer.hpp"
#include "tropic/align/karlin_altschul.hpp"
#include "tropic/align/pairwise.hpp"
#include "tropic/align/sam_alignment.hpp"
#include "tropic/core/alignment_writer.hpp"
#include "tropic/core/error.hpp"
#include "tropic/core/input_files.hpp"
#include "tropic/core/output_files.hpp"
#include "tropic/core/output_sink.hpp"
#include "tropic/core/record_chunks.hpp"
#include "tropic/core/thread_pool.hpp"

namespace tropic::cli {

namespace {

using align::AlignmentOutput;
using align::PairAlignment;

// The layout the options ask for; throws InputError for contradicting ones.
AlignmentOutput chosen_output(const AlignOptions& o) {
    const AlignmentOutput output = chosen_layout(o.format, AlignmentOutput::Tsv, o.shared);
    if (o.score_only && output != AlignmentOutput::Tsv && output != AlignmentOutput::Json)
        throw InputError(fmt::format(
            "--score-only computes scores and end positions only, without the alignment's "
            "columns (CIGAR, start positions) that --format {} needs: use --format tsv or json",
            align::output_name(output)));
    return output;
}

class AlignRun {
  public:
    explicit AlignRun(const AlignOptions& options)
        : options_(options), pool_(options.shared.threads) {
        params_.mode = *align::parse_mode(options.mode);
        params_.score_only = options.score_only;
        output_ = chosen_output(options);
        run_ = make_run_options(options.shared, pool_);
    }

    void run() {
        check_input_files({options_.files.query, options_.files.target});
        const std::optional<Alphabet> requested = requested_alphabet(options_.scoring);
        queries_in_ = std::make_unique<AlignInput>(options_.files.query, requested);
        targets_in_ = std::make_unique<AlignInput>(options_.files.target, requested);
        alphabet_ =
            choose_pair_alphabet(requested, *queries_in_, *targets_in_, options_.shared.quiet);
        params_.scoring = make_scoring(options_.scoring, alphabet_);
        align::validate(params_);
        const bool sam = output_ == AlignmentOutput::Sam;
        if (sam)
            align::check_sam_alphabet(alphabet_, alignment_format_for_path(options_.shared.output));
        text_options_.cigar_m = options_.cigar_m;
        if (output_ == AlignmentOutput::Blast6) choose_statistics();

        OutputFiles outputs;
        // SAM records go through the writer; the pipeline's text sink then writes nothing.
        if (sam) open_sam(outputs);
        OutputSink sink =
            sam ? OutputSink(std::string()) : OutputSink(outputs, options_.shared.output);
        if (output_ == AlignmentOutput::Tsv) {
            std::string header;
            align::append_tsv_header(header);
            sink.write(header);
        }
        const std::size_t failed = run_pairs(command(), options_.shared, run_, sink);
        if (sam_) sam_->close();
        sink.commit();
        outputs.commit();
        fail_if_pairs_failed(failed, "could not be aligned");
    }

  private:
    void say(const std::string& text) const { note(text, options_.shared.quiet); }

    PairCommand<PairAlignment> command() {
        PairCommand<PairAlignment> c;
        c.label = "tropic align";
        c.queries = {options_.files.query, [this] { return next_query(); },
                     [this] { return queries_in_->records_read(); }};
        c.targets = {options_.files.target, [this] { return next_target(); },
                     [this] { return targets_held_ ? next_held_ : targets_in_->records_read(); }};
        c.paired = options_.files.paired;
        c.chunk = options_.shared.chunk;
        c.compute = [this](const std::vector<PairJob>& jobs, const RunOptions& run) {
            return align_jobs(jobs, run);
        };
        if (!sam_)
            c.append_text = [this](std::string& out, const PairJob& job,
                                   const PairAlignment& alignment) {
                align::append_alignment(output_, out, *job.query, *job.target, alignment, params_,
                                        text_options_);
            };
        else
            c.write = [this](const PairJob& job, const PairAlignment& alignment) {
                sam_->write(align::sam_record(*job.query, *job.target, alignment, text_options_));
            };
        c.describe = [](const PairJob& job) {
            return fmt::format("align {} x {} ({} x {})", job.query->name, job.target->name,
                               job.query->residues.size(), job.target->residues.size());
        };
        return c;
    }

    std::optional<SequenceRecord> next_query() {
        std::optional<SequenceRecord> query = queries_in_->next();
        if (query && sam_)
            align::check_sam_query(*query, options_.files.query, queries_in_->records_read());
        return query;
    }

    std::optional<SequenceRecord> next_target() {
        if (!targets_held_) return targets_in_->next();
        if (next_held_ == held_targets_.size()) return std::nullopt;
        return std::move(held_targets_[next_held_++]);
    }

    std::vector<Outcome<PairAlignment>> align_jobs(const std::vector<PairJob>& jobs,
                                                   const RunOptions& run) {
        const EncodedPairs pairs = encode_pairs(jobs, alphabet_);
        return align::align_many(pairs.inputs, params_, run);
    }

    // E-values and bit scores need published Karlin-Altschul parameters, which exist for local
    // alignments only.
    void choose_statistics() {
        if (params_.mode != align::AlignMode::Local) {
            say(
                fmt::format("E-values and bit scores describe local alignments: blast6 "
                            "writes NA for them in {} mode",
                            align::mode_name(params_.mode)));
            return;
        }
        text_options_.statistics = align::karlin_altschul(params_.scoring);
        if (!text_options_.statistics)
            say(
                fmt::format("no published Karlin-Altschul parameters for {} with gap open {} "
                            "and extend {}: blast6 writes NA for the E-value and bit score "
                            "(docs/align.md lists the tables)",
                            params_.scoring.matrix.name, params_.scoring.gaps.open,
                            params_.scoring.gaps.extend));
    }

    // SAM's header declares every target: read them all now; next_target() hands them out later.
    void open_sam(OutputFiles& outputs) {
        std::vector<ReferenceSequence> references;
        while (auto target = targets_in_->next()) {
            references.push_back(
                {target->name, static_cast<std::int64_t>(target->residues.size())});
            held_targets_.push_back(std::move(*target));
        }
        AlignmentWriterOptions writer_options;
        writer_options.threads = options_.shared.threads;
        sam_ = std::make_unique<AlignmentWriter>(
            outputs, options_.shared.output.empty() ? "-" : options_.shared.output, "-o",
            align::sam_header(references, command_line(), options_.files.target), writer_options);
        targets_held_ = true;
    }

    const AlignOptions& options_;
    ThreadPool pool_;
    align::AlignParams params_;
    AlignmentOutput output_ = AlignmentOutput::Tsv;
    align::AlignmentTextOptions text_options_;
    Alphabet alphabet_ = Alphabet::Dna;
    RunOptions run_;
    std::unique_ptr<AlignInput> queries_in_, targets_in_;
    std::vector<SequenceRecord> held_targets_;  // SAM only: every target, for the header
    bool targets_held_ = false;
    std::size_t next_held_ = 0;
    std::unique_ptr<AlignmentWriter> sam_;
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
    add_pair_inputs(sub, options->files,
                    "Query FASTA/FASTQ, plain or gzip, held in memory; '-' is stdin",
                    "Target FASTA/FASTQ, streamed record by record (held in memory with "
                    "--format sam); '-' is stdin");
    add_mode_option(sub, options->mode);
    add_scoring_options(sub, options->scoring, "detected from the first records");
    sub->add_flag("--score-only", options->score_only,
                  "Scores and end positions only, no traceback (less memory and time); "
                  "--format tsv or json");
    add_cigar_m_flag(sub, options->cigar_m);
    sub->add_option("--format", options->format,
                    "Output layout: tsv, json (as --json), sam (-o FILE.bam: BAM), paf, blast6 "
                    "(BLAST -outfmt 6) or pair (EMBOSS-like, for reading)")
        ->check(one_of({"tsv", "json", "sam", "paf", "blast6", "pair"}))
        ->default_str("tsv")
        ->type_name("LAYOUT");
    add_run_options(sub, options->shared, kComputeOptions | Shared::Chunk);
    CLI::Option* chunk = sub->get_option("--chunk");
    return {sub, [options, chunk] {
                // A device takes short pairs in batches (align_many): give it large ones.
                if (chunk->count() == 0 && options->shared.backend != "cpu")
                    options->shared.chunk = ChunkLimits{}.records;
                AlignRun(*options).run();
            }};
}

}  // namespace tropic::cli
