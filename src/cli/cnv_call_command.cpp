// `tropic cnv call`: cn.mops' pipeline from a count matrix (or BAM files, counted first) to CNV
// calls. Every cn.mops parameter is an option with cn.mops' default; --mode exome and reference
// switch to exomecn.mops' and referencecn.mops' defaults, which options given explicitly still
// override. Results stream sequence by sequence into the writers (cnv_call_outputs.cpp).
#include <fmt/format.h>

#include <algorithm>
#include <charconv>
#include <cstdint>
#include <map>
#include <memory>
#include <optional>
#include <string>
#include <system_error>
#include <vector>

#include "cli/cnv_call_outputs.hpp"
#include "cli/cnv_commands.hpp"
#include "cli/cnv_count_options.hpp"
#include "cli/notices.hpp"
#include "cli/shared_options.hpp"
#include "tropic/cnv/cnmops_params.hpp"
#include "tropic/cnv/count_matrix_io.hpp"
#include "tropic/cnv/pipeline.hpp"
#include "tropic/cnv/read_counting.hpp"
#include "tropic/core/alignment_format.hpp"
#include "tropic/core/error.hpp"
#include "tropic/core/input_files.hpp"
#include "tropic/core/thread_pool.hpp"

namespace tropic::cli {

namespace {

using cnv::CnmopsParams;

// The model options given on the command line; each left out keeps the mode's default.
struct ModelOptions {
    std::optional<std::vector<double>> folds;
    std::optional<std::vector<std::string>> classes;
    std::optional<double> prior_impact;
    std::optional<int> cycles;
    std::optional<int> norm;
    std::optional<cnv::NormType> norm_type;
    std::optional<cnv::SizeFactor> size_factor;
    std::optional<double> norm_quantile, size_factor_quantile;
    std::optional<double> upper_threshold, lower_threshold;
    std::optional<int> min_width;
    std::optional<double> min_read_count;
    std::optional<cnv::Segmentation> segmentation;
    std::optional<double> seg_alpha, cbs_alpha;
    std::optional<int> cbs_permutations;
    std::optional<std::uint64_t> seed;
    bool use_median = false;
    bool fix_reference_prior = false;
};

struct CallOptions {
    SharedOptions shared;
    std::vector<std::string> inputs;
    std::string mode = "cohort";
    std::vector<std::string> controls, cases;
    ModelOptions model;
    CnvOutputOptions outputs;
    // Counting, when the inputs are BAM/CRAM files.
    cnv::ReadCountOptions counting;
};

const std::map<std::string, cnv::NormType> kNormTypes{{"poisson", cnv::NormType::Poisson},
                                                      {"mean", cnv::NormType::Mean},
                                                      {"median", cnv::NormType::Median},
                                                      {"quant", cnv::NormType::Quant},
                                                      {"mode", cnv::NormType::Mode}};
const std::map<std::string, cnv::SizeFactor> kSizeFactors{{"mean", cnv::SizeFactor::Mean},
                                                          {"median", cnv::SizeFactor::Median},
                                                          {"quant", cnv::SizeFactor::Quant},
                                                          {"mode", cnv::SizeFactor::Mode}};
const std::map<std::string, cnv::Segmentation> kSegmentations{{"fast", cnv::Segmentation::Fast},
                                                              {"cbs", cnv::Segmentation::Cbs}};

template <typename T>
void override_with(T& value, const std::optional<T>& given) {
    if (given) value = *given;
}

// The mode's defaults with the options given over them, checked against cn.mops' ranges.
CnmopsParams make_params(const std::string& mode, const ModelOptions& o) {
    CnmopsParams p = mode == "exome"       ? cnv::exome_defaults()
                     : mode == "reference" ? cnv::reference_defaults()
                                           : CnmopsParams{};
    if (o.folds && !o.classes) {
        throw InputError("--folds needs --classes naming each class (one of them CN2)");
    }
    override_with(p.folds, o.folds);
    override_with(p.classes, o.classes);
    override_with(p.prior_impact, o.prior_impact);
    override_with(p.cycles, o.cycles);
    override_with(p.norm, o.norm);
    override_with(p.norm_type, o.norm_type);
    override_with(p.size_factor, o.size_factor);
    override_with(p.norm_quantile, o.norm_quantile);
    override_with(p.size_factor_quantile, o.size_factor_quantile);
    override_with(p.upper_threshold, o.upper_threshold);
    override_with(p.lower_threshold, o.lower_threshold);
    override_with(p.min_width, o.min_width);
    override_with(p.min_read_count, o.min_read_count);
    override_with(p.segmentation, o.segmentation);
    override_with(p.seg_alpha, o.seg_alpha);
    override_with(p.cbs_alpha, o.cbs_alpha);
    override_with(p.cbs_permutations, o.cbs_permutations);
    override_with(p.seed, o.seed);
    p.use_median = o.use_median;
    p.fix_reference_prior = o.fix_reference_prior;
    if (p.method == cnv::Method::Reference && p.use_median) {
        throw InputError(
            "--use-median is a cohort option: referencecn.mops calls on segment means");
    }
    cnv::check_cnmops_params(p);
    return p;
}

// SAM, BAM and CRAM inputs are counted first; anything else is a count matrix.
bool looks_like_alignments(const std::string& path) {
    return alignment_format_for_path(path) != AlignmentFormat::Sam || path.ends_with(".sam");
}

// Which samples are controls, from the names given to --controls or --cases.
std::vector<bool> control_mask(const CallOptions& o, const std::vector<std::string>& samples) {
    if (o.mode != "reference") {
        if (!o.controls.empty() || !o.cases.empty())
            throw InputError("--controls and --cases belong to --mode reference");
        return {};
    }
    if (o.controls.empty() == o.cases.empty())
        throw InputError("--mode reference needs exactly one of --controls and --cases");
    const std::vector<std::string>& named = o.controls.empty() ? o.cases : o.controls;
    std::vector<bool> chosen(samples.size(), false);
    for (const std::string& name : named) {
        const auto it = std::find(samples.begin(), samples.end(), name);
        if (it == samples.end())
            throw InputError(fmt::format("no sample named '{}' in the input (samples: {})", name,
                                         fmt::join(samples, ", ")));
        chosen[static_cast<std::size_t>(it - samples.begin())] = true;
    }
    if (!o.controls.empty()) return chosen;
    for (std::size_t s = 0; s < chosen.size(); ++s) chosen[s] = !chosen[s];
    return chosen;
}

// The count source: BAM/CRAM files counted into `counted`, or a count matrix file.
std::unique_ptr<cnv::CountSource> open_source(const CallOptions& o, const RunOptions& run,
                                              cnv::CountMatrix& counted) {
    if (std::all_of(o.inputs.begin(), o.inputs.end(), looks_like_alignments)) {
        counted = cnv::count_reads(o.inputs, o.counting, run);
        return std::make_unique<cnv::MemoryCountSource>(counted);
    }
    if (o.inputs.size() == 1) return std::make_unique<cnv::CountMatrixFileSource>(o.inputs[0]);
    throw InputError(
        "tropic cnv call takes one count matrix (from tropic cnv count) or BAM/CRAM files, "
        "one per sample");
}

void run_call(const CallOptions& o) {
    const CnmopsParams params = make_params(o.mode, o.model);
    check_input_files(o.inputs);
    ThreadPool pool(o.shared.threads);
    RunOptions run = make_run_options(o.shared, pool);
    CnvOutputs outputs(o.outputs, o.shared);
    cnv::CountMatrix counted;
    const std::unique_ptr<cnv::CountSource> source = open_source(o, run, counted);
    const std::vector<bool> controls = control_mask(o, source->samples());
    const cnv::PipelineSummary summary =
        cnv::run_cnmops(*source, params, outputs.sink(), run, controls);
    outputs.commit();
    if (!o.shared.quiet) {
        for (const std::string& w : summary.warnings) warn(w);
        fmt::print(stderr,
                   "tropic cnv call: {} windows on {} sequences, {} samples: {} CNVs in {} "
                   "regions; wrote {}\n",
                   summary.windows, summary.sequences, source->samples().size(), summary.cnvs,
                   summary.regions, fmt::join(outputs.paths(), ", "));
    }
}

// A choice among `names`, stored as its value.
template <typename T>
void add_choice(CLI::App* app, const char* name, std::optional<T>& target,
                const std::map<std::string, T>& names, const char* help) {
    std::vector<std::string> keys;
    for (const auto& [key, value] : names) keys.push_back(key);
    app->add_option_function<std::string>(
           name, [&target, &names](const std::string& key) { target = names.at(key); }, help)
        ->check(CLI::IsMember(keys))
        ->type_name("NAME");
}

// One comma-separated argument, so that the inputs after the option stay inputs.
template <typename T>
CLI::Option* add_list(CLI::App* app, const char* name, T& target, const char* help) {
    return app->add_option(name, target, help)
        ->delimiter(',')
        ->allow_extra_args(false)
        ->default_str("");
}

// CLI11 alone would wrap "-1" and saturate numbers beyond 64 bits.
const CLI::Validator kSeedNumber(
    [](std::string& text) {
        std::uint64_t value = 0;
        const char* end = text.data() + text.size();
        const auto [at, error] = std::from_chars(text.data(), end, value);
        return error == std::errc() && at == end
                   ? std::string()
                   : "must be a whole number from 0 to 2^64 - 1, not '" + text + "'";
    },
    "");

// cn.mops' parameters under their R names, with cn.mops' defaults and ranges (docs/cnv.md);
// run_call checks the ranges (check_cnmops_params).
void add_model_options(CLI::App* app, ModelOptions& m) {
    add_list(app, "--folds", m.folds,
             "I: expected fold changes of the classes, positive (default 0.025,0.5,1,...,4)")
        ->type_name("FOLD,...");
    add_list(app, "--classes", m.classes,
             "classes: names of the classes (default CN0,...,CN8; one must be CN2)")
        ->type_name("NAME,...");
    app->add_option("--prior-impact", m.prior_impact,
                    "priorImpact: weight of the prior on CN2, positive (default 1; exome 10)");
    app->add_option("--cycles", m.cycles, "cyc: EM cycles per window, at least 1 (default 20)");
    app->add_option("--norm", m.norm,
                    "norm: 0 none, 1 normalise the counts, 2 model coverages (default 1)");
    add_choice(app, "--norm-type", m.norm_type, kNormTypes,
               "normType: poisson, mean, median, quant or mode (default poisson)");
    add_choice(app, "--size-factor", m.size_factor, kSizeFactors,
               "sizeFactor: mean, median, quant or mode (default mean)");
    app->add_option("--norm-quantile", m.norm_quantile,
                    "normQu: the quantile for --norm-type quant, 0 to 1 (default 0.25)");
    app->add_option("--size-factor-quantile", m.size_factor_quantile,
                    "quSizeFactor: the quantile for --size-factor quant, 0 to 1 (default 0.75)");
    app->add_option("--upper-threshold", m.upper_threshold,
                    "upperThreshold: calls at or above are gains, positive (default 0.5)");
    app->add_option("--lower-threshold", m.lower_threshold,
                    "lowerThreshold: calls at or below are losses, negative (default -0.9; exome "
                    "-0.8)");
    app->add_option("--min-width", m.min_width,
                    "minWidth: the fewest windows of a CNV, at least 1 (default 3; exome 5; "
                    "reference 4)");
    app->add_option("--min-read-count", m.min_read_count,
                    "minReadCount: windows with every sample at or below it get the prior "
                    "(default 5; exome and reference 1)");
    add_choice(app, "--segmentation", m.segmentation, kSegmentations,
               "segAlgorithm: fast (cn.mops' own) or cbs (circular binary segmentation as "
               "DNAcopy; reference mode's default)");
    app->add_option("--seg-alpha", m.seg_alpha,
                    "Fast segmentation (segment()'s alpha): the share of candidate breakpoints "
                    "kept, between 0 and 1, or a whole number of them (default 0.05)");
    app->add_option("--cbs-alpha", m.cbs_alpha,
                    "CBS: significance level of a split, between 0 and 1 (default 0.01)");
    app->add_option("--cbs-permutations", m.cbs_permutations,
                    "CBS: permutations per test, at least 1 (default 10000)");
    app->add_option("--seed", m.seed, "CBS: seed of the permutations and jitter (default 1)")
        ->check(kSeedNumber);
    app->add_flag("--use-median", m.use_median, "useMedian: call on segment medians, not means");
    app->add_flag("--fix-reference-prior", m.fix_reference_prior,
                  "Reference mode: apply the class prior per class; cn.mops recycles it over "
                  "samples (docs/cnv.md)");
}

}  // namespace

Command add_cnv_call_command(CLI::App& cnv) {
    auto options = std::make_shared<CallOptions>();
    CLI::App* app = cnv.add_subcommand(
        "call",
        "Call CNVs with cn.mops' model from a count matrix (tropic cnv count) or BAM/CRAM files");
    app->add_option("inputs", options->inputs,
                    "A count matrix (TSV or .tcm), or BAM/CRAM files, one per sample")
        ->required()
        ->type_name("FILE")
        ->default_str("");
    app->add_option("--mode", options->mode,
                    "cohort (cn.mops), exome (exomecn.mops' defaults, for BED regions) or "
                    "reference (referencecn.mops: cases against controls)")
        ->check(CLI::IsMember({"cohort", "exome", "reference"}))
        ->type_name("MODE");
    add_list(app, "--controls", options->controls,
             "Reference mode: the control samples (names, comma-separated)")
        ->type_name("NAME,...");
    add_list(app, "--cases", options->cases,
             "Reference mode: the case samples (every other sample is a control)")
        ->type_name("NAME,...");
    add_model_options(app, options->model);
    add_cnv_output_options(app, options->outputs);
    add_counting_options(app, options->counting);
    add_run_options(app, options->shared, kComputeOptions);
    app->get_option("--output")
        ->description(
            "Prefix of the outputs: PREFIX.cnvs.tsv, .cnvr.tsv, .cn.tsv, .ini.tsv and .vcf.gz, "
            "all appearing together once the run has finished")
        ->type_name("PREFIX");
    app->get_option("--json")->description("Also write PREFIX.json: parameters, CNVs and regions");
    return {app, [options] { run_call(*options); }};
}

}  // namespace tropic::cli
