// `tropic rri`: RNA-RNA interaction (BPMax) of every query against every target, or of records
// paired in order (--pairs), streamed by the command kit's pair runner (pair_command.hpp): each
// chunk's pairs go to interact_bpmax_many, which places and schedules them; results are written
// in input order. A pair whose tables do not fit the memory limit is reported on stderr and
// skipped; the other results are still written (and -o still committed), and the run ends with
// exit code 2.
#include <fmt/format.h>

#include <memory>
#include <optional>
#include <string>
#include <unordered_map>
#include <vector>

#include "cli/command_output.hpp"
#include "cli/commands.hpp"
#include "cli/option_checks.hpp"
#include "cli/pair_command.hpp"
#include "cli/shared_options.hpp"
#include "tropic/core/alphabet.hpp"
#include "tropic/core/error.hpp"
#include "tropic/core/input_files.hpp"
#include "tropic/core/outcome.hpp"
#include "tropic/core/output_files.hpp"
#include "tropic/core/output_sink.hpp"
#include "tropic/core/sequence_reader.hpp"
#include "tropic/core/thread_pool.hpp"
#include "tropic/rna/bpmax.hpp"
#include "tropic/rna/bpmax_writer.hpp"

namespace tropic::cli {

namespace {

struct RriOptions {
    PairFiles files;
    std::string model = "bpmax";
    std::string weights = "GC=3,AU=1,GU=1.5";
    std::size_t window1 = 0, window2 = 0, top = 1;
    SharedOptions shared;
};

PairInput pair_input(SequenceReader& reader) {
    return {reader.path(), [&reader] { return reader.next_with_residues(); },
            [&reader] { return reader.records_read(); }};
}

void run_rri(const RriOptions& options) {
    rna::BpmaxParams params;
    params.weights = rna::BpmaxWeights::parse(options.weights);
    params.window1 = options.window1;
    params.window2 = options.window2;
    params.top = options.top;
    rna::validate(params);
    // cuda fills every pair on the GPU; auto sends the pairs whose double reduction is large
    // enough to pay for the transfers there (interact_bpmax_many decides) and keeps the rest on
    // the CPU.
    ThreadPool pool(options.shared.threads);
    const RunOptions run = make_run_options(options.shared, pool);
    check_input_files({options.files.query, options.files.target});
    SequenceReader queries(options.files.query), targets(options.files.target);
    PairCommand<rna::BpmaxResult> command;
    command.label = "tropic rri";
    command.queries = pair_input(queries);
    command.targets = pair_input(targets);
    command.paired = options.files.paired;
    command.chunk = options.shared.chunk;
    command.compute = [&](const std::vector<PairJob>& jobs, const RunOptions& r) {
        std::unordered_map<const SequenceRecord*, std::vector<std::uint8_t>> codes;
        const auto codes_of =
            [&](const SequenceRecord* record) -> const std::vector<std::uint8_t>& {
            auto [at, added] = codes.try_emplace(record);
            if (added) at->second = encode_rna(record->residues);
            return at->second;
        };
        std::vector<rna::BpmaxPairInput> pairs;
        pairs.reserve(jobs.size());
        for (const PairJob& job : jobs)
            pairs.push_back({codes_of(job.query), codes_of(job.target), job.what});
        std::vector<Outcome<rna::BpmaxResult>> outcomes =
            rna::interact_bpmax_many(pairs, params, r);
        // A pair that does not fit is skipped (the runner reports it); any other failure stops
        // the run, naming the pair.
        for (std::size_t k = 0; k < outcomes.size(); ++k)
            if (outcomes[k].code != ExitCode::Resource)
                outcomes[k].rethrow_error(jobs[k].what + ": ");
        return outcomes;
    };
    command.append_text = [&](std::string& out, const PairJob& job,
                              const rna::BpmaxResult& result) {
        if (options.shared.json)
            rna::append_bpmax_json(out, *job.query, *job.target, result, params.weights);
        else
            rna::append_bpmax_text(out, *job.query, *job.target, result, params.weights);
    };
    command.describe = [](const PairJob& job) {
        return fmt::format("rri {}&{} ({} x {} nt)", job.query->name, job.target->name,
                           job.query->residues.size(), job.target->residues.size());
    };
    std::size_t failed = 0;
    write_results(options.shared, [&](OutputSink& sink, OutputFiles&) {
        failed = run_pairs(command, options.shared, run, sink);
    });
    fail_if_pairs_failed(failed, "did not fit in memory");
}

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
    add_pair_inputs(sub, options->files,
                    "Query FASTA/FASTQ (strand 1), plain or gzip; '-' is stdin",
                    "Target FASTA/FASTQ (strand 2, 5'->3'), streamed record by record; '-' is "
                    "stdin");
    sub->add_option("--model", options->model, "Interaction model: bpmax")
        ->check(one_of({"bpmax"}))
        ->type_name("MODEL");
    sub->add_option("--weights", options->weights,
                    "Pair weights for intra- and inter-molecular pairs, e.g. GC=3,AU=1,GU=1.5 (any "
                    "subset; at most two decimals; 0 forbids a pair)")
        ->type_name("PAIR=W,...");
    sub->add_option("--window1", options->window1,
                    "Longest query stretch of a site (0: the whole query)")
        ->check(at_least(std::size_t{0}));
    sub->add_option("--window2", options->window2,
                    "Longest target stretch of a site (0: the whole target)")
        ->check(at_least(std::size_t{0}));
    sub->add_option("--top", options->top, "Report the K best non-overlapping sites per pair")
        ->check(at_least(std::size_t{1}));
    add_run_options(sub, options->shared, kComputeOptions | Shared::Chunk);
    return {sub, [options] { run_rri(*options); }};
}

}  // namespace tropic::cli
