// `tropic subopt`: suboptimal structures of every input record, as RNAsubopt (-e, --sorted, -z),
// streamed by the command kit's record runner (record_command.hpp): records are read a chunk
// ahead, the records of a chunk are computed in parallel and written in input order.
#include <memory>
#include <string>
#include <vector>

#include "cli/command_output.hpp"
#include "cli/commands.hpp"
#include "cli/energy_options.hpp"
#include "cli/option_checks.hpp"
#include "cli/record_command.hpp"
#include "cli/record_input.hpp"
#include "cli/shared_options.hpp"
#include "tropic/core/error.hpp"
#include "tropic/core/input_files.hpp"
#include "tropic/core/outcome.hpp"
#include "tropic/core/output_files.hpp"
#include "tropic/core/output_sink.hpp"
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

// Records from this length on share the pool (a thread alone fills one in ~50 ms).
constexpr std::size_t kSharedFillLength = 500;

// RNAsubopt's conversion of -e (checked to lie in 0..10000 kcal/mol): (int)(0.1 + e * 100)
// dcal/mol.
int delta_dcal(double kcal) {
    return static_cast<int>(0.1 + kcal * 100);
}

void run_subopt(SuboptCliOptions options) {
    const rna::EnergyParams params = options.model.energy_params();
    const rna::MfeParams mfe_params = options.model.mfe_params();
    rna::SuboptParams subopt_params;
    subopt_params.delta = delta_dcal(options.delta_kcal);
    subopt_params.order =
        options.sorted ? rna::SuboptOrder::EnergyThenStructure : rna::SuboptOrder::Enumeration;
    subopt_params.max_structures = options.max_structures;
    if (options.zuker && mfe_params.no_lonely_pairs)
        throw InputError("-z/--zuker with --noLP is not supported yet");
    ThreadPool pool(options.shared.threads);
    const RunOptions run = make_run_options(options.shared, pool);
    if (options.inputs.empty()) options.inputs.push_back("-");
    check_input_files(options.inputs);

    SequenceChunks chunks = sequence_chunks(options.inputs, options.shared.chunk);
    RecordCommand<SequenceRecord, SuboptAnswer> command;
    command.label = "tropic subopt";
    // Short records one per thread (their fills and enumerations are independent); long ones, and
    // every record on the device, one at a time with the whole pool (the fill, Zuker's outside
    // table and traces shared among the threads). The structure guard (--max-structures) fails
    // its record with exit code 2.
    command.compute = [&](const RecordChunk<SequenceRecord>& chunk, const RunOptions& r) {
        const auto encoded = encode_residues(chunk.records, *r.pool);
        auto solve = [&](std::size_t k, const RunOptions& record_run) {
            SuboptAnswer answer;
            if (options.zuker)
                answer.zuker = rna::subopt_zuker(encoded[k], params, mfe_params, record_run);
            else
                answer.range =
                    rna::subopt(encoded[k], params, mfe_params, subopt_params, record_run);
            return answer;
        };
        std::vector<std::size_t> alone, shared;
        for (std::size_t k = 0; k < encoded.size(); ++k)
            (r.backend == Backend::Cuda || encoded[k].size() >= kSharedFillLength ? shared : alone)
                .push_back(k);
        std::vector<Outcome<SuboptAnswer>> outcomes(encoded.size());
        RunOptions single = r;
        single.pool = nullptr;
        parallel_for(r.pool, 0, alone.size(), [&](std::size_t x) {
            outcomes[alone[x]] =
                capture_outcome<SuboptAnswer>([&] { return solve(alone[x], single); });
        });
        for (std::size_t k : shared)
            outcomes[k] = capture_outcome<SuboptAnswer>([&] { return solve(k, r); });
        return outcomes;
    };
    command.append_text = [&](std::string& out, const SequenceRecord& record,
                              const SuboptAnswer& answer) {
        if (options.zuker)
            rna::append_zuker_text(out, record, answer.zuker);
        else
            rna::append_subopt_text(out, record, answer.range);
    };
    command.append_json = [&](std::string& out, const SequenceRecord& record,
                              const SuboptAnswer& answer) {
        if (options.zuker)
            rna::append_zuker_json(out, record, answer.zuker);
        else
            rna::append_subopt_json(out, record, answer.range);
    };
    write_results(options.shared, [&](OutputSink& sink, OutputFiles&) {
        run_records(command, chunks, options.shared, run, sink);
    });
}

}  // namespace

Command add_subopt_command(CLI::App& app) {
    auto options = std::make_shared<SuboptCliOptions>();
    auto* sub = app.add_subcommand(
        "subopt",
        "Suboptimal RNA secondary structures, as RNAsubopt: every structure within -e of the MFE "
        "(Wuchty), or with -z the best structure containing each possible pair (Zuker)");
    add_record_inputs(sub, options->inputs, "FASTA or FASTQ files");
    sub->add_option("-e,--deltaEnergy", options->delta_kcal,
                    "energy range in kcal/mol above the MFE (as RNAsubopt -e)")
        ->check(between(0.0, 10000.0));
    sub->add_flag("--sorted", options->sorted,
                  "sort by energy, then by structure ('(' < ')' < '.'), as RNAsubopt --sorted; "
                  "otherwise tropic's enumeration order");
    sub->add_flag("-z,--zuker", options->zuker,
                  "Zuker suboptimals (RNAsubopt -z): the best structure containing each possible "
                  "pair, each distinct structure once");
    sub->add_option("--max-structures", options->max_structures,
                    "stop with an error (exit 2) when a record has more structures than this "
                    "within the range")
        ->check(at_least(std::size_t{1}));
    add_energy_model_options(sub, options->model, "");
    add_pair_rule_options(sub, options->model, "");
    // --max-structures bounds a record's structures; --max-memory the tables of a CPU fill.
    add_run_options(sub, options->shared,
                    kComputeOptions | Shared::OneDeviceProblem | Shared::Chunk);
    return {sub, [options] { run_subopt(*options); }};
}

}  // namespace tropic::cli
