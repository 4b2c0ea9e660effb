// `tropic rri`: RNA-RNA interaction (BPMax) of every query against every target, or of records
// paired in order (--pairs). Queries are held in memory; targets stream in chunks of records.
// Within a chunk, small pairs run side by side (one per thread, the engine on its calling thread)
// and large ones one at a time on every thread; results are written in input order. A pair whose
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
#include "cli/input_checks.hpp"
#include "cli/memory_size.hpp"
#include "tropic/core/alphabet.hpp"
#include "tropic/core/device.hpp"
#include "tropic/core/error.hpp"
#include "tropic/core/memory.hpp"
#include "tropic/core/output_sink.hpp"
#include "tropic/core/progress.hpp"
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
    std::string backend = "auto";
    unsigned threads = 0;
    int device = 0;
    std::string max_memory;
    std::string output;
    bool json = false;
    bool quiet = false;
};

// The next record of `reader`, checked to have residues; nullopt at the end of input.
std::optional<SequenceRecord> next_record(SequenceReader& reader) {
    std::optional<SequenceRecord> record = reader.next();
    if (record && record->residues.empty())
        throw InputError(fmt::format("{}: record {} ('{}'): empty sequence", reader.path(),
                                     reader.records_read(), record->name));
    return record;
}

class RriRun {
  public:
    explicit RriRun(const RriOptions& options)
        : options_(options),
          sink_(options.output),
          pool_(options.threads),
          show_progress_(ProgressBar::wanted(options.quiet)),
          scan_progress_("tropic rri", 0, show_progress_, " pairs") {
        params_.weights = rna::BpmaxWeights::parse(options.weights);
        params_.window1 = options.window1;
        params_.window2 = options.window2;
        params_.top = options.top;
        rna::validate(params_);
        // cuda fills every pair on the GPU; auto sends the pairs whose double reduction is large
        // enough to pay for the transfers there (interact_bpmax decides) and keeps the rest on
        // the CPU.
        const Backend backend = parse_backend(options.backend);
        check_backend_available(backend, options.device);
        engine_.backend = backend;
        engine_.device = options.device;
        engine_.pool = &pool_;
        engine_.max_memory = options.max_memory.empty()
                                 ? available_host_memory()
                                 : parse_memory_size(options.max_memory, "--max-memory");
    }

    void run() {
        check_inputs_readable({options_.query, options_.target});
        if (options_.pairs)
            run_pairs();
        else
            run_all_against_all();
        scan_progress_.finish();
        sink_.commit();
        if (skipped_ > 0)
            throw ResourceError(fmt::format(
                "{} pair(s) did not fit in memory and have no result; the others were written",
                skipped_));
    }

  private:
    // One pair of a chunk and what it gave: its formatted result, or a resource error.
    struct PairJob {
        const SequenceRecord* query;
        const SequenceRecord* target;
        std::string output;
        std::string error;
    };

    // Targets (and, with --pairs, queries) are read this many records at a time.
    static constexpr std::size_t kChunkRecords = 256;
    // Pairs with less work than this run whole on one thread each, many at once; larger ones run
    // one at a time on every thread (the engine's products have too little work to share below).
    static constexpr double kSmallPairSteps = 2e9;
    static constexpr std::size_t kGpuLanes = 4;

    void run_pairs() {
        SequenceReader queries(options_.query), targets(options_.target);
        std::vector<SequenceRecord> chunk_queries, chunk_targets;
        for (bool more = true; more;) {
            chunk_queries.clear();
            chunk_targets.clear();
            while (chunk_targets.size() < kChunkRecords) {
                auto query = next_record(queries);
                auto target = next_record(targets);
                if (query && target) {
                    chunk_queries.push_back(std::move(*query));
                    chunk_targets.push_back(std::move(*target));
                } else if (query || target) {
                    throw InputError(fmt::format(
                        "--pairs: '{}' has more records than '{}' (record {} has no partner)",
                        query ? queries.path() : targets.path(),
                        query ? targets.path() : queries.path(),
                        query ? queries.records_read() : targets.records_read()));
                } else {
                    more = false;
                    break;
                }
            }
            std::vector<PairJob> jobs;
            for (std::size_t k = 0; k < chunk_targets.size(); ++k)
                jobs.push_back({&chunk_queries[k], &chunk_targets[k], {}, {}});
            run_jobs(jobs);
        }
    }

    void run_all_against_all() {
        std::vector<SequenceRecord> queries;
        {
            SequenceReader reader(options_.query);
            while (auto record = next_record(reader)) queries.push_back(std::move(*record));
        }
        SequenceReader targets(options_.target);
        std::vector<SequenceRecord> chunk;
        for (bool more = true; more;) {
            chunk.clear();
            while (chunk.size() < kChunkRecords) {
                auto target = next_record(targets);
                if (!target) {
                    more = false;
                    break;
                }
                chunk.push_back(std::move(*target));
            }
            std::vector<PairJob> jobs;
            for (const SequenceRecord& target : chunk)
                for (const SequenceRecord& query : queries)
                    jobs.push_back({&query, &target, {}, {}});
            run_jobs(jobs);
        }
    }

    // Pairs for the GPU a few at a time (each on its own host thread and CUDA stream, so that the
    // launches and host work of small targets overlap); small CPU pairs in parallel, one per
    // thread; the others one at a time with all threads. Results and errors go out in input order.
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
        for (const PairJob& job : jobs) {
            if (!job.error.empty()) {
                std::fprintf(stderr, "tropic: error: %s\n", job.error.c_str());
                ++skipped_;
            } else {
                sink_.write(job.output);
            }
        }
        sink_.flush();
        scan_progress_.advance(jobs.size());
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
        if (options_.json)
            rna::append_bpmax_json(job.output, query, target, result, params_.weights);
        else
            rna::append_bpmax_text(job.output, query, target, result, params_.weights);
    }

    const RriOptions& options_;
    OutputSink sink_;
    ThreadPool pool_;
    rna::BpmaxParams params_;
    rna::BpmaxOptions engine_;
    bool show_progress_;
    ProgressBar scan_progress_;  // pairs done, shown between the bars of large pairs
    std::size_t skipped_ = 0;
};

}  // namespace

Command add_rri_command(CLI::App& app) {
    auto options = std::make_shared<RriOptions>();
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
    sub->add_option("--backend", options->backend,
                    "Where the double reduction runs: auto (the CPU for now), cpu or cuda")
        ->check(CLI::IsMember({"auto", "cpu", "cuda"}));
    sub->add_option("--threads", options->threads, "CPU threads; 0 uses all cores")
        ->check(CLI::NonNegativeNumber);
    sub->add_option("--device", options->device, "CUDA device index")
        ->check(CLI::NonNegativeNumber);
    sub->add_option("--max-memory", options->max_memory,
                    "Memory a pair's tables may take, e.g. 8G or 512M; 0 for no limit; default: "
                    "the memory available now");
    sub->add_option("-o,--output", options->output,
                    "Write results to FILE (atomically; also when some pairs did not fit); default "
                    "stdout");
    sub->add_flag("--json", options->json, "Print one JSON object per pair and line");
    sub->add_flag("-q,--quiet", options->quiet, "No progress bar");
    return {sub, [options] { RriRun(*options).run(); }};
}

}  // namespace tropic::cli
