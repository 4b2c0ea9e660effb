// `tropic eval`: the free energy of given structures, in RNAeval's layout.
//
// Input records, as RNAeval reads them: see structure_records.hpp.
#include <fmt/format.h>

#include <iterator>
#include <memory>
#include <string>
#include <vector>

#include "cli/commands.hpp"
#include "cli/energy_options.hpp"
#include "cli/fold_output.hpp"
#include "cli/structure_records.hpp"
#include "tropic/core/alphabet.hpp"
#include "tropic/core/error.hpp"
#include "tropic/core/output_sink.hpp"
#include "tropic/rna/energy_eval.hpp"
#include "tropic/rna/energy_params.hpp"

namespace tropic::cli {

namespace {

struct EvalOptions {
    std::vector<std::string> inputs;
    EnergyModelOptions model;
    bool verbose = false;
    std::string output;
};

void append_loops(std::string& out, const std::vector<rna::LoopContribution>& loops) {
    for (const auto& loop : loops) {
        std::string where;
        if (loop.kind != rna::LoopKind::Exterior) where = fmt::format("({},{})", loop.i, loop.j);
        if (loop.p != 0) where += fmt::format(" ({},{})", loop.p, loop.q);
        fmt::format_to(std::back_inserter(out), "{:<9} {:<24} {:6.2f}\n",
                       rna::loop_kind_name(loop.kind), where, loop.energy / 100.0);
    }
}

void run_eval(const EvalOptions& options) {
    const rna::EnergyParams params = options.model.load_params();
    const rna::Dangles dangles = options.model.dangle_model();
    std::vector<std::string> inputs = options.inputs;
    if (inputs.empty()) inputs.push_back("-");
    OutputSink sink(options.output);
    for (const auto& input : inputs) {
        StructureRecordReader reader(input, "structure");
        StructureRecord record;
        while (reader.next(record)) {
            const std::vector<std::uint8_t> encoded = encode_rna(record.sequence);
            std::vector<rna::LoopContribution> loops;
            int energy = 0;
            try {
                energy = rna::evaluate_structure(encoded, record.structure, params, dangles,
                                                 options.verbose ? &loops : nullptr);
            } catch (const InputError& e) {
                reader.fail(record, e.what());
            }
            std::string text;
            if (!record.name.empty()) text += '>' + record.name + '\n';
            text += record.sequence + '\n';
            if (options.verbose) append_loops(text, loops);
            text += record.structure + format_energy(energy) + '\n';
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
