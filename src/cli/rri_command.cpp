// `tropic rri`: RNA-RNA interaction (BPMax) of every query against every target, or of records
// paired in order (--pairs). Queries are held in memory; targets stream through the library's
// pipeline (tropic/core/pipeline.hpp) in chunks of records; each chunk's pairs go to
// interact_bpmax_many, which places and schedules them; results are written in input order. A pair
// whose tables do not fit the memory limit is reported on stderr and skipped; the other results are
// still written (and -o still committed), and the run ends with exit code 2.
#include <fmt/format.h>

#include <algorithm>
#include <cstdio>
#include <map>
#include <memory>
#include <optional>
#include <string>
#include <vector>

#include "cli/commands.hpp"
#include "cli/input_checks.hpp"
#include "cli/pair_progress.hpp"
#include "cli/progress_bar.hpp"
#include "cli/shared_options.hpp"
#include "tropic/core/alphabet.hpp"
#include "tropic/core/device.hpp"
#include "tropic/core/error.hpp"
#include "tropic/core/outcome.hpp"
#include "tropic/core/output_sink.hpp"
#include "tropic/core/pipeline.hpp"
#include "tropic/core/record_chunks.hpp"
#include "tropic/core/sequence_reader.hpp"
#include "tropic/core/thread_pool.hpp"
#include "tropic/rna/bpmax.hpp"
#include "tropic/rna/bpmax_writer.hpp"

namespace tropic::cli {

namespace {

struct RriOptions {
    std::string query, target;
    bool pairs = false;
    std::string model = "bpmax";
    std::string weights = "GC=3,AU=1,GU=1.5";
    std::size_t window1 = 0, window2 = 0, top = 1;
    SharedOptions shared;
};

// The next record of `reader`, checked to have residues; nullopt at the end of input.
std::optional<SequenceRecord> next_record(SequenceReader& reader) {
    std::optional<SequenceRecord> record = reader.next();
    if (record && record->residues.empty())
        throw InputError(fmt::format("{}: record {} ('{}'): empty sequence", reader.path(),
                                     reader.records_read(), record->name));
    return record;
}

// A chunk of targets and, with --pairs, the query of each: the pipeline's items are the targets.
struct RriChunk {
    std::vector<SequenceRecord> queries;  // --pairs only
    std::vector<SequenceRecord> targets;
};

class RriRun {
  public:
    explicit RriRun(const RriOptions& options)
        : options_(options),
          sink_(options.shared.output),
          pool_(options.shared.threads),
          show_progress_(ProgressBar::wanted(options.shared.quiet)),
          scan_progress_("tropic rri", 0, show_progress_, " pairs") {
        params_.weights = rna::BpmaxWeights::parse(options.weights);
        params_.window1 = options.window1;
        params_.window2 = options.window2;
        params_.top = options.top;
        rna::validate(params_);
        // cuda fills every pair on the GPU; auto sends the pairs whose double reduction is large
        // enough to pay for the transfers there (interact_bpmax_many decides) and keeps the rest
        // on the CPU.
        run_ = make_run_options(options.shared, pool_);
        if (show_progress_)
            run_.on_progress = [this](std::size_t pair, double fraction) {
                pair_progress_.update(pair, fraction);
            };
    }

    void run() {
        check_inputs_readable({options_.query, options_.target});
        if (options_.pairs) {
            queries_reader_ = std::make_unique<SequenceReader>(options_.query);
        } else {
            SequenceReader reader(options_.query);
            while (auto record = next_record(reader)) queries_.push_back(std::move(*record));
        }
        targets_reader_ = std::make_unique<SequenceReader>(options_.target);
        PipelineSteps<RriChunk, std::vector<PairJob>> steps;
        steps.read = [this](RriChunk& chunk) { return read(chunk); };
        steps.compute = [this](RriChunk& chunk) { return compute(chunk); };
        steps.format = [this](std::string& out, const RriChunk&, std::size_t,
                              const std::vector<PairJob>& jobs) {
            for (const PairJob& job : jobs) format(out, job);
        };
        steps.chunk_done = [this](const RriChunk&, const std::vector<std::vector<PairJob>>& jobs) {
            for (const auto& of_target : jobs) scan_progress_.advance(of_target.size());
        };
        run_pipeline(steps, sink_, &pool_);
        scan_progress_.finish();
        sink_.commit();
        if (skipped_ > 0)
            throw ResourceError(fmt::format(
                "{} pair(s) did not fit in memory and have no result; the others were written",
                skipped_));
    }

  private:
    // One pair of a chunk and what it gave: its sites, or a resource error.
    struct PairJob {
        const SequenceRecord* query;
        const SequenceRecord* target;
        rna::BpmaxResult result;
        std::string error;
    };

    // The next targets (with --pairs, and their queries), up to --chunk records and the residues
    // of a chunk; false at the end of the input.
    bool read(RriChunk& chunk) {
        chunk.queries.clear();
        chunk.targets.clear();
        std::size_t residues = 0;
        while (chunk.targets.size() < options_.shared.chunk && residues < ChunkLimits{}.residues) {
            auto query = queries_reader_ ? next_record(*queries_reader_) : std::nullopt;
            auto target = next_record(*targets_reader_);
            if (queries_reader_ && query.has_value() != target.has_value()) {
                const SequenceReader& longer = query ? *queries_reader_ : *targets_reader_;
                const SequenceReader& shorter = query ? *targets_reader_ : *queries_reader_;
                throw InputError(fmt::format(
                    "--pairs: '{}' has more records than '{}' (record {} has no partner)",
                    longer.path(), shorter.path(), longer.records_read()));
            }
            if (!target) break;
            residues += target->residues.size();
            if (query) chunk.queries.push_back(std::move(*query));
            chunk.targets.push_back(std::move(*target));
        }
        return !chunk.targets.empty();
    }

