// `tropic fold`: secondary structure of every input record, streamed chunk by chunk.
//
// Pipeline per chunk: a reader thread parses and validates the next chunk while this one is
// encoded, folded (fold_nussinov_many picks CPU threads or the GPU) and formatted in parallel;
// the formatted blocks go out in input order on a writer thread while the next chunk folds.
#include <fmt/format.h>

#include <algorithm>
#include <future>
#include <memory>
#include <mutex>
#include <optional>
#include <string>
#include <vector>

#include "cli/commands.hpp"
#include "cli/energy_options.hpp"
#include "cli/fold_constrained.hpp"
#include "cli/input_checks.hpp"
#include "tropic/core/alphabet.hpp"
#include "tropic/core/backend.hpp"
#include "tropic/core/device.hpp"
#include "tropic/core/error.hpp"
#include "tropic/core/output_sink.hpp"
#include "tropic/core/progress.hpp"
#include "tropic/core/sequence_reader.hpp"
#include "tropic/core/thread_pool.hpp"
#include "tropic/rna/energy_params.hpp"
#include "tropic/rna/fold_writer.hpp"
#include "tropic/rna/mfe.hpp"
#include "tropic/rna/nussinov.hpp"

namespace tropic::cli {

namespace {

// A chunk never holds more residues than this (a longer single record still comes whole).
constexpr std::size_t kChunkMaxResidues = std::size_t{32} << 20;
// Records formatted into one output string by one thread.
constexpr std::size_t kFormatBlock = 2048;

struct FoldOptions {
    std::vector<std::string> inputs;
    std::string model = "mfe";
    rna::ModelDetails mfe_model;
    bool constraints = false;
    int min_loop = 3;
    std::string weights = "GC=1,AU=1,GU=1";
    bool no_gu = false;
    std::string backend = "auto";
    unsigned threads = 0;
    int device = 0;
    std::string output;
    bool json = false;
    bool quiet = false;
    std::size_t chunk = 65536;
};

// The records of all inputs in order, a chunk at a time. A chunk holds records of one file.
class ChunkSource {
  public:
    ChunkSource(std::vector<std::string> inputs, std::size_t max_records)
        : inputs_(std::move(inputs)), max_records_(max_records) {}

    // Replaces `records` with the next chunk; false once every input is exhausted.
    bool next(std::vector<SequenceRecord>& records) {
        records.clear();
        while (next_input_ < inputs_.size() || reader_) {
            if (!reader_) reader_ = std::make_unique<SequenceReader>(inputs_[next_input_++]);
            if (reader_->read_chunk(records, max_records_, kChunkMaxResidues)) return true;
            reader_.reset();
        }
        return false;
    }

  private:
    std::vector<std::string> inputs_;
    std::size_t max_records_;
    std::size_t next_input_ = 0;
    std::unique_ptr<SequenceReader> reader_;
};

// A bar for the long record being folded, fed by the engine's per-record progress (only records
// folded one at a time on the CPU report any). It counts permille of the record's work.
class RecordProgress {
  public:
    explicit RecordProgress(const std::vector<SequenceRecord>& records) : records_(records) {}

    void update(std::size_t record, double fraction) {
        if (!bar_ || record != record_) start(record);
        const auto permille = static_cast<std::uint64_t>(std::clamp(fraction, 0.0, 1.0) * 1000);
        if (permille > shown_) {
            bar_->advance(permille - shown_);
            shown_ = permille;
        }
        if (fraction >= 1.0) finish();
    }

    void finish() { bar_.reset(); }  // the bar clears its line when destroyed

  private:
    // Long names are cut so that the bar stays on one terminal line.
    static constexpr std::size_t kMaxNameShown = 24;

    void start(std::size_t record) {
        finish();
        const SequenceRecord& r = records_[record];
        std::string name =
            r.name.size() > kMaxNameShown ? r.name.substr(0, kMaxNameShown - 3) + "..." : r.name;
        std::string label = name.empty()
                                ? fmt::format("folding {} nt", r.residues.size())
                                : fmt::format("folding {} ({} nt)", name, r.residues.size());
        bar_ = std::make_unique<ProgressBar>(std::move(label), 1000, true, "\u2030");
        record_ = record;
        shown_ = 0;
    }

