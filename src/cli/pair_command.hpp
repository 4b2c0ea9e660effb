#pragma once
// The one way a command streams pairs of records through the library's pipeline
// (tropic/core/pipeline.hpp): align and rri (and the commands to come that compare records).
// Every query against every target, the queries held in memory and the targets read a chunk at a
// time, or with --pairs the i-th query with the i-th target. The pairs of a chunk go to the
// library's batch entry point in one call, target by target and within a target query by query,
// which is also the order of the output. A pair that fails is reported on stderr when its chunk
// is computed ("tropic: error: query 'a' against target 'b': ...") and has no result; the others
// are still written, and once the outputs are committed the run ends with exit code 2 saying how
// many failed (fail_if_pairs_failed). A bar counts the pairs done and, where the engine reports
// it, shows the large pair being computed.
#include <fmt/format.h>

#include <CLI/CLI.hpp>
#include <cstddef>
#include <functional>
#include <optional>
#include <string>
#include <utility>
#include <vector>

#include "cli/notices.hpp"
#include "cli/pair_progress.hpp"
#include "cli/progress_bar.hpp"
#include "cli/shared_options.hpp"
#include "tropic/core/error.hpp"
#include "tropic/core/outcome.hpp"
#include "tropic/core/output_sink.hpp"
#include "tropic/core/pipeline.hpp"
#include "tropic/core/record_chunks.hpp"
#include "tropic/core/sequence.hpp"

namespace tropic::cli {

// The two inputs of a command that compares records, as the command line names them.
struct PairFiles {
    std::string query, target;
    bool paired = false;  // --pairs
};

// Adds QUERY and TARGET (FILE, required) and --pairs to `command`.
void add_pair_inputs(CLI::App* command, PairFiles& files, const std::string& query_help,
                     const std::string& target_help);

// One pair of a chunk, and how messages name it: "query 'a' against target 'b'".
struct PairJob {
    const SequenceRecord* query = nullptr;
    const SequenceRecord* target = nullptr;
    std::string what;
};

// Where a command's records come from, as it reads them (alphabet, checks): the next record, or
// nullopt at the end; and how many it has handed out, for messages.
struct PairInput {
    std::string path;
    std::function<std::optional<SequenceRecord>()> next;
    std::function<std::size_t()> records_read;
};

template <class Result>
struct PairCommand {
    std::string label;  // the bar's label: "tropic align"
    PairInput queries, targets;
    bool paired = false;  // --pairs
    std::size_t chunk = 256;
    // One outcome per job, in order; the jobs of one call are one chunk's.
    std::function<std::vector<Outcome<Result>>(const std::vector<PairJob>&, const RunOptions&)>
        compute;
    // The text of one pair (may be empty when `write` writes the pairs).
    std::function<void(std::string& out, const PairJob&, const Result&)> append_text;
    // Optional: each pair with a result, on the calling thread, in order (SAM records).
    std::function<void(const PairJob&, const Result&)> write;
    // The large-pair bar's label: "align a x b (100 x 200)".
    std::function<std::string(const PairJob&)> describe;
};

namespace detail {

// The targets of one chunk and, with --pairs, their queries: the pipeline's items are the
// targets, each with its pairs.
struct PairChunk {
    std::vector<SequenceRecord> queries;  // --pairs only
    std::vector<SequenceRecord> targets;
};

template <class Result>
struct TargetPairs {
    std::vector<PairJob> jobs;
    std::vector<Outcome<Result>> outcomes;
};

}  // namespace detail

template <class Result>
class PairStream {
  public:
    PairStream(const PairCommand<Result>& command, const SharedOptions& shared, RunOptions run)
        : command_(command),
          run_(std::move(run)),
          progress_(command.label, 0, ProgressBar::wanted(shared.quiet), " pairs"),
          pair_progress_([this](std::size_t k) { return command_.describe((*jobs_)[k]); }) {
        if (ProgressBar::wanted(shared.quiet))
            run_.on_progress = [this](std::size_t pair, double fraction) {
                pair_progress_.update(pair, fraction);
            };
    }

