// `tropic fold`: secondary structure of every input record, streamed by the command kit's record
// runner (record_command.hpp): records are read a chunk ahead, each chunk is encoded and folded
// (the engine picks CPU threads or the GPU), formatted in parallel and written in input order.
// With -C the records carry a constraint line; with -p (and --MEA, --sample) the ensemble is
// computed (fold_ensemble.cpp).
#include <cmath>
#include <future>
#include <memory>
#include <optional>
#include <string>
#include <vector>

#include "cli/command_output.hpp"
#include "cli/commands.hpp"
#include "cli/energy_options.hpp"
#include "cli/fold_ensemble.hpp"
#include "cli/option_checks.hpp"
#include "cli/record_command.hpp"
#include "cli/record_input.hpp"
#include "cli/shared_options.hpp"
#include "tropic/core/device.hpp"
#include "tropic/core/error.hpp"
#include "tropic/core/input_files.hpp"
#include "tropic/core/output_files.hpp"
#include "tropic/core/output_sink.hpp"
#include "tropic/core/parse_number.hpp"
#include "tropic/core/thread_pool.hpp"
#include "tropic/rna/fold_writer.hpp"
#include "tropic/rna/mfe.hpp"
#include "tropic/rna/model_details.hpp"
#include "tropic/rna/nussinov.hpp"

namespace tropic::cli {

namespace {

struct FoldOptions {
    std::vector<std::string> inputs;
    std::string model = "mfe";
    rna::ModelDetails mfe_model;
    bool constraints = false;
    int min_loop = 3;
    std::string weights = "GC=1,AU=1,GU=1";
    bool no_gu = false;
    // The ensemble (RNAfold -p and RNAsubopt -p).
    bool partition = false;
    bool mea = false;       // --MEA given
    std::string mea_gamma;  // its value, as given ("1" without one)
    EnsembleCliOptions ensemble;
    SharedOptions shared;

