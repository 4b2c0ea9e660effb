// `tropic fold`: secondary structure of every input record, streamed through the library's
// pipeline (tropic/core/pipeline.hpp): records are read a chunk ahead, each chunk is encoded and
// folded (the engine picks CPU threads or the GPU), formatted in parallel and written in input
// order. With -C, the records carry a constraint line and go through the same pipeline.
#include <charconv>
#include <cmath>
#include <future>
#include <memory>
#include <string>
#include <vector>

#include "cli/commands.hpp"
#include "cli/energy_options.hpp"
#include "cli/fold_constrained.hpp"
#include "cli/fold_ensemble.hpp"
#include "cli/input_checks.hpp"
#include "cli/picture_files.hpp"
#include "cli/progress_bar.hpp"
#include "cli/record_input.hpp"
#include "cli/record_progress.hpp"
#include "cli/shared_options.hpp"
#include "tropic/core/device.hpp"
#include "tropic/core/error.hpp"
#include "tropic/core/output_sink.hpp"
#include "tropic/core/pipeline.hpp"
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
    double gamma = 0;
    const auto [end, error] = std::from_chars(text.data(), text.data() + text.size(), gamma);
    if (error != std::errc{} || end != text.data() + text.size() || !(gamma > 0) ||
        !std::isfinite(gamma))
        throw InputError("--MEA=" + text + ": gamma must be a positive number, e.g. --MEA=0.5");
    return gamma;
}

rna::NussinovParams nussinov_params(const FoldOptions& options) {
    rna::NussinovParams params;
    params.min_loop = options.min_loop;
    params.weights = rna::PairWeights::parse(options.weights);
    if (options.no_gu) params.weights.gu = 0;
    rna::validate(params);
    return params;
}

// Folds every record with `fold_chunk` (encoded sequences -> results), writing `Result`s in
// RNAfold's layout or as JSON.
template <class Result, class FoldChunk>
void fold_records(const FoldOptions& options, const RunOptions& run, OutputSink& sink,
                  FoldChunk fold_chunk) {
    ProgressBar progress("tropic fold", 0, ProgressBar::wanted(options.shared.quiet), " records",
                         "nt");
    RecordProgress long_record("folding", ProgressBar::wanted(options.shared.quiet));
    SequenceChunks chunks = sequence_chunks(options.inputs, options.shared.chunk);
    PipelineSteps<RecordChunk<SequenceRecord>, Result> steps;
    steps.read = [&](RecordChunk<SequenceRecord>& chunk) { return chunks.next(chunk); };
    steps.compute = [&](RecordChunk<SequenceRecord>& chunk) {
        RunOptions chunk_run = run;
        chunk_run.on_progress = long_record.for_records(chunk.records);
        std::vector<Result> results =
            fold_chunk(encode_residues(chunk.records, *run.pool), chunk_run);
        long_record.finish();
        if (results.size() != chunk.records.size())
            throw InternalError("fold returned a different number of results than records");
        return results;
    };
    steps.format = [json = options.shared.json](std::string& out,
                                                const RecordChunk<SequenceRecord>& chunk,
                                                std::size_t item, const Result& result) {
        if (json)
            rna::append_fold_json(out, chunk.records[item], result);
        else
            rna::append_fold_text(out, chunk.records[item], result);
    };
    steps.chunk_done = [&](const RecordChunk<SequenceRecord>& chunk, const std::vector<Result>&) {
        progress.advance(chunk.records.size(), residue_count(chunk.records));
    };
    run_pipeline(steps, sink, run.pool);
    progress.finish();
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
    const rna::MfeOptions mfe_options = mfe ? options.mfe_model.mfe_options() : rna::MfeOptions{};
    ThreadPool pool(options.shared.threads);
    const RunOptions run = make_run_options(options.shared, pool);
    // With --backend cuda the CUDA context comes up while the first records are read (auto may
    // keep a small input on the CPU, which should not pay for a context).
    std::future<void> device_ready;
    if (run.backend == Backend::Cuda)
        device_ready =
            std::async(std::launch::async, [device = run.device] { warm_up_device(device); });
    if (options.inputs.empty()) options.inputs.push_back("-");
    check_inputs_readable(options.inputs);

    OutputFiles outputs;
    OutputSink sink(outputs, options.shared.output);
    if (ensemble) {
        EnsembleCliOptions ensemble_options = options.ensemble;
        ensemble_options.ensemble.model = mfe_options;
        ensemble_options.ensemble.probabilities = options.partition || options.mea;
        ensemble_options.ensemble.mea = options.mea;
        ensemble_options.ensemble.mea_gamma = parse_gamma(options.mea_gamma);
        ensemble_options.text.ensemble = ensemble_options.ensemble.probabilities;
        ensemble_options.text.mea = ensemble_options.ensemble.mea;
        fold_ensembles(options.inputs, options.constraints, energy,
                       options.mfe_model.boltzmann_factors(), ensemble_options, options.shared, run,
                       sink, outputs);
    } else if (options.constraints) {
        fold_constrained(options.inputs, energy, mfe_options, options.shared, run, sink);
    } else if (mfe) {
        fold_records<rna::MfeResult>(options, run, sink, [&](const auto& encoded, const auto& r) {
            return rna::fold_mfe_many(encoded, energy, mfe_options, r);
        });
    } else {
        fold_records<rna::NussinovResult>(options, run, sink,
                                          [&](const auto& encoded, const auto& r) {
                                              return rna::fold_nussinov_many(encoded, nussinov, r);
                                          });
    }
    sink.commit();
    outputs.commit();
}

}  // namespace

