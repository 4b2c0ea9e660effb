#pragma once
// What the cnv plots share: core's canvas in the chosen format, colours (ColorBrewer's RdBu and
// Blues/Reds, readable with the common colour-vision deficiencies: losses blue, gains red, CN2
// near white), axis ticks, labels.
#include <memory>
#include <string>
#include <vector>

#include "core/internal/canvas.hpp"
#include "tropic/cnv/cnv_plots.hpp"

namespace tropic::cnv::detail {

// The plots draw on core's canvas.
using draw::Anchor;
using draw::Canvas;
using draw::Font;
using draw::Point;
using draw::Rgb;
using draw::Stroke;

// A white canvas of width x height pixels. Throws InputError for PNG without cairo.
std::unique_ptr<Canvas> make_canvas(PlotFormat format, int width, int height);

// The file name extension of `format`, without the dot.
const char* plot_extension(PlotFormat format);

inline constexpr Rgb kLossColor{33, 102, 172};  // samples with fewer than 2 copies
inline constexpr Rgb kGainColor{178, 24, 43};   // samples with more than 2 copies
inline constexpr Rgb kNoCallColor{160, 160, 160};
inline constexpr Rgb kInk{34, 34, 34};  // text, frames
inline constexpr Rgb kGrid{225, 225, 225};
inline constexpr Rgb kRegionBand{255, 242, 204};  // the CNV region behind the lines

// The heatmap's colour of a copy number: CN0 dark blue ... CN2 near white ... CN8 (and above)
// dark red; grey for an unknown one (-1).
Rgb copy_number_color(int copy_number);

// About `target` round values (1, 2 or 5 times a power of ten apart) within [low, high].
std::vector<double> nice_ticks(double low, double high, int target);

// A tick label: "%g" of the value, with thousands grouped when it is a whole number >= 10000.
std::string tick_label(double value);

// An estimate of a label's width in pixels (the plots avoid measuring fonts): for the heatmap's
// layout of sample names and sequence names.
double text_width(const std::string& text, double font_size);

}  // namespace tropic::cnv::detail
