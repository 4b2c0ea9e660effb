// `tropic subopt`: suboptimal structures of every input record, as RNAsubopt (-e, --sorted, -z),
// streamed through the library's pipeline: records are read a chunk ahead, the records of a
// chunk are computed in parallel (one record per thread: the enumerations are independent) and
// written in input order.
#include <cmath>
#include <limits>
#include <memory>
#include <string>
#include <variant>
#include <vector>

#include "cli/commands.hpp"
#include "cli/energy_options.hpp"
#include "cli/input_checks.hpp"
#include "cli/progress_bar.hpp"
#include "cli/record_input.hpp"
#include "cli/shared_options.hpp"
#include "tropic/core/backend.hpp"
#include "tropic/core/error.hpp"
#include "tropic/core/output_sink.hpp"
#include "tropic/core/pipeline.hpp"
#include "tropic/core/thread_pool.hpp"
#include "tropic/rna/model_details.hpp"
#include "tropic/rna/subopt.hpp"

namespace tropic::cli {

namespace {

struct SuboptCliOptions {
    std::vector<std::string> inputs;
    rna::ModelDetails model;
    double delta_kcal = 1.0;
    bool sorted = false;
    bool zuker = false;
    std::size_t max_structures = rna::kSuboptDefaultMaxStructures;
    SharedOptions shared;
};

// One record's answer: the -e list, or the -z list.
struct SuboptAnswer {
    rna::SuboptResult range;
    std::vector<rna::SuboptStructure> zuker;
};

// RNAsubopt's conversion of -e: (int)(0.1 + e * 100) dcal/mol.
int delta_dcal(double kcal) {
    if (!std::isfinite(kcal) || kcal < 0 || kcal > 10000)
        throw InputError("-e/--deltaEnergy must lie between 0 and 10000 kcal/mol, not " +
                         std::to_string(kcal));
    return static_cast<int>(0.1 + kcal * 100);
}

void run_subopt(SuboptCliOptions options) {
    const rna::EnergyParams params = options.model.energy_params();
    const rna::MfeParams mfe_params = options.model.mfe_params();
    rna::SuboptParams subopt_params;
    subopt_params.delta = delta_dcal(options.delta_kcal);
    subopt_params.order =
        options.sorted ? rna::SuboptOrder::EnergyThenStructure : rna::SuboptOrder::Enumeration;
    if (options.max_structures == 0) throw InputError("--max-structures must be at least 1");
    subopt_params.max_structures = options.max_structures;
    if (options.zuker && mfe_params.no_lonely_pairs)
        throw InputError("-z/--zuker with --noLP is not supported yet");
    // The enumeration reads the CPU MFE engine's tables: there is no GPU path yet.
    if (parse_backend(options.shared.backend) == Backend::Cuda)
        throw InputError("--backend cuda: subopt runs on the CPU; use --backend auto or cpu");
    ThreadPool pool(options.shared.threads);
    if (options.inputs.empty()) options.inputs.push_back("-");
    check_inputs_readable(options.inputs);

    OutputSink sink(options.shared.output);
    ProgressBar progress("tropic subopt", 0, ProgressBar::wanted(options.shared.quiet), " records",
                         "nt");
    SequenceChunks chunks = sequence_chunks(options.inputs, options.shared.chunk);
    PipelineSteps<RecordChunk<SequenceRecord>, SuboptAnswer> steps;
    steps.read = [&](RecordChunk<SequenceRecord>& chunk) { return chunks.next(chunk); };
    steps.compute = [&](RecordChunk<SequenceRecord>& chunk) {
        const std::size_t n = chunk.records.size();
        const auto encoded = encode_residues(chunk.records, pool);
        std::vector<SuboptAnswer> answers(n);
        // The first record in input order that fails stops the run, named, with its error's
        // exit code (input, or resources for the structure guard).
        std::vector<std::string> errors(n);
        std::vector<ExitCode> codes(n, ExitCode::Ok);
        pool.parallel_for(
            0, n,
            [&](std::size_t k) {
                try {
                    if (options.zuker)
                        answers[k].zuker = rna::subopt_zuker(encoded[k], params, mfe_params);
                    else
                        answers[k].range =
                            rna::subopt(encoded[k], params, mfe_params, subopt_params);
                } catch (const Error& e) {
                    errors[k] = e.what();
                    codes[k] = e.code();
                }
            },
            1);
        for (std::size_t k = 0; k < n; ++k) {
            if (codes[k] == ExitCode::Ok) continue;
            const std::string message = chunk.error(k, errors[k]).what();
            if (codes[k] == ExitCode::Resource) throw ResourceError(message);
            if (codes[k] == ExitCode::Internal) throw InternalError(message);
            throw InputError(message);
        }
        return answers;
    };
    steps.format = [&options](std::string& out, const RecordChunk<SequenceRecord>& chunk,
                              std::size_t item, const SuboptAnswer& answer) {
        const SequenceRecord& record = chunk.records[item];
        if (options.zuker) {
            if (options.shared.json)
                rna::append_zuker_json(out, record, answer.zuker);
            else
                rna::append_zuker_text(out, record, answer.zuker);
        } else if (options.shared.json) {
            rna::append_subopt_json(out, record, answer.range);
        } else {
            rna::append_subopt_text(out, record, answer.range);
        }
    };
    steps.chunk_done = [&](const RecordChunk<SequenceRecord>& chunk,
                           const std::vector<SuboptAnswer>&) {
        progress.advance(chunk.records.size(), residue_count(chunk.records));
    };
    run_pipeline(steps, sink, &pool);
    progress.finish();
    sink.commit();
}

}  // namespace

Command add_subopt_command(CLI::App& app) {
    auto options = std::make_shared<SuboptCliOptions>();
    auto* sub = app.add_subcommand(
        "subopt",
        "Suboptimal RNA secondary structures, as RNAsubopt: every structure within -e of the MFE "
        "(Wuchty), or with -z the best structure containing each possible pair (Zuker)");
    sub->add_option("inputs", options->inputs,
                    "FASTA or FASTQ files, plain or gzip-compressed; none or '-' reads stdin");
    sub->add_option("-e,--deltaEnergy", options->delta_kcal,
                    "energy range in kcal/mol above the MFE (as RNAsubopt -e)");
    sub->add_flag("--sorted", options->sorted,
                  "sort by energy, then by structure ('(' < ')' < '.'), as RNAsubopt --sorted; "
                  "otherwise tropic's enumeration order");
    sub->add_flag("-z,--zuker", options->zuker,
                  "Zuker suboptimals (RNAsubopt -z): the best structure containing each possible "
                  "pair, each distinct structure once");
    sub->add_option("--max-structures", options->max_structures,
                    "stop with an error (exit 2) when a record has more structures than this "
                    "within the range");
    add_energy_model_options(sub, options->model, "");
    add_pair_rule_options(sub, options->model, "");
    add_run_options(sub, options->shared, kComputeOptions | Shared::Chunk);
    return {sub, [options] { run_subopt(*options); }};
}

}  // namespace tropic::cli
