// `tropic rri`: RNA-RNA interaction (BPMax) of every query against every target, or of records
// paired in order (--pairs). Queries are held in memory; targets stream one record at a time, and
// each pair's result is written as soon as it is done. A pair whose tables do not fit the memory
// limit is reported on stderr and skipped; the other results are still written (and -o still
// committed), and the run ends with exit code 2.
#include <fmt/format.h>

#include <algorithm>
#include <memory>
#include <optional>
#include <string>
#include <vector>

#include "cli/commands.hpp"
#include "cli/input_checks.hpp"
#include "cli/output_sink.hpp"
#include "cli/rri_output.hpp"
#include "rna/nussinov_table.hpp"
#include "tropic/core/alphabet.hpp"
#include "tropic/core/error.hpp"
#include "tropic/core/progress.hpp"
#include "tropic/core/sequence_reader.hpp"
#include "tropic/core/thread_pool.hpp"
#include "tropic/rna/bpmax.hpp"

namespace tropic::cli {

namespace {

struct RriOptions {
    std::string query, target;
    bool pairs = false;
    std::string model = "bpmax";
    std::string weights = "GC=3,AU=1,GU=1.5";
    std::size_t window1 = 0, window2 = 0, top = 1;
    std::string backend = "auto";
    unsigned threads = 0;
    int device = 0;
    std::string max_memory;
    std::string output;
    bool json = false;
    bool quiet = false;
};

// "512M", "1.5G", "2000000": bytes, with an optional binary suffix K, M, G or T.
std::size_t parse_memory_size(const std::string& text) {
    std::size_t used = 0;
    double value = -1;
    try {
        value = std::stod(text, &used);
    } catch (const std::exception&) {
        used = 0;
    }
    std::string suffix = text.substr(used);
    double unit = 1;
    if (suffix.size() == 1 || (suffix.size() == 2 && (suffix[1] == 'B' || suffix[1] == 'b'))) {
        const std::string units = "KMGT";
        auto pos =
            units.find(static_cast<char>(std::toupper(static_cast<unsigned char>(suffix[0]))));
        if (pos != std::string::npos) {
            unit = static_cast<double>(std::size_t{1} << (10 * (pos + 1)));
            suffix.clear();
        }
    }
    if (used == 0 || !suffix.empty() || !(value >= 0))
        throw InputError(fmt::format(
            "--max-memory '{}': expected a size such as 4G, 512M or a number of bytes", text));
    return static_cast<std::size_t>(value * unit);
}

// The next record of `reader`, checked to have residues; nullopt at the end of input.
std::optional<SequenceRecord> next_record(SequenceReader& reader) {
    std::optional<SequenceRecord> record = reader.next();
    if (record && record->residues.empty())
        throw InputError(fmt::format("{}: record {} ('{}'): empty sequence", reader.path(),
                                     reader.records_read(), record->name));
    return record;
}

class RriRun {
  public:
    explicit RriRun(const RriOptions& options)
        : options_(options), sink_(options.output), pool_(options.threads) {
        params_.weights = rna::BpmaxWeights::parse(options.weights);
        params_.window1 = options.window1;
        params_.window2 = options.window2;
        params_.top = options.top;
        rna::validate(params_);
        // Auto runs on the CPU until BPMax has a CUDA path of its own; cuda sends the double
        // reduction to the tropical engine's CUDA backend.
        const Backend backend = parse_backend(options.backend);
        check_backend_available(backend, options.device);
        engine_.backend = backend == Backend::Cuda ? Backend::Cuda : Backend::Cpu;
        engine_.device = options.device;
        engine_.pool = &pool_;
        engine_.max_memory = options.max_memory.empty() ? rna::detail::available_memory_bytes()
                                                        : parse_memory_size(options.max_memory);
        show_progress_ = ProgressBar::wanted(options.quiet);
    }

    void run() {
        check_inputs_readable({options_.query, options_.target});
        if (options_.pairs)
            run_pairs();
        else
            run_all_against_all();
        sink_.commit();
        if (skipped_ > 0)
            throw ResourceError(fmt::format(
                "{} pair(s) did not fit in memory and have no result; the others were written",
                skipped_));
    }

  private:
    void run_pairs() {
        SequenceReader queries(options_.query), targets(options_.target);
        for (;;) {
            auto query = next_record(queries);
            auto target = next_record(targets);
            if (query && target) {
                solve(*query, *target);
            } else if (query || target) {
                throw InputError(fmt::format(
                    "--pairs: '{}' has more records than '{}' (record {} has no partner)",
                    query ? queries.path() : targets.path(),
                    query ? targets.path() : queries.path(),
                    query ? queries.records_read() : targets.records_read()));
            } else {
                return;
            }
        }
    }

