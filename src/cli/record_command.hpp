#pragma once
// The one way a command streams records through the library's pipeline (tropic/core/pipeline.hpp):
// fold in each of its variants, eval and subopt (and the commands to come that compute one
// result per record). A chunk of records is read while the previous one computes; the command
// computes one outcome per record; the first record that failed stops the run, named as the
// readers name it ("FILE: record N ('name'): ...") with its error's exit code; the results are
// formatted in parallel as text or JSON and written in input order; a progress bar counts records
// and residues (and, where the engine reports it, shows the long record being computed).
#include <CLI/CLI.hpp>
#include <cstddef>
#include <functional>
#include <string>
#include <utility>
#include <vector>

#include "cli/progress_bar.hpp"
#include "cli/record_input.hpp"
#include "cli/record_progress.hpp"
#include "cli/shared_options.hpp"
#include "tropic/core/error.hpp"
#include "tropic/core/outcome.hpp"
#include "tropic/core/output_sink.hpp"
#include "tropic/core/pipeline.hpp"
#include "tropic/core/record_chunks.hpp"
#include "tropic/core/run_options.hpp"

namespace tropic::cli {

// Adds the command's input files (none or '-': stdin); `what` says what they hold ("FASTA or
// FASTQ files").
void add_record_inputs(CLI::App* command, std::vector<std::string>& inputs,
                       const std::string& what);

template <class Record, class Result>
struct RecordCommand {
    using Chunk = RecordChunk<Record>;

    // The progress bar's label: "tropic fold".
    std::string label;
    // One outcome per record of the chunk, in order. `run` is the command's RunOptions, with
    // on_progress feeding the long-record bar when there is one.
    std::function<std::vector<Outcome<Result>>(const Chunk&, const RunOptions& run)> compute;
    // A record's result in the classic tool's layout, and as one JSON line.
    std::function<void(std::string&out, const Record&, const Result&)> append_text, append_json;
    // Optional: after a chunk's text is with the writer, on the calling thread (side outputs such
    // as a pair table or pictures).
    std::function<void(const Chunk&, const std::vector<Result>&)> chunk_done;
    // The verb of a bar for the long record being computed, from the engine's per-record
    // progress ("folding"); empty: none.
    std::string record_verb;
};

// Runs `command` over every record of `chunks`, writing to `sink` (the caller commits).
template <class Reader, class Record, class Result>
void run_records(const RecordCommand<Record, Result>& command, InputChunks<Reader, Record>& chunks,
                 const SharedOptions& shared, const RunOptions& run, OutputSink& sink) {
    using Chunk = RecordChunk<Record>;
    const bool bars = ProgressBar::wanted(shared.quiet);
    ProgressBar progress(command.label, 0, bars, " records", "nt");
    RecordProgress long_record(command.record_verb, bars && !command.record_verb.empty());
    PipelineSteps<Chunk, Result> steps;
    steps.read = [&](Chunk& chunk) { return chunks.next(chunk); };
    steps.compute = [&](Chunk& chunk) {
        RunOptions chunk_run = run;
        chunk_run.on_progress = long_record.for_records(chunk.records);
        std::vector<Outcome<Result>> outcomes = command.compute(chunk, chunk_run);
        long_record.finish();
        if (outcomes.size() != chunk.records.size())
            throw InternalError(command.label + ": a different number of results than records");
        std::vector<Result> results;
        results.reserve(outcomes.size());
        for (std::size_t k = 0; k < outcomes.size(); ++k) {
            outcomes[k].rethrow_error(chunk.where(k) + ": ");
            results.push_back(std::move(outcomes[k].result));
        }
        return results;
    };
    steps.format = [&command, json = shared.json](std::string& out, const Chunk& chunk,
                                                  std::size_t item, const Result& result) {
        (json ? command.append_json : command.append_text)(out, chunk.records[item], result);
    };
    steps.chunk_done = [&](const Chunk& chunk, const std::vector<Result>& results) {
        if (command.chunk_done) command.chunk_done(chunk, results);
        progress.advance(chunk.records.size(), residue_count(chunk.records));
    };
    run_pipeline(steps, sink, run.pool);
    progress.finish();
}

}  // namespace tropic::cli
