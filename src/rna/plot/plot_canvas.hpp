#pragma once
// The drawing surface of the rna pictures (dot plots, structure drawings): SVG text written here,
// or PNG through cairo where the build has it. Pixels, origin at the top left. The pictures draw
// once on this interface; only the surface knows the format.
#include <cstdint>
#include <memory>
#include <string>
#include <string_view>

namespace tropic::rna::plot {

struct Colour {
    std::uint8_t r = 0, g = 0, b = 0;
};

enum class TextAlign { Left, Centre, Right };

struct TextStyle {
    double size = 12;
    Colour colour;
    TextAlign align = TextAlign::Left;
    bool bold = false;
    bool vertical_middle = false;  // centred on `at` vertically too (letters on bases)
};

class PlotCanvas {
  public:
    virtual ~PlotCanvas() = default;
    virtual void rect(double x, double y, double width, double height, Colour fill) = 0;
    virtual void rect_outline(double x, double y, double width, double height, Colour stroke,
                              double line_width) = 0;
    virtual void line(double x1, double y1, double x2, double y2, Colour stroke,
                      double line_width) = 0;
    // A filled disc with an outline (line_width 0: none).
    virtual void disc(double cx, double cy, double radius, Colour fill, Colour stroke,
                      double line_width) = 0;
    // `at` is the left, centre or right end of the baseline, by style.align.
    virtual void text(double x, double y, std::string_view text, const TextStyle& style) = 0;
    // The file's bytes.
    virtual std::string finish() = 0;
};

std::unique_ptr<PlotCanvas> make_svg_plot_canvas(int width, int height);
// Throws InputError in a build without cairo.
std::unique_ptr<PlotCanvas> make_png_plot_canvas(int width, int height);

// Writes a finished picture to `path` through an AtomicFile: complete or not at all.
void write_bytes_file(const std::string& bytes, const std::string& path);

}  // namespace tropic::rna::plot
