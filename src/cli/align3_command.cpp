// `tropic align3`: optimal alignment of three sequences under sum-of-pairs scores, the records of
// one file in threes or record i of three files. Triples stream through the library's pipeline
// (tropic/core/pipeline.hpp) a chunk at a time into align::align3_many, which runs a large triple
// on every thread or on the device; the results are written in input order by the library's
// writers (tropic/align/align3_writer.hpp). A triple that fails (one that does not fit memory) is
// reported when its chunk is computed and the others are still written, as `tropic align` does
// with pairs.
#include <fmt/format.h>

#include <memory>
#include <optional>
#include <string>
#include <vector>

#include "cli/align3_inputs.hpp"
#include "cli/align_output.hpp"
#include "cli/align_scoring.hpp"
#include "cli/commands.hpp"
#include "cli/notices.hpp"
#include "cli/option_checks.hpp"
#include "cli/pair_command.hpp"
#include "cli/pair_progress.hpp"
#include "cli/progress_bar.hpp"
#include "cli/shared_options.hpp"
#include "tropic/align/align3.hpp"
#include "tropic/align/align3_writer.hpp"
#include "tropic/core/error.hpp"
#include "tropic/core/input_files.hpp"
#include "tropic/core/output_files.hpp"
#include "tropic/core/output_sink.hpp"
#include "tropic/core/pipeline.hpp"
#include "tropic/core/record_chunks.hpp"
#include "tropic/core/thread_pool.hpp"

namespace tropic::cli {

namespace {

using align::Align3Output;
using align::Align3Result;

struct Align3Options {
    std::vector<std::string> inputs;
    ScoringOptions scoring;
    std::optional<int> gap;  // the linear model's cost
    bool score_only = false;
    std::optional<std::string> format;  // default: tsv
    SharedOptions shared;
};

// The layout the options ask for; throws InputError for contradicting ones.
Align3Output chosen_output(const Align3Options& o) {
    const Align3Output output =
        with_json(o.format, o.format ? *align::parse_align3_output(*o.format) : Align3Output::Tsv,
                  Align3Output::Json, o.shared);
    if (o.score_only && output != Align3Output::Tsv && output != Align3Output::Json)
        throw InputError(fmt::format(
            "--score-only computes scores only, without the alignment's columns that --format "
            "{} needs: use --format tsv or json",
            align::output_name(output)));
    return output;
}

// align's scoring; --gap G is the linear model (gap open 0, extend G).
align::Scoring align3_scoring(const Align3Options& o, Alphabet alphabet) {
    align::Scoring scoring = make_scoring(o.scoring, alphabet);
    if (o.gap) scoring.gaps = {0, *o.gap};
    return scoring;
}

struct TripleChunk {
    std::vector<Triple> triples;
};

class Align3Run {
  public:
    explicit Align3Run(const Align3Options& options)
        : options_(options), pool_(options.shared.threads) {
        params_.score_only = options.score_only;
        output_ = chosen_output(options);
        run_ = make_run_options(options.shared, pool_);
    }

    void run() {
        check_input_files(options_.inputs);
        const std::optional<Alphabet> requested = requested_alphabet(options_.scoring);
        input_ = std::make_unique<TripleInput>(options_.inputs, requested);
        alphabet_ = requested ? *requested : detect();
        params_.scoring = align3_scoring(options_, alphabet_);
        align::validate(params_);

        OutputFiles outputs;
        OutputSink sink(outputs, options_.shared.output);
        if (output_ == Align3Output::Tsv) {
            std::string header;
            align::append_align3_tsv_header(header);
            sink.write(header);
        }
        stream(sink);
        sink.commit();
        outputs.commit();
        if (failed_ > 0)
            throw ResourceError(fmt::format(
                "{} triple(s) could not be aligned and have no result; the others were written",
                failed_));
    }

  private:
    Alphabet detect() {
        const Alphabet alphabet = input_->detect_alphabet();
        note(fmt::format("aligning as {} (detected from the first record of each input); use "
                         "--protein or --dna to choose",
                         alphabet == Alphabet::Dna ? "DNA" : "protein"),
             options_.shared.quiet);
        return alphabet;
    }

