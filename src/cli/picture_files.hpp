#pragma once
// Picture files of RNA structures, as `tropic plot` and `tropic fold -p --dotplot/--plot` write
// them: one file per record and kind, SVG or PNG, named after the record.
#include <set>
#include <string>
#include <vector>

#include "tropic/rna/dot_plot.hpp"
#include "tropic/rna/pair_probability.hpp"
#include "tropic/rna/structure_plot.hpp"

namespace tropic::cli {

// Throws InputError when PNG is asked of a build without cairo.
void check_png_supported(bool png);

// A file name stem for a record: letters, digits, '.', '_' and '-' stay, anything else becomes
// '_'; names met before (in `used`) get _2, _3, ...
std::string picture_file_stem(const std::string& name, std::set<std::string>& used);

enum class Picture { Structure, DotPlot };

// The file name of a record's picture: <stem>_ss.svg|png (its structure) or <stem>_dp.svg|png
// (its dot plot).
std::string picture_file_name(const std::string& stem, Picture kind, bool png);

// The picture into `path`, SVG or PNG.
void write_structure_picture(const rna::StructurePlotInput& input, const std::string& path,
                             bool png);
void write_dot_plot_picture(const rna::DotPlotInput& input, const std::string& path, bool png);

// The per-base colours of a drawing from pair probabilities: "probability" (of being paired) or
// "entropy" (positional entropy over its largest value in the record); `label` names them.
std::vector<double> structure_colours(const std::string& colour_by, int n,
                                      const rna::PairProbabilities& pairs, std::string& label);

}  // namespace tropic::cli
