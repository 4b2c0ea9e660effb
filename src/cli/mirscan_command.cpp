// `tropic mirscan`: microRNA precursor candidates in a genome (docs/mirscan.md). The genome is
// scanned by the library (mirna::mirscan_file: windows folded on the GPU or every CPU thread,
// hairpins, features, shuffles, score); the command chooses the parameters, the classifier (the
// default score, a tree trained here with --train, or one loaded with --model) and the outputs,
// and prints a summary.
//
// Modes: GENOME scans; --train POS NEG fits a tree, which --save-model keeps and which scans
// GENOME when one is given in the same run. --train needs one of the two, or the tree would be
// lost.
#include <fmt/format.h>

#include <chrono>
#include <memory>
#include <optional>
#include <string>
#include <string_view>
#include <vector>

#include "cli/align_output.hpp"
#include "cli/commands.hpp"
#include "cli/energy_options.hpp"
#include "cli/mirscan_outputs.hpp"
#include "cli/mirscan_training.hpp"
#include "cli/option_checks.hpp"
#include "cli/progress_bar.hpp"
#include "cli/shared_options.hpp"
#include "tropic/core/error.hpp"
#include "tropic/core/input_files.hpp"
#include "tropic/core/output_files.hpp"
#include "tropic/core/output_sink.hpp"
#include "tropic/core/thread_pool.hpp"
#include "tropic/mirna/mirscan.hpp"
#include "tropic/mirna/mirscan_writer.hpp"
#include "tropic/rna/model_details.hpp"