    void run_all_against_all() {
        std::vector<SequenceRecord> queries;
        {
            SequenceReader reader(options_.query);
            while (auto record = next_record(reader)) queries.push_back(std::move(*record));
        }
        SequenceReader targets(options_.target);
        while (auto target = next_record(targets))
            for (const SequenceRecord& query : queries) solve(query, *target);
    }

    void solve(const SequenceRecord& query, const SequenceRecord& target) {
        const std::string name =
            fmt::format("query '{}' against target '{}'", query.name, target.name);
        const std::size_t n1 = query.residues.size(), n2 = target.residues.size();
        try {
            rna::check_bpmax_memory(n1, n2, params_, pool_.size(), engine_.max_memory, name);
        } catch (const ResourceError& e) {
            std::fprintf(stderr, "tropic: error: %s\n", e.what());
            ++skipped_;
            return;
        }
        ProgressBar bar(fmt::format("rri {}&{} ({} x {} nt)", query.name, target.name, n1, n2),
                        1000, show_progress_, "\u2030");
        std::uint64_t shown = 0;
        rna::BpmaxOptions engine = engine_;
        engine.on_progress = [&](double fraction) {
            const auto permille = static_cast<std::uint64_t>(std::clamp(fraction, 0.0, 1.0) * 1000);
            if (permille > shown) bar.advance(permille - shown);
            shown = std::max(shown, permille);
        };
        const rna::BpmaxResult result = rna::interact_bpmax(
            encode_rna(query.residues), encode_rna(target.residues), params_, engine);
        bar.finish();
        std::string text;
        if (options_.json)
            append_rri_json(text, query, target, result, params_.weights);
        else
            append_rri_text(text, query, target, result, params_.weights);
        sink_.write(text);
    }

    const RriOptions& options_;
    OutputSink sink_;
    ThreadPool pool_;
    rna::BpmaxParams params_;
    rna::BpmaxOptions engine_;
    bool show_progress_ = false;
    std::size_t skipped_ = 0;
};

}  // namespace

Command add_rri_command(CLI::App& app) {
    auto options = std::make_shared<RriOptions>();
    auto* sub = app.add_subcommand(
        "rri",
        "RNA-RNA interaction by weighted base-pair maximisation (BPMax): the joint structure of "
        "every query against every target, with intra- and inter-molecular pairs");
    sub->add_option("query", options->query,
                    "Query FASTA/FASTQ (strand 1), plain or gzip; '-' is stdin")
        ->required();
    sub->add_option(
           "target", options->target,
           "Target FASTA/FASTQ (strand 2, 5'->3'), streamed record by record; '-' is stdin")
        ->required();
    sub->add_flag("--pairs", options->pairs,
                  "Pair the records of the two files in order instead of every query against every "
                  "target");
    sub->add_option("--model", options->model, "Interaction model: bpmax")
        ->check(CLI::IsMember({"bpmax"}));
    sub->add_option("--weights", options->weights,
                    "Pair weights for intra- and inter-molecular pairs, e.g. GC=3,AU=1,GU=1.5 (any "
                    "subset; at most two decimals; 0 forbids a pair)");
    sub->add_option("--window1", options->window1,
                    "Longest query stretch of a site (0: the whole query)")
        ->check(CLI::NonNegativeNumber);
    sub->add_option("--window2", options->window2,
                    "Longest target stretch of a site (0: the whole target)")
        ->check(CLI::NonNegativeNumber);
    sub->add_option("--top", options->top, "Report the K best non-overlapping sites per pair")
        ->check(CLI::PositiveNumber);
    sub->add_option("--backend", options->backend,
                    "Where the double reduction runs: auto (the CPU for now), cpu or cuda")
        ->check(CLI::IsMember({"auto", "cpu", "cuda"}));
    sub->add_option("--threads", options->threads, "CPU threads; 0 uses all cores")
        ->check(CLI::NonNegativeNumber);
    sub->add_option("--device", options->device, "CUDA device index")
        ->check(CLI::NonNegativeNumber);
    sub->add_option("--max-memory", options->max_memory,
                    "Memory a pair's tables may take, e.g. 8G or 512M; 0 for no limit; default: "
                    "the memory available now");
    sub->add_option("-o,--output", options->output,
                    "Write results to FILE (atomically; also when some pairs did not fit); default "
                    "stdout");
    sub->add_flag("--json", options->json, "Print one JSON object per pair and line");
    sub->add_flag("-q,--quiet", options->quiet, "No progress bar");
    return {sub, [options] { RriRun(*options).run(); }};
}

}  // namespace tropic::cli
