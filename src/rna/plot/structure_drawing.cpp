// structure_plot_svg() and write_structure_plot_png(): the layout of layout_structure() scaled to
// a picture of at most about 1000 px, with backbone, pair lines, one disc and letter per base, and
// a colour bar when the bases carry values.
#include <algorithm>
#include <cmath>
#include <cstdio>
#include <functional>

#include "core/internal/canvas.hpp"
#include "rna/plot/dot_bracket_partners.hpp"
#include "rna/plot/plot_colours.hpp"
#include "tropic/core/atomic_file.hpp"
#include "tropic/core/error.hpp"
#include "tropic/rna/structure_plot.hpp"

namespace tropic::rna {

namespace {

using draw::Anchor;
using draw::Canvas;
using draw::Font;
using draw::Rgb;

using CanvasFactory = std::function<std::unique_ptr<Canvas>(int width, int height)>;

constexpr double kLongestSide = 1000;  // px the drawing may take, at most
constexpr double kLargestUnit = 28;    // px between paired bases, at most (short RNAs)
constexpr double kMargin = 30;         // px around the drawing
constexpr double kTitleHeight = 34;
constexpr double kColourBarHeight = 64;    // bar, ticks, caption
constexpr double kSmallestLetterUnit = 7;  // below this many px per unit, bases are bare discs

void check_input(const StructurePlotInput& input, const std::vector<int>& partner) {
    if (input.structure.size() != input.sequence.size())
        throw InputError("the structure has " + std::to_string(input.structure.size()) +
                         " characters, the sequence " + std::to_string(input.sequence.size()));
    if (!input.base_values.empty() && input.base_values.size() != partner.size())
        throw InputError("there are " + std::to_string(input.base_values.size()) +
                         " base values for " + std::to_string(partner.size()) + " bases");
}

void draw_colour_bar(Canvas& canvas, double left, double top, double width,
                     const std::string& label) {
    constexpr int kSteps = 50;
    const double bar_height = 14;
    for (int s = 0; s < kSteps; ++s)
        canvas.fill_rect(left + width * s / kSteps, top, width / kSteps + 0.5, bar_height,
                         detail::value_colour((s + 0.5) / kSteps));
    canvas.stroke_rect(left, top, width, bar_height, {detail::kBackbone, 1});
    const Font tick{11, detail::kInk, Anchor::Middle};
    for (int t = 0; t <= 4; ++t) {
        char text[32];
        std::snprintf(text, sizeof text, "%.2g", t / 4.0);
        canvas.text({left + width * t / 4, top + bar_height + 14}, text, tick);
    }
    canvas.text({left + width / 2, top + bar_height + 32}, label.empty() ? "value" : label,
                {12, detail::kInk, Anchor::Middle});
}

std::string render(const StructurePlotInput& input, const CanvasFactory& make_canvas) {
    const std::vector<int> partner = detail::dot_bracket_partners(input.structure);
    check_input(input, partner);
    const std::vector<Point2> points = layout_structure(input.structure);
    const std::size_t n = points.size();

    double min_x = 0, max_x = 0, min_y = 0, max_y = 0;
    for (Point2 p : points) {
        min_x = std::min(min_x, p.x), max_x = std::max(max_x, p.x);
        min_y = std::min(min_y, p.y), max_y = std::max(max_y, p.y);
    }
    const double extent = std::max({max_x - min_x, max_y - min_y, 1.0});
    const double unit = std::min(kLargestUnit, kLongestSide / extent);
    const bool has_values = !input.base_values.empty();
    const double bar_space = has_values ? kColourBarHeight : 0;
    const double drawing_width = (max_x - min_x) * unit, drawing_height = (max_y - min_y) * unit;
    const int width = static_cast<int>(std::ceil(std::max(drawing_width, 260.0) + 2 * kMargin));
    const int height =
        static_cast<int>(std::ceil(drawing_height + 2 * kMargin + kTitleHeight + bar_space));
    // Centred horizontally; y flipped so that helices grow upwards on screen.
    const double left = (width - drawing_width) / 2, top = kMargin + kTitleHeight;
    auto screen = [&](Point2 p) {
        return Point2{left + (p.x - min_x) * unit, top + (max_y - p.y) * unit};
    };

    std::unique_ptr<Canvas> canvas = make_canvas(width, height);
    canvas->text({width / 2.0, kMargin + 8}, input.name, {16, detail::kInk, Anchor::Middle, true});
    const double line_width = std::clamp(unit / 10, 0.5, 2.0);
    for (std::size_t k = 0; k + 1 < n; ++k) {
        const Point2 a = screen(points[k]), b = screen(points[k + 1]);
        canvas->line({a.x, a.y}, {b.x, b.y}, {detail::kBackbone, line_width});
    }
    for (std::size_t k = 0; k < n; ++k) {
        if (partner[k] <= static_cast<int>(k)) continue;
        const Point2 a = screen(points[k]), b = screen(points[partner[k]]);
        canvas->line({a.x, a.y}, {b.x, b.y}, {detail::kPairLine, line_width * 1.5});
    }
    const bool letters = unit >= kSmallestLetterUnit;
    const double radius = unit * 0.4;
    const Font letter{
        .size = unit * 0.55, .colour = detail::kInk, .anchor = Anchor::Middle, .centred = true};
    for (std::size_t k = 0; k < n; ++k) {
        const Point2 p = screen(points[k]);
        const Rgb fill = has_values ? detail::value_colour(input.base_values[k])
                                    : detail::nucleotide_colour(input.sequence[k]);
        canvas->disc({p.x, p.y}, radius, fill, {detail::kBackbone, letters ? line_width * 0.6 : 0});
        if (letters) canvas->text({p.x, p.y}, std::string_view(&input.sequence[k], 1), letter);
    }
    if (n > 0) {
        // The 5' end, just left of the first base.
        const Point2 first = screen(points[0]);
        canvas->text({first.x - radius - 3, first.y + 4}, "5'",
                     {std::max(9.0, unit * 0.45), detail::kInk, Anchor::End});
    }
    if (has_values)
        draw_colour_bar(*canvas, width / 2.0 - 120, height - kMargin - kColourBarHeight + 12, 240,
                        input.value_label);
    return canvas->finish();
}

}  // namespace

std::string structure_plot_svg(const StructurePlotInput& input) {
    return render(input, draw::make_svg_canvas);
}

void write_structure_plot_png(const StructurePlotInput& input, const std::string& path) {
    write_file_atomically(path, render(input, draw::make_png_canvas));
}

// The rna pictures draw PNG on core's canvas: this build can when core found cairo.
bool rna_png_supported() noexcept {
    return draw::png_supported();
}

}  // namespace tropic::rna