    bool wants_ensemble() const { return partition || mea || ensemble.ensemble.samples > 0; }
};

// --MEA's gamma: a positive number; 1 for a bare --MEA.
double parse_gamma(const std::string& text) {
    if (text.empty()) return 1.0;
    const std::optional<double> gamma = parse_number<double>(text);
    if (!gamma || !(*gamma > 0) || !std::isfinite(*gamma))
        throw InputError("--MEA=" + text + ": gamma must be a positive number, e.g. --MEA=0.5");
    return *gamma;
}

rna::NussinovParams nussinov_params(const FoldOptions& options) {
    rna::NussinovParams params;
    params.min_loop = options.min_loop;
    params.weights = rna::PairWeights::parse(options.weights);
    if (options.no_gu) params.weights.gu = 0;
    rna::validate(params);
    return params;
}

// A fold of every record in RNAfold's layout (or JSON): `fold_chunk` gives a chunk's outcomes.
template <class Record, class Result>
RecordCommand<Record, Result> fold_command(
    std::function<std::vector<Outcome<Result>>(const RecordChunk<Record>&, const RunOptions&)>
        fold_chunk) {
    RecordCommand<Record, Result> command;
    command.label = "tropic fold";
    command.record_verb = "folding";
    command.compute = std::move(fold_chunk);
    command.append_text = [](std::string& out, const Record& record, const Result& result) {
        rna::append_fold_text(out, as_sequence(record), result);
    };
    command.append_json = [](std::string& out, const Record& record, const Result& result) {
        rna::append_fold_json(out, as_sequence(record), result);
    };
    return command;
}

void run_fold(FoldOptions options) {
    const bool mfe = options.model == "mfe";
    if (options.constraints && !mfe) throw InputError("-C/--constraint needs the mfe model");
    const bool ensemble = options.wants_ensemble();
    if (ensemble && !mfe)
        throw InputError("-p, --MEA and --sample need the mfe model (the Turner energy model)");
    if (!ensemble && !options.ensemble.bpp_path.empty())
        throw InputError(
            "--bpp needs -p (the pair probabilities come from the partition function)");
    // Checked before any input is read: the model, then the backend.
    const rna::NussinovParams nussinov = nussinov_params(options);
    const rna::EnergyParams energy = mfe ? options.mfe_model.energy_params() : rna::EnergyParams{};
    const rna::MfeParams mfe_params = mfe ? options.mfe_model.mfe_params() : rna::MfeParams{};
    ThreadPool pool(options.shared.threads);
    const RunOptions run = make_run_options(options.shared, pool);
    // With --backend cuda the CUDA contexts come up while the first records are read (auto may
    // keep a small input on the CPU, which should not pay for a context).
    std::future<void> device_ready;
    if (run.backend == Backend::Cuda)
        device_ready = std::async(std::launch::async, [&run] {
            for (int device : run.devices.empty() ? std::vector<int>{run.device} : run.devices)
                warm_up_device(device);
        });
    if (options.inputs.empty()) options.inputs.push_back("-");
    check_input_files(options.inputs);

    EnsembleCliOptions ensemble_options = options.ensemble;
    if (ensemble) {
        ensemble_options.ensemble.model = mfe_params;
        ensemble_options.ensemble.probabilities = options.partition || options.mea;
        ensemble_options.ensemble.mea = options.mea;
        ensemble_options.ensemble.mea_gamma = parse_gamma(options.mea_gamma);
        ensemble_options.text.ensemble = ensemble_options.ensemble.probabilities;
        ensemble_options.text.mea = ensemble_options.ensemble.mea;
    }
    const std::size_t chunk = options.shared.chunk;
    write_results(options.shared, [&](OutputSink& sink, OutputFiles& outputs) {
        if (ensemble) {
            fold_ensembles(options.inputs, options.constraints, energy,
                           options.mfe_model.boltzmann_factors(), ensemble_options, options.shared,
                           run, sink, outputs);
        } else if (options.constraints) {
            StructureChunks records =
                structure_chunks(options.inputs, chunk, rna::SecondLine::Constraint);
            run_records(fold_command<rna::StructureRecord, rna::MfeResult>(
                            [&](const RecordChunk<rna::StructureRecord>& c, const RunOptions& r) {
                                const auto encoded = encode_residues(c.records, *r.pool);
                                const auto constraints = record_constraints(c, encoded);
                                return rna::fold_mfe_many(encoded, energy, mfe_params, r,
                                                          &constraints);
                            }),
                        records, options.shared, run, sink);
        } else if (mfe) {
            SequenceChunks records = sequence_chunks(options.inputs, chunk);
            run_records(fold_command<SequenceRecord, rna::MfeResult>(
                            [&](const RecordChunk<SequenceRecord>& c, const RunOptions& r) {
                                return rna::fold_mfe_many(encode_residues(c.records, *r.pool),
                                                          energy, mfe_params, r);
                            }),
                        records, options.shared, run, sink);
        } else {
            SequenceChunks records = sequence_chunks(options.inputs, chunk);
            run_records(fold_command<SequenceRecord, rna::NussinovResult>(
                            [&](const RecordChunk<SequenceRecord>& c, const RunOptions& r) {
                                return rna::fold_nussinov_many(encode_residues(c.records, *r.pool),
                                                               nussinov, r);
                            }),
                        records, options.shared, run, sink);
        }
    });
}

}  // namespace

Command add_fold_command(CLI::App& app) {
    auto options = std::make_shared<FoldOptions>();
    auto* sub = app.add_subcommand(
        "fold",
        "Predict RNA secondary structures; prints RNAfold's layout (name, sequence, structure "
        "and score) for every FASTA/FASTQ record; with -p also the Boltzmann ensemble (pair "
        "probabilities, centroid, MEA, samples), as RNAfold -p");
    add_record_inputs(sub, options->inputs, "FASTA or FASTQ files");
    sub->add_option("--model", options->model,
                    "Folding model: mfe (minimum free energy, Turner 2004 as in RNAfold) or "
                    "nussinov (base-pair maximisation)")
        ->check(one_of({"mfe", "nussinov"}))
        ->type_name("MODEL");
    add_energy_model_options(sub, options->mfe_model, "mfe: ");
    add_pair_rule_options(sub, options->mfe_model, "mfe: ");
    sub->add_flag("-C,--constraint", options->constraints,
                  "mfe: read a hard-constraint line after each sequence, as RNAfold -C: x "
                  "unpaired, < > pairs downstream/upstream, ( ) pair only together, . | free");
    sub->add_flag("-p,--partfunc", options->partition,
                  "mfe: also the Boltzmann ensemble, as RNAfold -p: pair probabilities (their "
                  "pairing-tendency string and ensemble free energy), the centroid structure, the "
                  "MFE's frequency and the ensemble diversity");
    // A flag with an optional "=GAMMA" (RNAfold's --MEA[=gamma]): a separate value would take
    // the input file that follows it.
    // Read as text: CLI11 converts a flag's value as a count, which would truncate 0.1 to 0.
    sub->add_flag("--MEA{1}", options->mea_gamma,
                  "mfe: also the maximum expected accuracy structure (implies -p), as RNAfold "
                  "--MEA; --MEA=GAMMA sets gamma, the weight of pairs (default 1)")
        ->each([options](const std::string&) { options->mea = true; });
    sub->add_option("--bpp", options->ensemble.bpp_path,
                    "-p: write the pair probabilities of every record to FILE as TSV: name, i, j "
                    "(1-based), p")
        ->type_name("FILE");
    sub->add_option("--dotplot", options->ensemble.dotplot_dir,
                    "-p: write a dot plot per record into DIR: <name>_dp.svg, pair probabilities "
                    "above the diagonal (squares of area p), the MFE structure below, as "
                    "RNAfold's _dp.ps")
        ->type_name("DIR");
    sub->add_option("--plot", options->ensemble.plot_dir,
                    "-p: draw each record's MFE structure (the MEA structure with --MEA) into "
                    "DIR: <name>_ss.svg, bases coloured by their pair probability")
        ->type_name("DIR");
    sub->add_option("--colour-by,--color-by", options->ensemble.colour_by,
                    "--plot: probability (of being paired) or entropy (positional entropy)")
        ->check(one_of({"probability", "entropy"}))
        ->type_name("WHAT");
    sub->add_flag("--png", options->ensemble.png,
                  "--dotplot, --plot: PNG instead of SVG (needs a build with cairo)");
    sub->add_option("--bpp-threshold", options->ensemble.ensemble.bpp_threshold,
                    "-p: pairs listed in --bpp and --json need at least this probability")
        ->check(between(0.0, 1.0));
    sub->add_option("--sample", options->ensemble.ensemble.samples,
                    "mfe: draw N structures from the Boltzmann ensemble (RNAsubopt -p N); they "
                    "follow the record's other lines, one per line")
        ->check(between(std::size_t{0}, std::size_t{100'000'000}));
    sub->add_option("--seed", options->ensemble.ensemble.seed,
                    "--sample: seed of the sampler; the same seed gives the same structures on "
                    "any number of threads and backends");
    sub->add_flag("--sample-energies", options->ensemble.text.sample_energies,
                  "--sample: print each structure's free energy and Boltzmann probability after "
                  "it, as RNAsubopt -p N --stochBT_en does");
    sub->add_option("--min-loop", options->min_loop,
                    "nussinov: minimum hairpin loop: a pair (i,j) needs j - i > N")
        ->check(at_least(0));
    sub->add_option(
           "--weights", options->weights,
           "nussinov: integer pair weights, e.g. GC=3,AU=2,GU=1 (any subset; 0 forbids a pair)")
        ->type_name("PAIR=W,...");
    sub->add_flag("--no-gu", options->no_gu,
                  "nussinov: forbid G-U wobble pairs (sets the GU weight to 0)");
    add_run_options(sub, options->shared, kComputeOptions | Shared::Chunk);
    return {sub, [options] { run_fold(*options); }};
}

}  // namespace tropic::cli
