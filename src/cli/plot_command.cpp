// `tropic plot`: pictures of structures, as RNAplot draws them, and dot plots, as RNAfold -p's
// _dp.ps. Reads RNAfold's layout (an optional >name line, a sequence line, a structure line with
// anything after white space ignored; the further lines of `tropic fold -p` are skipped) and an
// optional TSV of pair probabilities. Every input is read and checked before the first picture is
// written, so that a bad record leaves no pictures of the records before it. The readers are in
// plot_inputs.cpp.
#include <fmt/format.h>

#include <cmath>
#include <cstdio>
#include <set>
#include <string>
#include <vector>

#include "cli/commands.hpp"
#include "cli/notices.hpp"
#include "cli/option_checks.hpp"
#include "cli/picture_files.hpp"
#include "cli/plot_inputs.hpp"
#include "tropic/core/error.hpp"
#include "tropic/core/input_files.hpp"
#include "tropic/core/output_files.hpp"
#include "tropic/rna/base_values.hpp"
#include "tropic/rna/dot_plot.hpp"
#include "tropic/rna/structure_plot.hpp"

namespace tropic::cli {

namespace {

struct PlotOptions {
    std::string input = "-";
    std::string output_dir = ".";
    std::string bpp_path;
    std::string colour_by = "probability";
    bool png = false;
    bool dot_plot = false;
};

struct PreparedPlot {
    rna::StructurePlotInput structure;
    rna::PairProbabilities pairs;
    std::string stem;
};

// A --bpp table whose names match no record would colour nothing without a word: say which.
void warn_unmatched_pairs(const BppTable& bpp, const std::vector<PlotRecord>& records,
                          const PlotOptions& options) {
    std::set<std::string> names;
    for (const PlotRecord& record : records) names.insert(record.name);
    std::size_t lines = 0;
    const BppTable::value_type* first = nullptr;
    for (const auto& entry : bpp) {
        if (names.count(entry.first)) continue;
        lines += entry.second.size();
        if (!first || entry.second.front().line < first->second.front().line) first = &entry;
    }
    if (!first) return;
    warn(fmt::format(
        "--bpp '{}': {} line(s) name no record of '{}' (the first, line {}, names "
        "'{}'); a record without a name goes by its number in the input (1, 2, ...)",
        options.bpp_path, lines, options.input, first->second.front().line, first->first));
}

void run_plot(const PlotOptions& options) {
    check_png_supported(options.png);
    if (options.dot_plot && options.bpp_path.empty())
        throw InputError("--dotplot draws the pairs of --bpp: give --bpp FILE");
    std::vector<std::string> inputs = {options.input};
    if (!options.bpp_path.empty()) inputs.push_back(options.bpp_path);
    check_input_files(inputs);
    OutputFiles outputs;
    OutputFolder& pictures = outputs.folder(options.output_dir, "-o");

    const std::vector<PlotRecord> records = read_plot_records(options.input);
    BppTable bpp;
    if (!options.bpp_path.empty()) bpp = read_bpp(options.bpp_path);
    warn_unmatched_pairs(bpp, records, options);

    std::vector<PreparedPlot> plots;
    std::set<std::string> used;
    for (const PlotRecord& record : records) {
        PreparedPlot plot;
        plot.structure.name = record.name;
        plot.structure.sequence = record.sequence;
        plot.structure.structure = record.structure;
        plot.stem = picture_file_stem(record.name, used);
        if (!options.bpp_path.empty()) {
            const auto found = bpp.find(record.name);
            if (found != bpp.end()) plot.pairs = pairs_of(record, found->second, options.bpp_path);
            plot.structure.base_values =
                structure_colours(options.colour_by, static_cast<int>(record.sequence.size()),
                                  plot.pairs, plot.structure.value_label);
        }
        plots.push_back(std::move(plot));
    }

    for (const PreparedPlot& plot : plots) {
        write_structure_picture(
            plot.structure,
            pictures.stage(picture_file_name(plot.stem, Picture::Structure, options.png)),
            options.png);
        if (!options.dot_plot) continue;
        const rna::DotPlotInput dot{plot.structure.name, plot.structure.sequence, &plot.pairs,
                                    plot.structure.structure};
        write_dot_plot_picture(
            dot, pictures.stage(picture_file_name(plot.stem, Picture::DotPlot, options.png)),
            options.png);
    }
    outputs.commit();
}

}  // namespace

Command add_plot_command(CLI::App& app) {
    auto options = std::make_shared<PlotOptions>();
    auto* sub = app.add_subcommand(
        "plot",
        "Pictures of RNA secondary structures (as RNAplot) and dot plots (as RNAfold -p): reads "
        "records of an optional >name line, a sequence line and a dot-bracket line (tropic fold "
        "output, with or without -p)");
    sub->add_option("input", options->input, "Input file, plain or gzip-compressed; '-' is stdin")
        ->type_name("FILE");
    sub->add_option("-o,--output-dir", options->output_dir,
                    "Folder for the pictures (created if missing): <name>_ss.svg per record, and "
                    "<name>_dp.svg with --dotplot")
        ->type_name("DIR");
    sub->add_option("--bpp", options->bpp_path,
                    "Pair probabilities: TSV lines name<TAB>i<TAB>j<TAB>p (1-based, i < j; a "
                    "header line 'name i j p' allowed); they colour the bases")
        ->type_name("FILE");
    sub->add_option("--colour-by,--color-by", options->colour_by,
                    "What colours the bases with --bpp: probability (of being paired) or entropy "
                    "(positional entropy, scaled to its largest value in the record)")
        ->check(one_of({"probability", "entropy"}))
        ->type_name("WHAT");
    sub->add_flag("--dotplot", options->dot_plot,
                  "Also write <name>_dp: the --bpp pairs above the diagonal, the record's "
                  "structure below");
    sub->add_flag("--png", options->png, "Write PNG instead of SVG (needs a build with cairo)");
    return {sub, [options] { run_plot(*options); }};
}

}  // namespace tropic::cli