Command add_fold_command(CLI::App& app) {
    auto options = std::make_shared<FoldOptions>();
    auto* sub = app.add_subcommand(
        "fold",
        "Predict RNA secondary structures; prints RNAfold's layout (name, sequence, structure "
        "and score) for every FASTA/FASTQ record; with -p also the Boltzmann ensemble (pair "
        "probabilities, centroid, MEA, samples), as RNAfold -p");
    sub->add_option("inputs", options->inputs,
                    "FASTA or FASTQ files, plain or gzip-compressed; none or '-' reads stdin");
    sub->add_option("--model", options->model,
                    "Folding model: mfe (minimum free energy, Turner 2004 as in RNAfold) or "
                    "nussinov (base-pair maximisation)")
        ->check(CLI::IsMember({"mfe", "nussinov"}));
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
                    "(1-based), p");
    sub->add_option("--dotplot", options->ensemble.dotplot_dir,
                    "-p: write a dot plot per record into DIR: <name>_dp.svg, pair probabilities "
                    "above the diagonal (squares of area p), the MFE structure below, as "
                    "RNAfold's _dp.ps");
    sub->add_option("--plot", options->ensemble.plot_dir,
                    "-p: draw each record's MFE structure (the MEA structure with --MEA) into "
                    "DIR: <name>_ss.svg, bases coloured by their pair probability");
    sub->add_option("--colour-by,--color-by", options->ensemble.colour_by,
                    "--plot: probability (of being paired) or entropy (positional entropy)")
        ->check(CLI::IsMember({"probability", "entropy"}));
    sub->add_flag("--png", options->ensemble.png,
                  "--dotplot, --plot: PNG instead of SVG (needs a build with cairo)");
    sub->add_option("--bpp-threshold", options->ensemble.ensemble.bpp_threshold,
                    "-p: pairs listed in --bpp and --json need at least this probability")
        ->check(CLI::Range(0.0, 1.0));
    sub->add_option("--sample", options->ensemble.ensemble.samples,
                    "mfe: draw N structures from the Boltzmann ensemble (RNAsubopt -p N); they "
                    "follow the record's other lines, one per line")
        ->check(CLI::Range(std::size_t{0}, std::size_t{100'000'000}));
    sub->add_option("--seed", options->ensemble.ensemble.seed,
                    "--sample: seed of the sampler; the same seed gives the same structures on "
                    "any number of threads and backends");
    sub->add_flag("--sample-energies", options->ensemble.text.sample_energies,
                  "--sample: print each structure's free energy and Boltzmann probability after "
                  "it, as RNAsubopt -p --en");
    sub->add_option("--min-loop", options->min_loop,
                    "nussinov: minimum hairpin loop: a pair (i,j) needs j - i > N")
        ->check(CLI::NonNegativeNumber);
    sub->add_option(
        "--weights", options->weights,
        "nussinov: integer pair weights, e.g. GC=3,AU=2,GU=1 (any subset; 0 forbids a pair)");
    sub->add_flag("--no-gu", options->no_gu,
                  "nussinov: forbid G-U wobble pairs (sets the GU weight to 0)");
    add_run_options(sub, options->shared, kComputeOptions | Shared::Chunk);
    return {sub, [options] { run_fold(*options); }};
}

}  // namespace tropic::cli
