// `tropic eval`: the free energy of given structures, in RNAeval's layout.
//
// Input records, as RNAeval reads them: see structure_records.hpp.

#include <memory>
#include <string>
#include <vector>

#include "cli/commands.hpp"
#include "cli/energy_options.hpp"
#include "tropic/core/alphabet.hpp"
#include "tropic/core/error.hpp"
#include "tropic/core/output_sink.hpp"
#include "tropic/rna/energy_eval.hpp"
#include "tropic/rna/energy_params.hpp"
#include "tropic/rna/eval_writer.hpp"
#include "tropic/rna/structure_records.hpp"

namespace tropic::cli {

namespace {

struct EvalOptions {
    std::vector<std::string> inputs;
    rna::ModelDetails model;
    bool verbose = false;
    std::string output;
};

void run_eval(const EvalOptions& options) {
    const rna::EnergyParams params = options.model.energy_params();
    const rna::Dangles dangles = options.model.mfe_options().dangles;
    std::vector<std::string> inputs = options.inputs;
    if (inputs.empty()) inputs.push_back("-");
    OutputSink sink(options.output);
    for (const auto& input : inputs) {
        rna::StructureRecordReader reader(input, "structure");
        rna::StructureRecord record;
        while (reader.next(record)) {
            const std::vector<std::uint8_t> encoded = encode_rna(record.sequence);
            rna::StructureEnergy result;
            try {
                result.energy = rna::evaluate_structure(encoded, record.structure, params, dangles,
                                                        options.verbose ? &result.loops : nullptr);
            } catch (const InputError& e) {
                reader.fail(record, e.what());
            }
            std::string text;
            rna::append_eval_text(text, record, result);
            sink.write(text);
        }
    }
    sink.commit();
}

}  // namespace

Command add_eval_command(CLI::App& app) {
    auto options = std::make_shared<EvalOptions>();
    auto* sub = app.add_subcommand(
        "eval",
        "Free energy of given RNA structures (as RNAeval): reads records of an optional >name "
        "line, a sequence line and a dot-bracket line");
    sub->add_option("inputs", options->inputs, "Input files; none or '-' reads stdin");
    add_energy_model_options(sub, options->model, "");
    sub->add_flag("-v,--verbose", options->verbose,
                  "List every loop with its energy before the structure line");
    sub->add_option("-o,--output", options->output,
                    "Write results to FILE (created only when the run succeeds); default stdout");
    return {sub, [options] { run_eval(*options); }};
}

}  // namespace tropic::cli
