// `tropic eval`: the free energy of given structures, in RNAeval's layout or as JSON, streamed
// through the library's pipeline. Input records, as RNAeval reads them:
// tropic/rna/structure_records.hpp.
#include <memory>
#include <string>
#include <vector>

#include "cli/commands.hpp"
#include "cli/energy_options.hpp"
#include "cli/input_checks.hpp"
#include "cli/progress_bar.hpp"
#include "cli/record_input.hpp"
#include "cli/shared_options.hpp"
#include "tropic/core/error.hpp"
#include "tropic/core/output_sink.hpp"
#include "tropic/core/pipeline.hpp"
#include "tropic/core/thread_pool.hpp"
#include "tropic/rna/energy_eval.hpp"
#include "tropic/rna/eval_writer.hpp"
#include "tropic/rna/model_details.hpp"

namespace tropic::cli {

namespace {

using Chunk = RecordChunk<rna::StructureRecord>;

struct EvalOptions {
    std::vector<std::string> inputs;
    rna::ModelDetails model;
    bool verbose = false;
    SharedOptions shared;
};

// Every record's energy, evaluated on the pool's threads; the first record in input order whose
// structure cannot be evaluated stops the run, named.
std::vector<rna::StructureEnergy> evaluate_chunk(const Chunk& chunk,
                                                 const rna::EnergyParams& params,
                                                 rna::Dangles dangles, bool verbose,
                                                 ThreadPool& pool) {
    const std::size_t n = chunk.records.size();
    std::vector<rna::StructureEnergy> results(n);
    std::vector<std::string> errors(n);
    pool.parallel_for(
        0, n,
        [&](std::size_t k) {
            const rna::StructureRecord& record = chunk.records[k];
            try {
                results[k].energy =
                    rna::evaluate_structure(encode_rna(record.sequence), record.structure, params,
                                            dangles, verbose ? &results[k].loops : nullptr);
            } catch (const InputError& e) {
                errors[k] = e.what();
            }
        },
        256);
    for (std::size_t k = 0; k < n; ++k)
        if (!errors[k].empty()) throw chunk.error(k, errors[k]);
    return results;
}

void run_eval(EvalOptions options) {
    const rna::EnergyParams params = options.model.energy_params();
    const rna::Dangles dangles = options.model.mfe_params().dangles;
    // Evaluation has no GPU path (its work grows only linearly with the length): auto and cpu
    // are the CPU, and the device and memory options have nothing to govern.
    if (parse_backend(options.shared.backend) == Backend::Cuda)
        throw InputError("--backend cuda: eval runs on the CPU; use --backend auto or cpu");
    ThreadPool pool(options.shared.threads);
    if (options.inputs.empty()) options.inputs.push_back("-");
    check_inputs_readable(options.inputs);

    OutputSink sink(options.shared.output);
    ProgressBar progress("tropic eval", 0, ProgressBar::wanted(options.shared.quiet), " records",
                         "nt");
    StructureChunks chunks =
        structure_chunks(options.inputs, options.shared.chunk, rna::SecondLine::Structure);
    PipelineSteps<Chunk, rna::StructureEnergy> steps;
    steps.read = [&](Chunk& chunk) { return chunks.next(chunk); };
    steps.compute = [&](Chunk& chunk) {
        return evaluate_chunk(chunk, params, dangles, options.verbose, pool);
    };
    steps.format = [json = options.shared.json](std::string& out, const Chunk& chunk,
                                                std::size_t item,
                                                const rna::StructureEnergy& result) {
        if (json)
            rna::append_eval_json(out, chunk.records[item], result);
        else
            rna::append_eval_text(out, chunk.records[item], result);
    };
    steps.chunk_done = [&](const Chunk& chunk, const std::vector<rna::StructureEnergy>&) {
        progress.advance(chunk.records.size(), residue_count(chunk.records));
    };
    run_pipeline(steps, sink, &pool);
    progress.finish();
    sink.commit();
}

}  // namespace

Command add_eval_command(CLI::App& app) {
    auto options = std::make_shared<EvalOptions>();
    auto* sub = app.add_subcommand(
        "eval",
        "Free energy of given RNA structures (as RNAeval): reads records of an optional >name "
        "line, a sequence line and a dot-bracket line");
    sub->add_option("inputs", options->inputs,
                    "Input files, plain or gzip-compressed; none or '-' reads stdin");
    add_energy_model_options(sub, options->model, "");
    sub->add_flag("-v,--verbose", options->verbose,
                  "List every loop with its energy (before the structure line, or as \"loops\" "
                  "with --json)");
    add_run_options(sub, options->shared, kComputeOptions | Shared::Chunk);
    return {sub, [options] { run_eval(*options); }};
}

}  // namespace tropic::cli
