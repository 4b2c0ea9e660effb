#include "cli/picture_files.hpp"

#include <algorithm>
#include <cctype>
#include <cstdio>

#include "tropic/core/atomic_file.hpp"
#include "tropic/core/error.hpp"
#include "tropic/rna/base_values.hpp"

namespace tropic::cli {

void check_png_supported(bool png) {
    if (png && !rna::rna_png_supported())
        throw InputError(
            "--png needs cairo, and this tropic was built without it for its rna pictures; leave "
            "out --png to write SVG");
}

std::string picture_file_stem(const std::string& name, std::set<std::string>& used) {
    std::string stem = name;
    for (char& c : stem)
        if (!std::isalnum(static_cast<unsigned char>(c)) && c != '.' && c != '_' && c != '-')
            c = '_';
    if (stem.empty() || stem == "." || stem == "..") stem = "_" + stem;
    std::string unique = stem;
    for (int k = 2; !used.insert(unique).second; ++k) unique = stem + "_" + std::to_string(k);
    return unique;
}

std::string picture_file_name(const std::string& stem, Picture kind, bool png) {
    return stem + (kind == Picture::Structure ? "_ss" : "_dp") + (png ? ".png" : ".svg");
}

void write_structure_picture(const rna::StructurePlotInput& input, const std::string& path,
                             bool png) {
    if (png)
        rna::write_structure_plot_png(input, path);
    else
        write_file_atomically(path, rna::structure_plot_svg(input));
}

void write_dot_plot_picture(const rna::DotPlotInput& input, const std::string& path, bool png) {
    if (png)
        rna::write_dot_plot_png(input, path);
    else
        write_file_atomically(path, rna::dot_plot_svg(input));
}

std::vector<double> structure_colours(const std::string& colour_by, int n,
                                      const rna::PairProbabilities& pairs, std::string& label) {
    if (colour_by == "probability") {
        label = "pair probability";
        return rna::paired_probability(n, pairs);
    }
    std::vector<double> entropy = rna::positional_entropy(n, pairs);
    const double largest =
        entropy.empty() ? 0.0 : *std::max_element(entropy.begin(), entropy.end());
    char text[96];
    std::snprintf(text, sizeof text, "positional entropy / its largest value here (%.3g)", largest);
    label = text;
    if (largest > 0)
        for (double& s : entropy) s /= largest;
    return entropy;
}

}  // namespace tropic::cli
