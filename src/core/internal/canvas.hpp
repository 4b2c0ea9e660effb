#pragma once
// The one drawing surface of tropic's pictures (cnv's region plots and heatmap, rna's dot plots
// and structure drawings). A picture draws once on Canvas; the backend turns the drawing into a
// file's bytes: SVG text of our own (always built) or PNG through cairo (where the build found
// it). Coordinates are pixels, origin at the top left. Implemented in src/core/draw/.
#include <cstdint>
#include <memory>
#include <span>
#include <string>
#include <string_view>

namespace tropic::draw {

struct Rgb {
    std::uint8_t r = 0, g = 0, b = 0;
};

struct Point {
    double x = 0, y = 0;
};

struct Stroke {
    Rgb colour;
    double width = 1;  // 0: no stroke (an outline left out)
    double opacity = 1;
    bool dashed = false;
};

enum class Anchor { Start, Middle, End };

struct Font {
    double size = 12;
    Rgb colour;
    Anchor anchor = Anchor::Start;  // which end (or the middle) of the text lies at `at`
    bool bold = false;
    bool vertical = false;  // turned 90 degrees anticlockwise about `at` (a y-axis label)
    bool centred = false;   // `at` is the vertical centre, not the baseline (letters on bases)
};

class Canvas {
  public:
    virtual ~Canvas() = default;
    virtual void fill_rect(double x, double y, double width, double height, Rgb colour,
                           double opacity = 1) = 0;
    virtual void stroke_rect(double x, double y, double width, double height,
                             const Stroke& stroke) = 0;
    virtual void line(Point from, Point to, const Stroke& stroke) = 0;
    // Joined with round corners; fewer than two points draw nothing.
    virtual void polyline(std::span<const Point> points, const Stroke& stroke) = 0;
    // A filled disc, outlined unless outline.width is 0.
    virtual void disc(Point centre, double radius, Rgb fill, const Stroke& outline) = 0;
    virtual void text(Point at, std::string_view text, const Font& font) = 0;
    // The finished file's bytes.
    virtual std::string finish() = 0;
};

// A white canvas of width x height pixels.
std::unique_ptr<Canvas> make_svg_canvas(int width, int height);
// Throws InputError in a build without cairo (png_supported() false), ResourceError when cairo
// cannot make the image.
std::unique_ptr<Canvas> make_png_canvas(int width, int height);

// True when this build can draw PNG (it found cairo).
bool png_supported() noexcept;

}  // namespace tropic::draw