    const std::vector<SequenceRecord>& records_;
    std::unique_ptr<ProgressBar> bar_;
    std::size_t record_ = 0;
    std::uint64_t shown_ = 0;
};

rna::NussinovParams make_params(const FoldOptions& options) {
    rna::NussinovParams params;
    params.min_loop = options.min_loop;
    params.weights = rna::PairWeights::parse(options.weights);
    if (options.no_gu) params.weights.gu = 0;
    rna::validate(params);
    return params;
}

// The MFE model's energy parameters and options; checked before any input is read.
struct MfeSetup {
    rna::EnergyParams params;
    rna::MfeOptions options;
};

std::unique_ptr<MfeSetup> make_mfe_setup(const FoldOptions& options) {
    if (options.model != "mfe") return nullptr;
    auto setup = std::make_unique<MfeSetup>();
    setup->params = options.mfe_model.energy_params();
    setup->options = options.mfe_model.mfe_options();
    return setup;
}

void run_fold(const FoldOptions& options) {
    const rna::NussinovParams params = make_params(options);
    const Backend backend = parse_backend(options.backend);
    const std::unique_ptr<MfeSetup> mfe = make_mfe_setup(options);
    check_backend_available(backend, options.device);
    // With --backend cuda the CUDA context comes up while the first records are read (auto may
    // keep a small input on the CPU, which should not pay for a context).
    std::future<void> device_ready;
    if (backend == Backend::Cuda)
        device_ready =
            std::async(std::launch::async, [device = options.device] { warm_up_device(device); });
    std::vector<std::string> inputs = options.inputs;
    if (inputs.empty()) inputs.push_back("-");
    check_inputs_readable(inputs);

    OutputSink sink(options.output);
    ThreadPool pool(options.threads);
    if (options.constraints) {
        if (!mfe) throw InputError("-C/--constraint needs the mfe model");
        rna::MfeRun run;
        run.backend = backend;
        run.device = options.device;
        run.pool = &pool;
        run_constrained_fold(inputs, mfe->params, mfe->options, run, options.json, sink);
        sink.commit();
        return;
    }
    rna::NussinovOptions engine;
    engine.backend = backend;
    engine.device = options.device;
    engine.pool = &pool;
    const bool show_progress = ProgressBar::wanted(options.quiet);
    ProgressBar progress("tropic fold", 0, show_progress, " records", "nt");

    // Declared before the futures that refer to them, so they outlive those threads.
    ChunkSource source(std::move(inputs), options.chunk);
    std::vector<SequenceRecord> current, upcoming;
    std::vector<rna::EncodedSequence> encoded;
    std::vector<std::string> blocks[2];
    std::future<void> writing;
    int turn = 0;
    RecordProgress record_progress(current);
    // MFE records fold in parallel: the bar follows one long record at a time, the first to
    // report, and the next one once it is done.
    std::mutex progress_mutex;
    std::optional<std::size_t> shown_record;
    rna::MfeRun mfe_run;
    mfe_run.backend = backend;
    mfe_run.device = options.device;
    mfe_run.pool = &pool;
    if (show_progress)
        mfe_run.on_progress = [&](std::size_t record, double fraction) {
            std::lock_guard lock(progress_mutex);
            if (shown_record && *shown_record != record) return;
            shown_record = record;
            record_progress.update(record, fraction);
            if (fraction >= 1.0) shown_record.reset();
        };
    if (show_progress)
        engine.on_progress = [&record_progress](std::size_t record, double fraction) {
            record_progress.update(record, fraction);
        };

    bool have = source.next(current);
    while (have) {
        auto reading = std::async(std::launch::async, [&] { return source.next(upcoming); });

        const std::size_t n = current.size();
        encoded.resize(n);
        pool.parallel_for(
            0, n, [&](std::size_t r) { encoded[r] = encode_rna(current[r].residues); }, 1024);
        std::vector<rna::NussinovResult> results;
        std::vector<rna::MfeResult> mfe_results;
        if (mfe)
            mfe_results = rna::fold_mfe_many(encoded, mfe->params, mfe->options, mfe_run);
        else
            results = rna::fold_nussinov_many(encoded, params, engine);
        record_progress.finish();
        if ((mfe ? mfe_results.size() : results.size()) != n)
            throw InternalError("fold returned a different number of results than records");

        std::vector<std::string>& out = blocks[turn];
        out.resize((n + kFormatBlock - 1) / kFormatBlock);
        pool.parallel_for(0, out.size(), [&](std::size_t b) {
            std::string& text = out[b];
            text.clear();
            std::size_t last = std::min(n, (b + 1) * kFormatBlock);
            for (std::size_t r = b * kFormatBlock; r < last; ++r) {
                if (mfe && options.json)
                    rna::append_fold_json(text, current[r], mfe_results[r]);
                else if (mfe)
                    rna::append_fold_text(text, current[r], mfe_results[r]);
                else if (options.json)
                    rna::append_fold_json(text, current[r], results[r]);
                else
                    rna::append_fold_text(text, current[r], results[r]);
            }
        });

        if (writing.valid()) writing.get();
        writing = std::async(std::launch::async, [&sink, &out] {
            for (const auto& text : out) sink.write(text);
        });
        std::size_t residues = 0;
        for (const auto& record : current) residues += record.residues.size();
        progress.advance(n, residues);

        have = reading.get();
        std::swap(current, upcoming);
        turn ^= 1;
    }
    if (writing.valid()) writing.get();
    progress.finish();
    sink.commit();
}

}  // namespace

Command add_fold_command(CLI::App& app) {
    auto options = std::make_shared<FoldOptions>();
    auto* sub = app.add_subcommand(
        "fold",
        "Predict RNA secondary structures; prints RNAfold's layout (name, sequence, structure "
        "and score) for every FASTA/FASTQ record");
    sub->add_option("inputs", options->inputs,
                    "FASTA or FASTQ files, plain or gzip-compressed; none or '-' reads stdin");
    sub->add_option("--model", options->model,
                    "Folding model: mfe (minimum free energy, Turner 2004 as in RNAfold) or "
                    "nussinov (base-pair maximisation)")
        ->check(CLI::IsMember({"mfe", "nussinov"}));
    add_energy_model_options(sub, options->mfe_model, "mfe: ");
    sub->add_flag("--noLP", options->mfe_model.no_lonely_pairs,
                  "mfe: no lonely pairs (every pair stacks on another), as RNAfold's --noLP");
    sub->add_flag("-C,--constraint", options->constraints,
                  "mfe: read a hard-constraint line after each sequence, as RNAfold -C: x "
                  "unpaired, < > pairs downstream/upstream, ( ) pair only together, . | free");
    sub->add_option("--max-bp-span,--maxBPspan", options->mfe_model.max_bp_span,
                    "mfe: pairs (i,j) need j - i + 1 <= L, as RNAfold's --maxBPspan; -1: no limit")
        ->check(CLI::Range(-1, 1 << 30));
    sub->add_option("--min-loop", options->min_loop,
                    "nussinov: minimum hairpin loop: a pair (i,j) needs j - i > N")
        ->check(CLI::NonNegativeNumber);
    sub->add_option(
        "--weights", options->weights,
        "nussinov: integer pair weights, e.g. GC=3,AU=2,GU=1 (any subset; 0 forbids a pair)");
    sub->add_flag("--no-gu", options->no_gu,
                  "nussinov: forbid G-U wobble pairs (sets the GU weight to 0)");
    sub->add_option("--backend", options->backend, "Where to fold: auto, cpu or cuda")
        ->check(CLI::IsMember({"auto", "cpu", "cuda"}));
    sub->add_option("--threads", options->threads, "CPU threads; 0 uses all cores")
        ->check(CLI::NonNegativeNumber);
    sub->add_option("--device", options->device, "CUDA device index")
        ->check(CLI::NonNegativeNumber);
    sub->add_option("-o,--output", options->output,
                    "Write results to FILE (created only when the run succeeds); default stdout");
    sub->add_flag("--json", options->json, "Print one JSON object per record and line");
    sub->add_flag("-q,--quiet", options->quiet, "No progress bar");
    sub->add_option("--chunk", options->chunk,
                    "Records read, folded and written at a time (also capped at 32 M residues)")
        ->check(CLI::PositiveNumber);
    return {sub, [options] { run_fold(*options); }};
}

}  // namespace tropic::cli
