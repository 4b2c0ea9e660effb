// `tropic cnv call`: cn.mops' pipeline from a count matrix (or BAM files, counted first) to CNV
// calls. Every cn.mops parameter is an option with cn.mops' default; --mode exome and reference
// switch to exomecn.mops' and referencecn.mops' defaults, which options given explicitly still
// override. Results stream sequence by sequence into the writers (cnv_call_outputs.cpp).
#include <fmt/format.h>

#include <algorithm>
#include <map>
#include <memory>
#include <optional>
#include <string>
#include <vector>

#include "cli/cnv_call_outputs.hpp"
#include "cli/cnv_commands.hpp"
#include "cli/cnv_count_options.hpp"
#include "cli/input_checks.hpp"
#include "cli/shared_options.hpp"
#include "tropic/cnv/cnmops_params.hpp"
#include "tropic/cnv/count_matrix_io.hpp"
#include "tropic/cnv/pipeline.hpp"
#include "tropic/cnv/read_counting.hpp"
#include "tropic/core/error.hpp"
#include "tropic/core/progress.hpp"
#include "tropic/core/thread_pool.hpp"

namespace tropic::cli {

namespace {

using cnv::CnmopsParams;

struct CallOptions {
    SharedOptions shared;
    std::vector<std::string> inputs;
    std::string mode = "cohort";
    // Comma-separated names, split by the command (a list option would also take the inputs).
    std::string controls, cases;
    // Model options as text, applied over the mode's defaults only when given.
    std::map<std::string, std::string> given;
    bool use_median = false;
    bool fix_reference_prior = false;
    CnvOutputOptions outputs;
    // Counting, when the inputs are BAM/CRAM files.
    CountingOptions counting;
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

double as_number(const std::string& option, const std::string& text) {
    try {
        std::size_t used = 0;
        const double v = std::stod(text, &used);
        if (used == text.size()) return v;
    } catch (const std::exception&) {
    }
    throw InputError(fmt::format("{}: '{}' is not a number", option, text));
}

std::vector<std::string> split_list(const std::string& text) {
    std::vector<std::string> out;
    std::string item;
    for (char c : text + ",") {
        if (c == ',') {
            if (!item.empty()) out.push_back(item);
            item.clear();
        } else {
            item += c;
        }
    }
    return out;
}

CnmopsParams make_params(const CallOptions& o) {
    CnmopsParams p = o.mode == "exome"       ? cnv::exome_defaults()
                     : o.mode == "reference" ? cnv::reference_defaults()
                                             : CnmopsParams{};
    auto has = [&](const char* name) { return o.given.count(name) > 0; };
    auto num = [&](const char* name) { return as_number(name, o.given.at(name)); };
    if (has("--folds")) {
        p.folds.clear();
        for (const std::string& f : split_list(o.given.at("--folds")))
            p.folds.push_back(as_number("--folds", f));
    }
    if (has("--classes")) p.classes = split_list(o.given.at("--classes"));
    if (has("--folds") && !has("--classes")) {
        throw InputError("--folds needs --classes naming each class (one of them CN2)");
    }
    if (has("--prior-impact")) p.prior_impact = num("--prior-impact");
    if (has("--cycles")) p.cycles = static_cast<int>(num("--cycles"));
    if (has("--norm")) p.norm = static_cast<int>(num("--norm"));
    if (has("--norm-type")) p.norm_type = kNormTypes.at(o.given.at("--norm-type"));
    if (has("--size-factor")) p.size_factor = kSizeFactors.at(o.given.at("--size-factor"));
    if (has("--norm-quantile")) p.norm_quantile = num("--norm-quantile");
    if (has("--size-factor-quantile")) p.size_factor_quantile = num("--size-factor-quantile");
    if (has("--upper-threshold")) p.upper_threshold = num("--upper-threshold");
    if (has("--lower-threshold")) p.lower_threshold = num("--lower-threshold");
    if (has("--min-width")) p.min_width = static_cast<int>(num("--min-width"));
    if (has("--min-read-count")) p.min_read_count = num("--min-read-count");
    if (has("--segmentation"))
        p.segmentation = o.given.at("--segmentation") == "cbs" ? cnv::Segmentation::Cbs
                                                               : cnv::Segmentation::Fast;
    if (has("--seg-alpha")) p.seg_alpha = num("--seg-alpha");
    if (has("--cbs-alpha")) p.cbs_alpha = num("--cbs-alpha");
    if (has("--cbs-permutations")) p.cbs_permutations = static_cast<int>(num("--cbs-permutations"));
    if (has("--seed")) p.seed = static_cast<std::uint64_t>(num("--seed"));
    p.use_median = o.use_median;
    p.fix_reference_prior = o.fix_reference_prior;
    if (p.method == cnv::Method::Reference && p.use_median) {
        throw InputError(
            "--use-median is a cohort option: referencecn.mops calls on segment means");
    }
    if (p.min_width < 1) throw InputError("--min-width must be at least 1");
    if (p.norm < 0 || p.norm > 2) throw InputError("--norm must be 0, 1 or 2");
    return p;
}

bool looks_like_alignments(const std::string& path) {
    for (const char* suffix : {".bam", ".cram", ".sam"}) {
        const std::string s(suffix);
        if (path.size() >= s.size() && path.compare(path.size() - s.size(), s.size(), s) == 0)
            return true;
    }
    return false;
}

// Which samples are controls, from --controls or --cases (names, or 1-based column numbers).
std::vector<bool> control_mask(const CallOptions& o, const std::vector<std::string>& samples) {
    if (o.mode != "reference") {
        if (!o.controls.empty() || !o.cases.empty())
            throw InputError("--controls and --cases belong to --mode reference");
        return {};
    }
    if (o.controls.empty() == o.cases.empty())
        throw InputError("--mode reference needs exactly one of --controls and --cases");
    const std::vector<std::string> named = split_commas(o.controls.empty() ? o.cases : o.controls);
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

void run_call(const CallOptions& o) {
    const CnmopsParams params = make_params(o);
    check_inputs_readable(o.inputs);
    ThreadPool pool(o.shared.threads);
    RunOptions run = make_run_options(o.shared, pool);
    std::unique_ptr<cnv::CountSource> source;
    cnv::CountMatrix counted;
    const bool alignments = std::all_of(o.inputs.begin(), o.inputs.end(), looks_like_alignments);
    if (alignments) {
        counted = cnv::count_reads(o.inputs, o.counting.resolve(), run);
        source = std::make_unique<cnv::MemoryCountSource>(counted);
    } else if (o.inputs.size() == 1) {
        source = std::make_unique<cnv::CountMatrixFileSource>(o.inputs[0]);
    } else {
        throw InputError(
            "tropic cnv call takes one count matrix (from tropic cnv count) or BAM/CRAM files, "
            "one per sample");
    }
    const std::vector<bool> controls = control_mask(o, source->samples());
    CnvOutputs outputs(o.outputs, o.shared);
    const cnv::PipelineSummary summary =
        cnv::run_cnmops(*source, params, outputs.sink(), run, controls);
    if (!o.shared.quiet) {
        for (const std::string& w : summary.warnings)
            fmt::print(stderr, "tropic: warning: {}\n", w);
        fmt::print(stderr,
                   "tropic cnv call: {} windows on {} sequences, {} samples: {} CNVs in {} "
                   "regions; wrote {}\n",
                   summary.windows, summary.sequences, source->samples().size(), summary.cnvs,
                   summary.regions, fmt::join(outputs.paths(), ", "));
    }
}

}  // namespace

Command add_cnv_call_command(CLI::App& cnv) {
    auto options = std::make_shared<CallOptions>();
    CLI::App* app = cnv.add_subcommand(
        "call",
        "Call CNVs with cn.mops' model from a count matrix (tropic cnv count) or BAM/CRAM files");
    app->add_option("inputs", options->inputs,
                    "A count matrix (TSV or .tcm), or BAM/CRAM files, one per sample")
        ->required();
    app->add_option("--mode", options->mode,
                    "cohort (cn.mops), exome (exomecn.mops' defaults, for BED regions) or "
                    "reference (referencecn.mops: cases against controls)")
        ->check(CLI::IsMember({"cohort", "exome", "reference"}));
    app->add_option("--controls", options->controls,
                    "Reference mode: the control samples (names, comma-separated)")
        ->type_name("NAME,...");
    app->add_option("--cases", options->cases,
                    "Reference mode: the case samples (every other sample is a control)")
        ->type_name("NAME,...");
    auto model = [&](const char* name, const char* help,
                     std::function<bool(const std::string&)> valid = {}) {
        auto* opt = app->add_option_function<std::string>(
            name,
            [options, name = std::string(name)](const std::string& v) { options->given[name] = v; },
            help);
        opt->type_name("VALUE");
        if (valid)
            opt->check(CLI::Validator(
                [valid](std::string& v) {
                    return valid(v) ? std::string() : std::string("invalid value");
                },
                "", ""));
        return opt;
    };
    model("--folds", "Expected fold changes I of the classes (default 0.025,0.5,1,...,4)");
    model("--classes", "Names of the classes (default CN0,...,CN8; one must be CN2)");
    model("--prior-impact", "priorImpact: weight of the prior on CN2 (default 1; exome 10)");
    model("--cycles", "cyc: EM cycles per window (default 20)");
    model("--norm", "norm: 0 none, 1 normalise the counts, 2 model coverages (default 1)");
    model("--norm-type", "normType: poisson, mean, median, quant or mode (default poisson)",
          [](const std::string& v) { return kNormTypes.count(v) > 0; });
    model("--size-factor", "sizeFactor: mean, median, quant or mode (default mean)",
          [](const std::string& v) { return kSizeFactors.count(v) > 0; });
    model("--norm-quantile", "normQu: the quantile for --norm-type quant (default 0.25)");
    model("--size-factor-quantile",
          "quSizeFactor: the quantile for --size-factor quant (default 0.75)");
    model("--upper-threshold", "upperThreshold: calls at or above are gains (default 0.5)");
    model("--lower-threshold",
          "lowerThreshold: calls at or below are losses (default -0.9; exome -0.8)");
    model("--min-width", "minWidth: the fewest windows of a CNV (default 3; exome 5; reference 4)");
    model("--min-read-count",
          "minReadCount: windows with every sample at or below it get the prior (default 5; exome "
          "and reference 1)");
    model("--segmentation",
          "segAlgorithm: fast (cn.mops' own) or cbs (circular binary segmentation as DNAcopy; "
          "reference mode's default)",
          [](const std::string& v) { return v == "fast" || v == "cbs"; });
    model("--seg-alpha",
          "Fast segmentation: the share of top-scoring breakpoints kept (default 0.05)");
    model("--cbs-alpha", "CBS: significance level of a split (default 0.01)");
    model("--cbs-permutations", "CBS: permutations per test (default 10000)");
    model("--seed", "CBS: seed of the permutations and jitter (default 1)");
    app->add_flag("--use-median", options->use_median,
                  "useMedian: call on segment medians, not means");
    app->add_flag("--fix-reference-prior", options->fix_reference_prior,
                  "Reference mode: apply the class prior per class; cn.mops recycles it over "
                  "samples (docs/cnv.md)");
    add_cnv_output_options(app, options->outputs);
    add_counting_options(app, options->counting);
    add_run_options(app, options->shared, kComputeOptions);
    app->get_option("--output")
        ->description(
            "Prefix of the outputs: PREFIX.cnvs.tsv, .cnvr.tsv, .cn.tsv, .ini.tsv and .vcf.gz, "
            "each appearing only once the run has finished")
        ->type_name("PREFIX");
    app->get_option("--json")->description("Also write PREFIX.json: parameters, CNVs and regions");
    return {app, [options] { run_call(*options); }};
}

}  // namespace tropic::cli