    // Runs every pair into `sink` (the caller commits); returns how many pairs failed.
    std::size_t run(OutputSink& sink) {
        if (!command_.paired)
            while (auto query = command_.queries.next()) queries_.push_back(std::move(*query));
        PipelineSteps<detail::PairChunk, detail::TargetPairs<Result>> steps;
        steps.read = [this](detail::PairChunk& chunk) { return read(chunk); };
        steps.compute = [this](detail::PairChunk& chunk) { return compute(chunk); };
        steps.format = [this](std::string& out, const detail::PairChunk&, std::size_t,
                              const detail::TargetPairs<Result>& pairs) {
            if (!command_.append_text) return;
            for (std::size_t k = 0; k < pairs.jobs.size(); ++k)
                if (pairs.outcomes[k].ok())
                    command_.append_text(out, pairs.jobs[k], pairs.outcomes[k].result);
        };
        steps.chunk_done = [this](const detail::PairChunk&,
                                  const std::vector<detail::TargetPairs<Result>>& by_target) {
            for (const detail::TargetPairs<Result>& pairs : by_target) {
                if (command_.write)
                    for (std::size_t k = 0; k < pairs.jobs.size(); ++k)
                        if (pairs.outcomes[k].ok())
                            command_.write(pairs.jobs[k], pairs.outcomes[k].result);
                progress_.advance(pairs.jobs.size());
            }
        };
        run_pipeline(steps, sink, run_.pool);
        progress_.finish();
        return failed_;
    }

  private:
    // The next targets (with --pairs, and their queries), up to the chunk's records and residues;
    // false at the end of the input.
    bool read(detail::PairChunk& chunk) {
        chunk.queries.clear();
        chunk.targets.clear();
        std::size_t residues = 0;
        while (chunk.targets.size() < command_.chunk && residues < ChunkLimits{}.residues) {
            auto query = command_.paired ? command_.queries.next() : std::nullopt;
            auto target = command_.targets.next();
            if (command_.paired && query.has_value() != target.has_value()) {
                const PairInput& longer = query ? command_.queries : command_.targets;
                const PairInput& shorter = query ? command_.targets : command_.queries;
                throw InputError(fmt::format(
                    "--pairs: '{}' has more records than '{}' (record {} has no partner)",
                    longer.path, shorter.path, longer.records_read()));
            }
            if (!target) break;
            residues += target->residues.size();
            if (query) chunk.queries.push_back(std::move(*query));
            chunk.targets.push_back(std::move(*target));
        }
        return !chunk.targets.empty();
    }

    // The chunk's pairs in one call; those that failed are reported here, in input order.
    std::vector<detail::TargetPairs<Result>> compute(const detail::PairChunk& chunk) {
        std::vector<PairJob> jobs;
        for (std::size_t t = 0; t < chunk.targets.size(); ++t) {
            if (command_.paired)
                jobs.push_back(job(chunk.queries[t], chunk.targets[t]));
            else
                for (const SequenceRecord& query : queries_)
                    jobs.push_back(job(query, chunk.targets[t]));
        }
        jobs_ = &jobs;
        std::vector<Outcome<Result>> outcomes = command_.compute(jobs, run_);
        pair_progress_.reset();
        jobs_ = nullptr;
        if (outcomes.size() != jobs.size())
            throw InternalError(command_.label + ": a different number of results than pairs");
        std::vector<detail::TargetPairs<Result>> by_target(chunk.targets.size());
        const std::size_t per_target = command_.paired ? 1 : queries_.size();
        for (std::size_t k = 0; k < jobs.size(); ++k) {
            if (!outcomes[k].ok()) {
                report_error(outcomes[k].error);
                ++failed_;
            }
            detail::TargetPairs<Result>& pairs = by_target[k / per_target];
            pairs.jobs.push_back(std::move(jobs[k]));
            pairs.outcomes.push_back(std::move(outcomes[k]));
        }
        return by_target;
    }

    static PairJob job(const SequenceRecord& query, const SequenceRecord& target) {
        return {&query, &target,
                fmt::format("query '{}' against target '{}'", query.name, target.name)};
    }

    const PairCommand<Result>& command_;
    RunOptions run_;
    ProgressBar progress_;                 // pairs done, shown between the bars of large pairs
    std::vector<SequenceRecord> queries_;  // every query, unless --pairs
    std::size_t failed_ = 0;
    const std::vector<PairJob>* jobs_ = nullptr;  // the pairs being computed
    PairProgress pair_progress_;                  // a bar for a pair computed on every thread
};

// Runs `command` into `sink` (the caller commits); returns how many pairs failed.
template <class Result>
[[nodiscard]] std::size_t run_pairs(const PairCommand<Result>& command, const SharedOptions& shared,
                                    const RunOptions& run, OutputSink& sink) {
    return PairStream<Result>(command, shared, run).run(sink);
}

// Ends a run whose outputs are committed with exit code 2 when pairs failed: "3 pair(s) could not
// be aligned and have no result; the others were written" (`what`: "could not be aligned").
inline void fail_if_pairs_failed(std::size_t failed, std::string_view what) {
    if (failed > 0)
        throw ResourceError(
            fmt::format("{} pair(s) {} and have no result; the others were written", failed, what));
}

}  // namespace tropic::cli
