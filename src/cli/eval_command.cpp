// `tropic eval`: the free energy of given structures, in RNAeval's layout or as JSON, streamed by
// the command kit's record runner (record_command.hpp). Input records, as RNAeval reads them:
// tropic/rna/structure_records.hpp. Evaluation has no GPU path (its work grows only linearly with
// the length), so the command takes no --backend, --device or --max-memory.
#include <memory>
#include <string>
#include <vector>

#include "cli/command_output.hpp"
#include "cli/commands.hpp"
#include "cli/energy_options.hpp"
#include "cli/record_command.hpp"
#include "cli/record_input.hpp"
#include "cli/shared_options.hpp"
#include "tropic/core/input_files.hpp"
#include "tropic/core/outcome.hpp"
#include "tropic/core/output_files.hpp"
#include "tropic/core/output_sink.hpp"
#include "tropic/core/thread_pool.hpp"
#include "tropic/rna/energy_eval.hpp"
#include "tropic/rna/eval_writer.hpp"
#include "tropic/rna/model_details.hpp"

namespace tropic::cli {

namespace {

struct EvalOptions {
    std::vector<std::string> inputs;
    rna::ModelDetails model;
    bool verbose = false;
    SharedOptions shared;
};

void run_eval(EvalOptions options) {
    const rna::EnergyParams params = options.model.energy_params();
    const rna::Dangles dangles = options.model.mfe_params().dangles;
    ThreadPool pool(options.shared.threads);
    const RunOptions run = make_run_options(options.shared, pool);
    if (options.inputs.empty()) options.inputs.push_back("-");
    check_input_files(options.inputs);

    StructureChunks chunks =
        structure_chunks(options.inputs, options.shared.chunk, rna::SecondLine::Structure);
    RecordCommand<rna::StructureRecord, rna::StructureEnergy> command;
    command.label = "tropic eval";
    command.compute = [&](const RecordChunk<rna::StructureRecord>& chunk, const RunOptions& r) {
        return outcomes_of<rna::StructureEnergy>(
            r.pool, chunk.records.size(),
            [&](std::size_t k) {
                const rna::StructureRecord& record = chunk.records[k];
                rna::StructureEnergy result;
                result.energy =
                    rna::evaluate_structure(encode_rna(record.sequence), record.structure, params,
                                            dangles, options.verbose ? &result.loops : nullptr);
                return result;
            },
            256);
    };
    command.append_text = rna::append_eval_text;
    command.append_json = rna::append_eval_json;
    write_results(options.shared, [&](OutputSink& sink, OutputFiles&) {
        run_records(command, chunks, options.shared, run, sink);
    });
}

}  // namespace

Command add_eval_command(CLI::App& app) {
    auto options = std::make_shared<EvalOptions>();
    auto* sub = app.add_subcommand(
        "eval",
        "Free energy of given RNA structures (as RNAeval): reads records of an optional >name "
        "line, a sequence line and a dot-bracket line");
    add_record_inputs(sub, options->inputs, "Input files");
    add_energy_model_options(sub, options->model, "");
    sub->add_flag("-v,--verbose", options->verbose,
                  "List every loop with its energy (before the structure line, or as \"loops\" "
                  "with --json)");
    add_run_options(
        sub, options->shared,
        Shared::Threads | Shared::Json | Shared::Output | Shared::Quiet | Shared::Chunk);
    return {sub, [options] { run_eval(*options); }};
}

}  // namespace tropic::cli
