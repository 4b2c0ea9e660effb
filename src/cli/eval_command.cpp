// `tropic eval`: the free energy of given structures, in RNAeval's layout.
//
// Input records, as RNAeval reads them: an optional `>name` line, a sequence line and a
// dot-bracket structure line. The structure line may carry an energy after white space (so that
// `tropic fold` output can be evaluated again); it is ignored.
#include <fmt/format.h>

#include <fstream>
#include <iostream>
#include <iterator>
#include <memory>
#include <string>
#include <vector>

#include "cli/commands.hpp"
#include "cli/energy_options.hpp"
#include "cli/fold_output.hpp"
#include "cli/output_sink.hpp"
#include "tropic/core/alphabet.hpp"
#include "tropic/core/error.hpp"
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

struct EvalRecord {
    std::string name;
    std::string sequence;   // normalised
    std::string structure;  // as given
};

// Reads records of one input; `where(record, name)` names them in messages.
class EvalReader {
  public:
    explicit EvalReader(const std::string& path) : path_(path == "-" ? "<stdin>" : path) {
        if (path != "-") {
            file_ = std::make_unique<std::ifstream>(path);
            if (!*file_) throw InputError(fmt::format("cannot open '{}'", path));
        }
    }

    bool next(EvalRecord& record) {
        record = {};
        std::string line;
        if (!next_line(line)) return false;
        ++index_;
        if (line[0] == '>') {
            record.name = line.substr(1, line.find_first_of(" \t") - 1);
            if (!next_line(line)) fail(record, "a name line without a sequence");
        }
        for (std::size_t k = 0; k < line.size(); ++k) {
            const auto residue = normalize_rna_residue(line[k]);
            if (!residue)
                fail(record, fmt::format("invalid character '{}' at position {} of the sequence",
                                         line[k], k + 1));
            record.sequence += *residue;
        }
        if (!next_line(line)) fail(record, "the sequence has no structure line");
        const std::size_t end = line.find_first_of(" \t");
        record.structure = line.substr(0, end);
        if (end != std::string::npos) {
            const std::size_t rest = line.find_first_not_of(" \t", end);
            if (rest != std::string::npos && line[rest] != '(')
                fail(record, "unexpected text after the structure");
        }
        return true;
    }

    [[noreturn]] void fail(const EvalRecord& record, const std::string& what) const {
        throw InputError(fmt::format("{}: {}: {}", path_, describe(record), what));
    }

    std::string describe(const EvalRecord& record) const {
        return record.name.empty() ? fmt::format("record {}", index_)
                                   : fmt::format("record {} ('{}')", index_, record.name);
    }

  private:
    // The next line that is not blank, without its line end; false at the end of input.
    bool next_line(std::string& line) {
        std::istream& in = file_ ? *file_ : std::cin;
        while (std::getline(in, line)) {
            while (!line.empty() && (line.back() == '\r' || line.back() == ' ')) line.pop_back();
            if (!line.empty()) return true;
        }
        return false;
    }

    std::string path_;
    std::unique_ptr<std::ifstream> file_;
    std::size_t index_ = 0;
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
        EvalReader reader(input);
        EvalRecord record;
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
