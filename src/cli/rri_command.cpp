// `tropic rri`: RNA-RNA interaction (BPMax) of every query against every target, or of records
// paired in order (--pairs). Queries are held in memory; targets stream through the library's
// pipeline (tropic/core/pipeline.hpp) in chunks of records, each chunk's pairs computed by
// run_jobs: small pairs side by side (one per thread, the engine on its calling thread) and
// large ones one at a time on every thread; results are written in input order. A pair whose
// tables do not fit the memory limit is reported on stderr and skipped; the other results are
// still written (and -o still committed), and the run ends with exit code 2.
#include <fmt/format.h>

#include <algorithm>
#include <cstdio>
#include <memory>
#include <optional>
#include <string>
#include <vector>

#include "cli/commands.hpp"
#include "cli/engine_options.hpp"
#include "cli/input_checks.hpp"
#include "cli/shared_options.hpp"
#include "tropic/core/alphabet.hpp"
#include "tropic/core/device.hpp"
#include "tropic/core/error.hpp"
#include "tropic/core/output_sink.hpp"
#include "tropic/core/pipeline.hpp"
#include "tropic/core/progress.hpp"
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
        // enough to pay for the transfers there (interact_bpmax decides) and keeps the rest on
        // the CPU.
        engine_ = bpmax_options(make_run_options(options.shared, pool_));
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

    // Pairs with less work than this run whole on one thread each, many at once; larger ones run
    // one at a time on every thread (the engine's products have too little work to share below).
    static constexpr double kSmallPairSteps = 2e9;
    static constexpr std::size_t kGpuLanes = 4;

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

    // Pairs for the GPU a few at a time (each on its own host thread and CUDA stream, so that the
    // launches and host work of small targets overlap); small CPU pairs in parallel, one per
    // thread; the others one at a time with all threads. Each job keeps its result or its error.
    void run_jobs(std::vector<PairJob>& jobs) {
        std::vector<std::size_t> gpu, together, alone;
        std::size_t largest_gpu_bytes = 0;
        for (std::size_t k = 0; k < jobs.size(); ++k) {
            const std::size_t n1 = jobs[k].query->residues.size();
            const std::size_t n2 = jobs[k].target->residues.size();
            if (rna::bpmax_on_gpu(n1, n2, params_, engine_)) {
                gpu.push_back(k);
                largest_gpu_bytes =
                    std::max(largest_gpu_bytes, rna::bpmax_device_bytes(n1, n2, params_));
                continue;
            }
            const std::size_t bytes = rna::bpmax_memory_bytes(n1, n2, params_, 1);
            const bool fits_per_thread =
                engine_.max_memory == 0 || bytes <= engine_.max_memory / pool_.size();
            const bool small = rna::bpmax_steps(n1, n2, params_) < kSmallPairSteps;
            (pool_.size() > 1 && small && fits_per_thread ? together : alone).push_back(k);
        }
        const std::size_t lanes = gpu_lanes(gpu.size(), largest_gpu_bytes);
        if (lanes > 1) {
            pool_.parallel_for(0, lanes, [&](std::size_t lane) {
                for (std::size_t k = lane; k < gpu.size(); k += lanes) solve(jobs[gpu[k]], nullptr);
            });
        } else {
            for (std::size_t k : gpu) solve(jobs[k], &pool_);
        }
        pool_.parallel_for(0, together.size(),
                           [&](std::size_t k) { solve(jobs[together[k]], nullptr); });
        for (std::size_t k : alone) solve(jobs[k], &pool_);
    }

    // How many GPU pairs run at once: up to kGpuLanes, as many as threads, and only as many as
    // the device's free memory holds at the chunk's largest pair.
    std::size_t gpu_lanes(std::size_t pairs, std::size_t largest_bytes) const {
        std::size_t lanes = std::min({kGpuLanes, pairs, std::size_t(pool_.size())});
        if (lanes <= 1 || largest_bytes == 0) return lanes;
        const auto device = query_device(engine_.device);
        const std::size_t free_bytes = device ? device->free_memory : 0;
        return std::max<std::size_t>(1, std::min(lanes, free_bytes / largest_bytes));
    }

    // One pair on `pool` (nullptr: the calling thread only). A pair computed on every thread
    // shows its own progress bar.
    void solve(PairJob& job, ThreadPool* pool) {
        const SequenceRecord &query = *job.query, &target = *job.target;
        const std::string name =
            fmt::format("query '{}' against target '{}'", query.name, target.name);
        const std::size_t n1 = query.residues.size(), n2 = target.residues.size();
        rna::BpmaxOptions engine = engine_;
        engine.pool = pool;
        engine.pair_name = name;
        std::optional<ProgressBar> bar;
        std::uint64_t shown = 0;
        if (pool != nullptr) {
            bar.emplace(fmt::format("rri {}&{} ({} x {} nt)", query.name, target.name, n1, n2),
                        1000, show_progress_, "\u2030");
            engine.on_progress = [&](double fraction) {
                const auto permille =
                    static_cast<std::uint64_t>(std::clamp(fraction, 0.0, 1.0) * 1000);
                if (permille > shown) bar->advance(permille - shown);
                shown = std::max(shown, permille);
            };
        }
        // A pair that does not fit (host memory on the CPU path, device memory on the GPU path;
        // interact_bpmax checks before allocating) is reported and skipped; the others go on.
        rna::BpmaxResult result;
        try {
            result = rna::interact_bpmax(encode_rna(query.residues), encode_rna(target.residues),
                                         params_, engine);
        } catch (const ResourceError& e) {
            job.error = e.what();
            return;
        }
        if (bar) bar->finish();
        job.result = std::move(result);
    }

    const RriOptions& options_;
    OutputSink sink_;
    ThreadPool pool_;
    rna::BpmaxParams params_;
    rna::BpmaxOptions engine_;
    bool show_progress_;
    ProgressBar scan_progress_;            // pairs done, shown between the bars of large pairs
    std::vector<SequenceRecord> queries_;  // every query, unless --pairs
    std::unique_ptr<SequenceReader> queries_reader_;  // --pairs only
    std::unique_ptr<SequenceReader> targets_reader_;
    std::size_t skipped_ = 0;
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
    add_run_options(sub, options->shared, Streaming::Yes);
    return {sub, [options] { RriRun(*options).run(); }};
}

}  // namespace tropic::cli