namespace tropic::cli {

namespace {

struct MirscanOptions {
    std::string genome;
    std::optional<std::string> format;  // default: bed
    int window = 120;
    int step = 20;
    std::string strand = "both";
    bool skip_masked = false;
    std::uint32_t min_hairpin = 60;
    rna::ModelDetails model_details;
    std::uint32_t shuffles = 100;
    std::uint64_t seed = 1;
    std::vector<std::string> train;  // POSITIVES NEGATIVES
    std::string save_model;
    std::string model;
    double min_score = mirna::kDefaultScoreThreshold;
    std::string plot_dir;
    std::size_t plot_top = 20;
    std::string all_hairpins;
    std::string reads;
    SharedOptions shared;
};

mirna::ScanStrands parse_strands(const std::string& strand) {
    if (strand == "+") return mirna::ScanStrands::Forward;
    if (strand == "-") return mirna::ScanStrands::Reverse;
    return mirna::ScanStrands::Both;
}

// Which of scanning and training the options ask for; InputError when they do not fit together.
void check_mode(const MirscanOptions& o) {
    const bool training = !o.train.empty();
    if (o.genome.empty() && !training)
        throw InputError(
            "tropic mirscan needs a GENOME.fa to scan, or --train POSITIVES.fa NEGATIVES.fa");
    if (training && !o.model.empty())
        throw InputError(
            "--train fits a tree and --model loads one: give one of them (a scan after --train "
            "uses the tree just trained)");
    if (!o.save_model.empty() && !training)
        throw InputError("--save-model saves the tree that --train fits: add --train");
    if (training && o.genome.empty() && o.save_model.empty())
        throw InputError(
            "--train without --save-model FILE or a GENOME to scan would throw the tree away");
    if (o.genome.empty() && (!o.plot_dir.empty() || !o.all_hairpins.empty() || !o.reads.empty()))
        throw InputError("--plot, --all-hairpins and --reads need a GENOME to scan");
}

mirna::MirscanParams scan_params(const MirscanOptions& o) {
    mirna::MirscanParams params;
    params.windows.window = o.window;
    params.windows.step = o.step;
    params.windows.strands = parse_strands(o.strand);
    params.windows.skip_masked = o.skip_masked;
    params.windows.min_length = static_cast<int>(o.min_hairpin);
    params.min_hairpin = o.min_hairpin;
    params.mfe = o.model_details.mfe_params();
    params.shuffles = o.shuffles;
    params.seed = o.seed;
    params.min_score = o.min_score;
    params.reads_path = o.reads;
    mirna::validate(params);
    return params;
}

std::vector<std::string> input_files(const MirscanOptions& o) {
    std::vector<std::string> inputs = o.train;
    for (const std::string* path : {&o.genome, &o.model, &o.reads})
        if (!path->empty()) inputs.push_back(*path);
    return inputs;
}

double seconds_since(std::chrono::steady_clock::time_point start) {
    return std::chrono::duration<double>(std::chrono::steady_clock::now() - start).count();
}

// "1 sequence", "2 sequences".
std::string counted(std::uint64_t n, std::string_view noun) {
    return fmt::format("{} {}{}", n, noun, n == 1 ? "" : "s");
}

void print_training(const TrainingSummary& s, const mirna::DecisionTree& tree,
                    const std::string& saved) {
    const std::size_t rows = s.positives + s.negatives;
    fmt::print(stderr,
               "tropic mirscan: trained a decision tree ({}) on {} and {} ({:.1f}% of them "
               "classified right){}\n",
               counted(tree.nodes().size(), "node"), counted(s.positives, "positive"),
               counted(s.negatives, "negative"),
               rows == 0 ? 0.0 : 100.0 * static_cast<double>(s.correct) / rows,
               saved.empty() ? "" : "; wrote " + saved);
}

// Mbp with two decimals, or three significant digits below 1 Mbp ("0.0054"), so that small
// genomes and slow rates show.
std::string mbp_text(double mbp) {
    return mbp >= 1 ? fmt::format("{:.2f}", mbp) : fmt::format("{:.3g}", mbp);
}

void print_scan(const mirna::MirscanSummary& s, double seconds) {
    const double mbp = static_cast<double>(s.bases) / 1e6;
    fmt::print(stderr,
               "tropic mirscan: {}, {} Mbp, {}, {}, {} ({} passed the filter, {}), {}; "
               "{:.2f} s, {} Mbp/s\n",
               counted(s.sequences, "sequence"), mbp_text(mbp), counted(s.windows, "window"),
               counted(s.hairpins, "hairpin"),
               s.loci == 1 ? "1 locus" : fmt::format("{} loci", s.loci), s.filtered,
               counted(s.shuffles, "shuffle"), counted(s.candidates, "candidate"), seconds,
               mbp_text(seconds > 0 ? mbp / seconds : 0.0));
}

void run_mirscan(const MirscanOptions& o) {
    const auto start = std::chrono::steady_clock::now();
    check_mode(o);
    const mirna::MirscanFormat format = with_json(
        o.format, o.format ? *mirna::parse_mirscan_format(*o.format) : mirna::MirscanFormat::Bed,
        mirna::MirscanFormat::Json, o.shared);
    const rna::EnergyParams energy = o.model_details.energy_params();
    mirna::MirscanParams params = scan_params(o);
    check_input_files(input_files(o));
    ThreadPool pool(o.shared.threads);
    const RunOptions run = make_run_options(o.shared, pool);
    std::optional<mirna::DecisionTree> tree;
    if (!o.model.empty()) tree = mirna::DecisionTree::load(o.model);
    if (tree && tree->uses_reads() && o.reads.empty())
        throw InputError(o.model + ": this tree was trained with read features: give --reads BAM");

    // Every output is declared, and so checked, before any work.
    OutputFiles files;
    std::unique_ptr<OutputSink> model_file;
    if (!o.save_model.empty())
        model_file = std::make_unique<OutputSink>(files, o.save_model, "--save-model");
    std::unique_ptr<MirscanOutputs> outputs;
    if (!o.genome.empty()) {
        MirscanOutputOptions out;
        out.output = o.shared.output;
        out.format = format;
        out.with_reads = !o.reads.empty();
        out.all_hairpins = o.all_hairpins;
        out.plot_dir = o.plot_dir;
        out.plot_top = o.plot_top;
        out.progress = ProgressBar::wanted(o.shared.quiet);
        outputs = std::make_unique<MirscanOutputs>(out, files);
    }

    if (!o.train.empty()) {
        TrainingSummary trained;
        tree = train_model(o.train[0], o.train[1], energy, params, run, trained);
        if (model_file) {
            model_file->write(tree->to_json());
            model_file->commit();
        }
        if (!o.shared.quiet) print_training(trained, *tree, o.save_model);
    }
    if (!outputs) {
        files.commit();
        return;
    }
    params.model = tree ? &*tree : nullptr;
    const mirna::MirscanSummary summary =
        mirna::mirscan_file(o.genome, energy, params, run, *outputs);
    outputs->finish();
    files.commit();
    if (!o.shared.quiet) print_scan(summary, seconds_since(start));
}

void add_scan_options(CLI::App* sub, MirscanOptions& o) {
    sub->add_option("--window", o.window, "Window length in nt")->check(at_least(1));
    sub->add_option("--step", o.step, "Distance between window starts in nt")->check(at_least(1));
    sub->add_option("--strand", o.strand,
                    "Strands to scan: both, + or - (minus-strand hits are reported in forward "
                    "coordinates)")
        ->check(one_of({"both", "+", "-"}))
        ->type_name("STRAND");
    sub->add_flag("--skip-masked", o.skip_masked,
                  "Leave out lower-case (soft-masked) bases as N runs are left out; without it "
                  "they are folded as upper case");
    sub->add_option("--min-hairpin", o.min_hairpin,
                    "Shortest stem-loop kept from a window's structure, in nt")
        ->check(between(1u, 100000u));
    add_energy_model_options(sub, o.model_details, "");
    add_pair_rule_options(sub, o.model_details, "");
}

void add_classifier_options(CLI::App* sub, MirscanOptions& o) {
    sub->add_option("--shuffles", o.shuffles,
                    "Dinucleotide shuffles folded per hairpin that passes the feature filter, "
                    "for its z-score and p-value; 0: none")
        ->check(between(0u, 1000000u));
    sub->add_option("--seed", o.seed,
                    "Seed of the shuffles; the same seed gives the same results on any backend "
                    "and number of threads");
    sub->add_option("--train", o.train,
                    "Fit a decision tree to known precursors (POSITIVES) and other hairpins "
                    "(NEGATIVES), FASTA, each record one hairpin; it scans GENOME when one is "
                    "given, and --save-model keeps it")
        ->expected(2)
        ->allow_extra_args(false)  // GENOME after the two files stays GENOME
        ->default_str("")
        ->type_name("POSITIVES NEGATIVES");
    sub->add_option("--save-model", o.save_model, "--train: write the tree to FILE (JSON)")
        ->type_name("FILE");
    sub->add_option("--model", o.model,
                    "Score candidates with the tree in FILE (from --save-model) instead of the "
                    "default score")
        ->type_name("FILE");
    sub->add_option("--min-score", o.min_score, "Report candidates scoring at least this")
        ->check(between(0.0, 1.0));
    sub->add_option("--reads", o.reads,
                    "An indexed BAM of small-RNA reads: reads on each arm and the 5' homogeneity "
                    "of the mature arm become features")
        ->type_name("BAM");
}

void add_output_options(CLI::App* sub, MirscanOptions& o) {
    sub->add_option("--format", o.format,
                    "Output layout: bed (BED6, score x 1000), gff3 (features as attributes), tsv "
                    "(every feature, the sequence and its structure) or json (the same, one "
                    "object per line)")
        ->check(one_of({"bed", "gff3", "tsv", "json"}))
        ->default_str("bed")
        ->type_name("LAYOUT");
    sub->add_option("--plot", o.plot_dir,
                    "Draw the best candidates' structures into DIR, one SVG each "
                    "(<chrom>_<start>-<end>_<plus|minus>_ss.svg)")
        ->type_name("DIR");
    sub->add_option("--plot-top", o.plot_top, "--plot: how many candidates, best scores first")
        ->check(between(std::size_t{1}, std::size_t{100000}));
    sub->add_option("--all-hairpins", o.all_hairpins,
                    "Also write every hairpin found, before classification, to FILE (tsv)")
        ->type_name("FILE");
}

}  // namespace

Command add_mirscan_command(CLI::App& app) {
    auto o = std::make_shared<MirscanOptions>();
    auto* sub = app.add_subcommand(
        "mirscan",
        "Scan a genome for microRNA precursor candidates: windows folded to minimum free "
        "energy on both strands, their longest stem-loops scored from their features and "
        "shuffled-sequence significance; BED, GFF3, tsv or JSON");
    sub->add_option("genome", o->genome,
                    "The genome: FASTA, plain or gzip; lower case is soft-masking")
        ->type_name("GENOME.fa");
    add_scan_options(sub, *o);
    add_classifier_options(sub, *o);
    add_output_options(sub, *o);
    add_run_options(sub, o->shared, kComputeOptions);
    return {sub, [o] { run_mirscan(*o); }};
}

}  // namespace tropic::cli
