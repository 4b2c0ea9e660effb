#pragma once
// Planar drawings of one RNA secondary structure (`tropic plot`), as RNAplot draws them: every
// loop (hairpin, interior, bulge, multi) is a circle through its bases and closing pairs, helices
// are straight ladders, the exterior loop runs along a line. Bases may be coloured by a value in
// [0, 1] (pair probability, normalised entropy, ...) with a colour bar. SVG always; PNG when
// tropic was built with cairo (rna_png_supported()).
#include <string>
#include <string_view>
#include <vector>

namespace tropic::rna {

struct Point2 {
    double x = 0, y = 0;
};

// One position per base of `dot_bracket` ('(' and ')' pair, every other character is unpaired),
// in units of the distance between paired bases, y up. Guarantees:
//   - paired bases are exactly 1 apart, and so are consecutive bases inside a helix (stacked
//     pairs);
//   - consecutive bases elsewhere are at least 1 apart: a loop starts as a regular polygon and
//     grows (its unpaired bases spread out) only where its branches would otherwise collide;
//   - no two segments of the drawing (backbone i,i+1 and pair lines) cross: each branch is kept
//     inside its own wedge seen from its loop's centre, and beyond its closing pair's line.
// Throws InputError naming the 1-based position of an unbalanced bracket.
[[nodiscard]] std::vector<Point2> layout_structure(std::string_view dot_bracket);

struct StructurePlotInput {
    std::string name;       // the title; may be empty
    std::string sequence;   // one letter per base
    std::string structure;  // dot-bracket, as long as the sequence
    // One value in [0, 1] per base (values outside are clamped), or empty: plain colours.
    std::vector<double> base_values;
    std::string value_label;  // the colour bar's caption, e.g. "pair probability"
};

// The drawing as SVG text (about 800-1200 px on its longer side whatever the length). Throws
// InputError when the structure is not balanced, its length differs from the sequence's, or
// base_values has neither 0 nor n entries.
[[nodiscard]] std::string structure_plot_svg(const StructurePlotInput& input);

// The same drawing as a PNG file, written atomically (core/atomic_file.hpp). Throws InputError
// in a build without cairo (see rna_png_supported()).
void write_structure_plot_png(const StructurePlotInput& input, const std::string& path);

// True when this build can write PNG pictures of the rna domain (it found cairo).
bool rna_png_supported() noexcept;

}  // namespace tropic::rna
