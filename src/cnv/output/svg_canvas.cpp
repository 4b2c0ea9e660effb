// The SVG backend of Canvas: SVG 1.1 text, written by hand (a few element kinds suffice).
#include <cmath>
#include <cstdio>

#include "cnv/output/canvas.hpp"
#include "tropic/core/error.hpp"

namespace tropic::cnv::output {

namespace {

// Coordinates to a tenth of a pixel: finer would only make the files larger.
std::string num(double value) {
    char buffer[32];
    std::snprintf(buffer, sizeof buffer, "%.1f", value);
    std::string text = buffer;
    if (text.size() > 2 && text.compare(text.size() - 2, 2, ".0") == 0)
        text.resize(text.size() - 2);
    if (text == "-0") text = "0";
    return text;
}

std::string hex(Rgb c) {
    char buffer[8];
    std::snprintf(buffer, sizeof buffer, "#%02x%02x%02x", c.r, c.g, c.b);
    return buffer;
}

std::string escape(std::string_view text) {
    std::string out;
    for (char c : text) {
        switch (c) {
            case '&':
                out += "&amp;";
                break;
            case '<':
                out += "&lt;";
                break;
            case '>':
                out += "&gt;";
                break;
            case '"':
                out += "&quot;";
                break;
            default:
                out += c;
        }
    }
    return out;
}

class SvgCanvas : public Canvas {
  public:
    SvgCanvas(int width, int height) {
        body_ =
            "<?xml version=\"1.0\" encoding=\"UTF-8\"?>\n"
            "<svg xmlns=\"http://www.w3.org/2000/svg\" version=\"1.1\" width=\"" +
            std::to_string(width) + "\" height=\"" + std::to_string(height) + "\" viewBox=\"0 0 " +
            std::to_string(width) + ' ' + std::to_string(height) +
            "\" font-family=\"DejaVu Sans, Helvetica, Arial, sans-serif\">\n";
        fill_rect(0, 0, width, height, Rgb{255, 255, 255});
    }

    void fill_rect(double x, double y, double width, double height, Rgb color,
                   double opacity = 1) override {
        body_ += "<rect x=\"" + num(x) + "\" y=\"" + num(y) + "\" width=\"" + num(width) +
                 "\" height=\"" + num(height) + "\" fill=\"" + hex(color) + '"';
        if (opacity < 1) body_ += " fill-opacity=\"" + fraction(opacity) + '"';
        body_ += "/>\n";
    }

    void stroke_rect(double x, double y, double width, double height,
                     const Stroke& stroke) override {
        body_ += "<rect x=\"" + num(x) + "\" y=\"" + num(y) + "\" width=\"" + num(width) +
                 "\" height=\"" + num(height) + '"' + attributes(stroke) + "/>\n";
    }

    void line(Point from, Point to, const Stroke& stroke) override {
        body_ += "<line x1=\"" + num(from.x) + "\" y1=\"" + num(from.y) + "\" x2=\"" + num(to.x) +
                 "\" y2=\"" + num(to.y) + '"' + attributes(stroke) + "/>\n";
    }

    void polyline(std::span<const Point> points, const Stroke& stroke) override {
        if (points.size() < 2) return;
        body_ += "<polyline points=\"";
        for (std::size_t i = 0; i < points.size(); ++i) {
            if (i > 0) body_ += ' ';
            body_ += num(points[i].x) + ',' + num(points[i].y);
        }
        body_ += '"' + attributes(stroke) + " stroke-linejoin=\"round\"/>\n";
    }

    void text(Point at, std::string_view text, const Font& font) override {
        static const char* anchors[] = {"start", "middle", "end"};
        body_ += "<text x=\"" + num(at.x) + "\" y=\"" + num(at.y) + "\" font-size=\"" +
                 num(font.size) + '"';
        if (font.anchor != Anchor::Start)
            body_ += std::string(" text-anchor=\"") + anchors[static_cast<int>(font.anchor)] + '"';
        if (font.bold) body_ += " font-weight=\"bold\"";
        if (font.color.r || font.color.g || font.color.b)
            body_ += " fill=\"" + hex(font.color) + '"';
        if (font.vertical)
            body_ += " transform=\"rotate(-90 " + num(at.x) + ' ' + num(at.y) + ")\"";
        body_ += '>' + escape(text) + "</text>\n";
    }

    std::string finish() override { return body_ + "</svg>\n"; }

  private:
    static std::string fraction(double value) {
        char buffer[16];
        std::snprintf(buffer, sizeof buffer, "%.2g", value);
        return buffer;
    }
    static std::string attributes(const Stroke& s) {
        std::string a =
            " fill=\"none\" stroke=\"" + hex(s.color) + "\" stroke-width=\"" + num(s.width) + '"';
        if (s.opacity < 1) a += " stroke-opacity=\"" + fraction(s.opacity) + '"';
        if (s.dashed) a += " stroke-dasharray=\"4 3\"";
        return a;
    }

    std::string body_;
};

}  // namespace

std::unique_ptr<Canvas> make_svg_canvas(int width, int height) {
    return std::make_unique<SvgCanvas>(width, height);
}

}  // namespace tropic::cnv::output
