#pragma once
// A small drawing surface for the cnv plots, with two backends: SVG text (our own, always
// built) and PNG through cairo (when tropic is built with it). The plots draw once, on this
// interface, whatever the format; coordinates are pixels from the top left.
#include <cstdint>
#include <memory>
#include <span>
#include <string>
#include <string_view>

#include "tropic/cnv/cnv_plots.hpp"

namespace tropic::cnv::output {

struct Rgb {
    std::uint8_t r = 0, g = 0, b = 0;
};

struct Point {
    double x = 0, y = 0;
};

struct Stroke {
    Rgb color;
    double width = 1;
    double opacity = 1;
    bool dashed = false;
};

enum class Anchor { Start, Middle, End };

struct Font {
    double size = 12;
    Rgb color;
    Anchor anchor = Anchor::Start;
    bool bold = false;
    bool vertical = false;  // turned 90 degrees anticlockwise (a y-axis label)
};

class Canvas {
  public:
    virtual ~Canvas() = default;
    virtual void fill_rect(double x, double y, double width, double height, Rgb color,
                           double opacity = 1) = 0;
    virtual void stroke_rect(double x, double y, double width, double height,
                             const Stroke& stroke) = 0;
    virtual void line(Point from, Point to, const Stroke& stroke) = 0;
    virtual void polyline(std::span<const Point> points, const Stroke& stroke) = 0;
    // `at` is the baseline's anchor point.
    virtual void text(Point at, std::string_view text, const Font& font) = 0;
    // The finished file's bytes.
    virtual std::string finish() = 0;
};

// A white canvas of width x height pixels. Throws InputError for PNG without cairo.
std::unique_ptr<Canvas> make_canvas(PlotFormat format, int width, int height);

std::unique_ptr<Canvas> make_svg_canvas(int width, int height);
std::unique_ptr<Canvas> make_png_canvas(int width, int height);

// The file name extension of `format`, without the dot.
const char* plot_extension(PlotFormat format);

}  // namespace tropic::cnv::output
