// `tropic syntenic`: global alignment with difference blocks (Huang and Chao) of every query
// against every target, or of records paired in order (--pairs), streamed by the command kit's
// pair runner (pair_command.hpp) into align::syntenic_many, with align's inputs, alphabet
// detection and scoring; results are written in input order by the library's writers
// (tropic/align/syntenic_writer.hpp).
#include <fmt/format.h>

#include <memory>
#include <optional>
#include <string>
#include <vector>

#include "cli/align_inputs.hpp"
#include "cli/align_output.hpp"
#include "cli/align_scoring.hpp"
#include "cli/commands.hpp"
#include "cli/notices.hpp"
#include "cli/option_checks.hpp"
#include "cli/pair_command.hpp"
#include "tropic/align/syntenic.hpp"
#include "tropic/align/syntenic_writer.hpp"
#include "tropic/core/error.hpp"
#include "tropic/core/input_files.hpp"
#include "tropic/core/output_files.hpp"
#include "tropic/core/output_sink.hpp"
#include "tropic/core/thread_pool.hpp"

namespace tropic::cli {

namespace {

using align::SyntenicAlignment;
using align::SyntenicOutput;

struct SyntenicOptions {
    PairFiles files;
    ScoringOptions scoring;
    std::int32_t block_cost = align::SyntenicParams{}.block_cost;
    std::string block_ends = "free";
    bool score_only = false;
    std::optional<std::string> format;  // default: tsv
    SharedOptions shared;
};

// The layout the options ask for; throws InputError for contradicting ones.
SyntenicOutput chosen_output(const SyntenicOptions& o) {
    const SyntenicOutput output = with_json(
        o.format, o.format ? *align::parse_syntenic_output(*o.format) : SyntenicOutput::Tsv,
        SyntenicOutput::Json, o.shared);
    if (o.score_only && output != SyntenicOutput::Tsv && output != SyntenicOutput::Json)
        throw InputError(fmt::format(
            "--score-only computes scores only, without the segments that --format {} needs: "
            "use --format tsv or json",
            align::output_name(output)));
    return output;
}

class SyntenicRun {
  public:
    explicit SyntenicRun(const SyntenicOptions& options)
        : options_(options), pool_(options.shared.threads) {
        params_.score_only = options.score_only;
        params_.block_cost = options.block_cost;
        params_.block_ends = *align::parse_block_ends(options.block_ends);
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

        OutputFiles outputs;
        OutputSink sink(outputs, options_.shared.output);
        if (output_ == SyntenicOutput::Tsv) {
            std::string header;
            align::append_syntenic_tsv_header(header);
            sink.write(header);
        }
        const std::size_t failed = run_pairs(command(), options_.shared, run_, sink);
        sink.commit();
        outputs.commit();
        fail_if_pairs_failed(failed, "could not be aligned");
    }

  private:
    PairCommand<SyntenicAlignment> command() {
        PairCommand<SyntenicAlignment> c;
        c.label = "tropic syntenic";
        c.queries = {options_.files.query, [this] { return queries_in_->next(); },
                     [this] { return queries_in_->records_read(); }};
        c.targets = {options_.files.target, [this] { return targets_in_->next(); },
                     [this] { return targets_in_->records_read(); }};
        c.paired = options_.files.paired;
        c.chunk = options_.shared.chunk;
        c.compute = [this](const std::vector<PairJob>& jobs, const RunOptions& run) {
            return align_jobs(jobs, run);
        };
        c.append_text = [this](std::string& out, const PairJob& job,
                               const SyntenicAlignment& alignment) {
            align::append_syntenic(output_, out, *job.query, *job.target, alignment, params_);
        };
        c.describe = [](const PairJob& job) {
            return fmt::format("syntenic {} x {} ({} x {})", job.query->name, job.target->name,
                               job.query->residues.size(), job.target->residues.size());
        };
        return c;
    }

    std::vector<Outcome<SyntenicAlignment>> align_jobs(const std::vector<PairJob>& jobs,
                                                       const RunOptions& run) {
        const EncodedPairs pairs = encode_pairs(jobs, alphabet_);
        return align::syntenic_many(pairs.inputs, params_, run);
    }

    const SyntenicOptions& options_;
    ThreadPool pool_;
    align::SyntenicParams params_;
    SyntenicOutput output_ = SyntenicOutput::Tsv;
    Alphabet alphabet_ = Alphabet::Dna;
    RunOptions run_;
    std::unique_ptr<AlignInput> queries_in_, targets_in_;
};

}  // namespace

Command add_syntenic_command(CLI::App& app) {
    auto options = std::make_shared<SyntenicOptions>();
    options->shared.chunk = 256;
    auto* sub = app.add_subcommand(
        "syntenic",
        "Global alignment with difference blocks (Huang-Chao syntenic alignment) of every query "
        "against every target, DNA or protein, on all threads");
    add_pair_inputs(sub, options->files,
                    "Query FASTA/FASTQ, plain or gzip, held in memory; '-' is stdin",
                    "Target FASTA/FASTQ, streamed record by record; '-' is stdin");
    add_scoring_options(sub, options->scoring, "detected from the first records");
    sub->add_option("--block", options->block_cost,
                    "Cost d of a difference block, whatever its lengths (one side may be empty)")
        ->check(between(0, 1000000))
        ->type_name("D");
    sub->add_option("--block-ends", options->block_ends,
                    "free: a block at either end costs d like any other; charged: d is also "
                    "charged when the alignment does not start with a block and again when it "
                    "does not end with one")
        ->check(one_of({"free", "charged"}))
        ->type_name("RULE");
    sub->add_flag("--score-only", options->score_only,
                  "Scores only, no traceback (less memory and time); --format tsv or json");
    sub->add_option("--format", options->format,
                    "Output layout: tsv (a line per segment), json (as --json), paf (a line per "
                    "aligned segment) or pair (for reading, blocks marked)")
        ->check(one_of({"tsv", "json", "paf", "pair"}))
        ->default_str("tsv")
        ->type_name("LAYOUT");
    add_run_options(sub, options->shared,
                    kComputeOptions | Shared::Chunk | Shared::OneDeviceProblem);
    return {sub, [options] { SyntenicRun(*options).run(); }};
}

}  // namespace tropic::cli