    void stream(OutputSink& sink) {
        const bool bars = ProgressBar::wanted(options_.shared.quiet);
        ProgressBar progress("tropic align3", 0, bars, " triples");
        const std::vector<Triple>* computing = nullptr;
        PairProgress large([&computing](std::size_t k) {
            const auto& r = (*computing)[k].records;
            return fmt::format("align3 {} ({} x {} x {})", (*computing)[k].what,
                               r[0].residues.size(), r[1].residues.size(), r[2].residues.size());
        });
        RunOptions run = run_;
        if (bars)
            run.on_progress = [&large](std::size_t k, double fraction) {
                large.update(k, fraction);
            };
        PipelineSteps<TripleChunk, Outcome<Align3Result>> steps;
        steps.read = [this](TripleChunk& chunk) { return read(chunk); };
        steps.compute = [&](TripleChunk& chunk) {
            computing = &chunk.triples;
            std::vector<Outcome<Align3Result>> outcomes = compute(chunk, run);
            large.reset();
            computing = nullptr;
            return outcomes;
        };
        steps.format = [this](std::string& out, const TripleChunk& chunk, std::size_t k,
                              const Outcome<Align3Result>& outcome) {
            if (!outcome.ok()) return;
            const auto& r = chunk.triples[k].records;
            align::append_align3(output_, out, {&r[0], &r[1], &r[2]}, outcome.result, params_);
        };
        steps.chunk_done = [&progress](const TripleChunk& chunk,
                                       const std::vector<Outcome<Align3Result>>&) {
            progress.advance(chunk.triples.size());
        };
        run_pipeline(steps, sink, run.pool);
        progress.finish();
    }

    // The next triples, up to --chunk of them and the chunk's residues; false at the end.
    bool read(TripleChunk& chunk) {
        chunk.triples.clear();
        std::size_t residues = 0;
        while (chunk.triples.size() < options_.shared.chunk && residues < ChunkLimits{}.residues) {
            std::optional<Triple> triple = input_->next();
            if (!triple) break;
            for (const SequenceRecord& record : triple->records) residues += record.residues.size();
            chunk.triples.push_back(std::move(*triple));
        }
        return !chunk.triples.empty();
    }

    // The chunk's triples in one call; those that failed are reported here, in input order.
    std::vector<Outcome<Align3Result>> compute(const TripleChunk& chunk, const RunOptions& run) {
        std::vector<std::array<std::vector<std::uint8_t>, 3>> codes(chunk.triples.size());
        std::vector<align::Align3Input> inputs;
        inputs.reserve(chunk.triples.size());
        for (std::size_t t = 0; t < chunk.triples.size(); ++t) {
            for (std::size_t s = 0; s < 3; ++s)
                codes[t][s] = encode_residues(chunk.triples[t].records[s], alphabet_);
            inputs.push_back({{codes[t][0], codes[t][1], codes[t][2]}, chunk.triples[t].what});
        }
        std::vector<Outcome<Align3Result>> outcomes = align::align3_many(inputs, params_, run);
        if (outcomes.size() != inputs.size())
            throw InternalError("tropic align3: a different number of results than triples");
        for (std::size_t t = 0; t < outcomes.size(); ++t)
            if (!outcomes[t].ok()) {
                report_error(chunk.triples[t].what + ": " + outcomes[t].error);
                ++failed_;
            }
        return outcomes;
    }

    const Align3Options& options_;
    ThreadPool pool_;
    align::Align3Params params_;
    Align3Output output_ = Align3Output::Tsv;
    Alphabet alphabet_ = Alphabet::Dna;
    RunOptions run_;
    std::unique_ptr<TripleInput> input_;
    std::size_t failed_ = 0;
};

}  // namespace

Command add_align3_command(CLI::App& app) {
    auto options = std::make_shared<Align3Options>();
    // Triples stream a few hundred at a time, so that results show while a long input runs.
    options->shared.chunk = 256;
    auto* sub = app.add_subcommand(
        "align3",
        "Optimal alignment of three sequences (sum of pairs, linear or affine gaps), DNA or "
        "protein, on all threads or the GPU");
    sub->add_option("inputs", options->inputs,
                    "One FASTA/FASTQ file whose records are taken in threes (1-3, 4-6, ...), or "
                    "three files A B C whose i-th records make a triple; plain or gzip; '-' is "
                    "stdin")
        ->required()
        ->expected(1, 3)
        ->type_name("FILE");
    add_scoring_options(sub, options->scoring, "detected from the first records");
    auto* gap = sub->add_option("--gap", options->gap,
                                "Linear gaps: a residue against a gap costs G (the same as "
                                "--gap-open 0 --gap-extend G); default: affine gaps as --gap-open "
                                "and --gap-extend")
                    ->check(at_least(1))
                    ->type_name("G");
    gap->excludes(sub->get_option("--gap-open"));
    gap->excludes(sub->get_option("--gap-extend"));
    sub->add_flag("--score-only", options->score_only,
                  "Scores only, no traceback (less memory and time); --format tsv or json");
    sub->add_option("--format", options->format,
                    "Output layout: tsv, json (as --json), fasta (aligned FASTA) or clustal")
        ->check(one_of({"tsv", "json", "fasta", "clustal"}))
        ->default_str("tsv")
        ->type_name("LAYOUT");
    add_run_options(sub, options->shared,
                    kComputeOptions | Shared::Chunk | Shared::OneDeviceProblem);
    return {sub, [options] { Align3Run(*options).run(); }};
}

}  // namespace tropic::cli