    // The chunk's pairs, target by target and within a target query by query, computed by
    // run_jobs; the pairs that did not fit are reported here, in input order.
    std::vector<std::vector<PairJob>> compute(const RriChunk& chunk) {
        std::vector<PairJob> jobs;
        for (std::size_t t = 0; t < chunk.targets.size(); ++t) {
            if (options_.pairs)
                jobs.push_back({&chunk.queries[t], &chunk.targets[t], {}, {}});
            else
                for (const SequenceRecord& query : queries_)
                    jobs.push_back({&query, &chunk.targets[t], {}, {}});
        }
        run_jobs(jobs);
        std::vector<std::vector<PairJob>> by_target(chunk.targets.size());
        const std::size_t per_target = options_.pairs ? 1 : queries_.size();
        for (std::size_t k = 0; k < jobs.size(); ++k) {
            if (!jobs[k].error.empty()) {
                std::fprintf(stderr, "tropic: error: %s\n", jobs[k].error.c_str());
                ++skipped_;
            }
            by_target[k / per_target].push_back(std::move(jobs[k]));
        }
        return by_target;
    }

    void format(std::string& out, const PairJob& job) const {
        if (!job.error.empty()) return;
        if (options_.shared.json)
            rna::append_bpmax_json(out, *job.query, *job.target, job.result, params_.weights);
        else
            rna::append_bpmax_text(out, *job.query, *job.target, job.result, params_.weights);
    }

    // The chunk's pairs through interact_bpmax_many; each job keeps its result or its error.
    void run_jobs(std::vector<PairJob>& jobs) {
        std::map<const SequenceRecord*, std::vector<std::uint8_t>> encoded;
        for (const PairJob& job : jobs)
            for (const SequenceRecord* record : {job.query, job.target})
                if (!encoded.count(record)) encoded[record] = encode_rna(record->residues);
        std::vector<rna::BpmaxPairInput> pairs;
        pairs.reserve(jobs.size());
        for (const PairJob& job : jobs)
            pairs.push_back(
                {encoded[job.query], encoded[job.target],
                 fmt::format("query '{}' against target '{}'", job.query->name, job.target->name)});
        jobs_ = &jobs;
        std::vector<Outcome<rna::BpmaxResult>> outcomes =
            rna::interact_bpmax_many(pairs, params_, run_);
        pair_progress_.reset();
        jobs_ = nullptr;
        for (std::size_t k = 0; k < jobs.size(); ++k) {
            // A pair that does not fit is skipped (compute reports it); any other failure stops
            // the run, naming the pair.
            if (outcomes[k].code != ExitCode::Resource)
                outcomes[k].rethrow_error(pairs[k].name + ": ");
            jobs[k].result = std::move(outcomes[k].result);
            jobs[k].error = std::move(outcomes[k].error);
        }
    }

    const RriOptions& options_;
    OutputSink sink_;
    ThreadPool pool_;
    rna::BpmaxParams params_;
    RunOptions run_;
    bool show_progress_;
    ProgressBar scan_progress_;            // pairs done, shown between the bars of large pairs
    std::vector<SequenceRecord> queries_;  // every query, unless --pairs
    std::unique_ptr<SequenceReader> queries_reader_;  // --pairs only
    std::unique_ptr<SequenceReader> targets_reader_;
    std::size_t skipped_ = 0;
    const std::vector<PairJob>* jobs_ = nullptr;  // the pairs being computed
    // A bar for a pair computed on every thread (only those report).
    PairProgress pair_progress_{[this](std::size_t pair) {
        const SequenceRecord &query = *(*jobs_)[pair].query, &target = *(*jobs_)[pair].target;
        return fmt::format("rri {}&{} ({} x {} nt)", query.name, target.name, query.residues.size(),
                           target.residues.size());
    }};
};

}  // namespace

Command add_rri_command(CLI::App& app) {
    auto options = std::make_shared<RriOptions>();
    // Targets stream a few hundred at a time: a pair costs far more than a fold, and results
    // should show while a long list of targets runs.
    options->shared.chunk = 256;
    auto* sub = app.add_subcommand(
        "rri",
        "RNA-RNA interaction by weighted base-pair maximisation (BPMax): the joint structure of "
        "every query against every target, with intra- and inter-molecular pairs");
    sub->add_option("query", options->query,
                    "Query FASTA/FASTQ (strand 1), plain or gzip; '-' is stdin")
        ->required();
    sub->add_option(
           "target", options->target,
           "Target FASTA/FASTQ (strand 2, 5'->3'), streamed record by record; '-' is stdin")
        ->required();
    sub->add_flag("--pairs", options->pairs,
                  "Pair the records of the two files in order instead of every query against every "
                  "target");
    sub->add_option("--model", options->model, "Interaction model: bpmax")
        ->check(CLI::IsMember({"bpmax"}));
    sub->add_option("--weights", options->weights,
                    "Pair weights for intra- and inter-molecular pairs, e.g. GC=3,AU=1,GU=1.5 (any "
                    "subset; at most two decimals; 0 forbids a pair)");
    sub->add_option("--window1", options->window1,
                    "Longest query stretch of a site (0: the whole query)")
        ->check(CLI::NonNegativeNumber);
    sub->add_option("--window2", options->window2,
                    "Longest target stretch of a site (0: the whole target)")
        ->check(CLI::NonNegativeNumber);
    sub->add_option("--top", options->top, "Report the K best non-overlapping sites per pair")
        ->check(CLI::PositiveNumber);
    add_run_options(sub, options->shared, kComputeOptions | Shared::Chunk);
    return {sub, [options] { RriRun(*options).run(); }};
}

}  // namespace tropic::cli
