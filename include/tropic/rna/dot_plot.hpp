#pragma once
// The dot plot of one record, as RNAfold -p's <name>_dp.ps shows it: an n x n grid with the
// sequence along the top and left edges (tick labels every 10 positions); in the upper triangle
// one square per pair (i, j) of the ensemble, centred on the cell, its side proportional to
// sqrt(p) so that its AREA is proportional to p; in the lower triangle the MFE structure's pairs
// as full squares in another colour; the record's name as title. SVG text or a PNG file.
//
// Long sequences stay small: pairs below min_probability are left out, empty cells draw nothing,
// and the picture is scaled to about 1000 px whatever n is.
#include <string>

#include "tropic/rna/pair_probability.hpp"
#include "tropic/rna/structure_plot.hpp"  // rna_png_supported()

namespace tropic::rna {

struct DotPlotInput {
    std::string name;
    std::string sequence;
    const PairProbabilities* pairs = nullptr;  // upper triangle; null: none
    std::string mfe_structure;                 // lower triangle; empty: none
    double min_probability = 1e-5;             // pairs below are not drawn
};

// Throws InputError when a pair lies outside the sequence or has i >= j, when mfe_structure is
// unbalanced or not as long as the sequence.
[[nodiscard]] std::string dot_plot_svg(const DotPlotInput& input);

// Written atomically; throws InputError in a build without cairo (rna_png_supported()).
void write_dot_plot_png(const DotPlotInput& input, const std::string& path);

}  // namespace tropic::rna
