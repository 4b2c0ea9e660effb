// The SVG backend of Canvas: SVG 1.1 text written by hand (a few element kinds suffice). A dot
// plot of a long sequence holds many thousands of squares, so every element is one line and
// numbers are written short: two decimals (finer would only make the files larger), no trailing
// zeros.
#include <cstdio>

#include "core/internal/canvas.hpp"

namespace tropic::draw {

namespace {

std::string num(double value) {
    char buffer[32];
    std::snprintf(buffer, sizeof buffer, "%.2f", value);
    std::string text = buffer;
    while (text.back() == '0') text.pop_back();
    if (text.back() == '.') text.pop_back();
    return text == "-0" ? "0" : text;
}

// Opacities: two significant digits ("0.55", "0.7").
std::string fraction(double value) {
    char buffer[16];
    std::snprintf(buffer, sizeof buffer, "%.2g", value);
    return buffer;
}

std::string hex(Rgb c) {
    char buffer[8];
    std::snprintf(buffer, sizeof buffer, "#%02x%02x%02x", c.r, c.g, c.b);
    return buffer;
}

// Names and sequences come from input files: '<' or '&' there must not end the document.
std::string escape(std::string_view text) {
    std::string out;
    out.reserve(text.size());
    for (char c : text) {
        if (c == '<')
            out += "&lt;";
        else if (c == '>')
            out += "&gt;";
        else if (c == '&')
            out += "&amp;";
        else if (c == '"')
            out += "&quot;";
        else
            out += c;
    }
    return out;
}

// The stroke's attributes; a line needs no fill="none" (it has no inside), shapes add it.
std::string stroke_attributes(const Stroke& s) {
    std::string a = " stroke=\"" + hex(s.colour) + "\" stroke-width=\"" + num(s.width) + '"';
    if (s.opacity < 1) a += " stroke-opacity=\"" + fraction(s.opacity) + '"';
    if (s.dashed) a += " stroke-dasharray=\"4 3\"";
    return a;
}

class SvgCanvas : public Canvas {
  public:
    SvgCanvas(int width, int height) {
        const std::string w = std::to_string(width), h = std::to_string(height);
        body_ =
            "<?xml version=\"1.0\" encoding=\"UTF-8\"?>\n<svg xmlns=\"http://www.w3.org/2000/svg\" "
            "version=\"1.1\" width=\"" +
            w + "\" height=\"" + h + "\" viewBox=\"0 0 " + w + ' ' + h +
            "\" font-family=\"DejaVu Sans, Helvetica, Arial, sans-serif\">\n";
        fill_rect(0, 0, width, height, Rgb{255, 255, 255});
    }

    void fill_rect(double x, double y, double width, double height, Rgb colour,
                   double opacity = 1) override {
        body_ += "<rect x=\"" + num(x) + "\" y=\"" + num(y) + "\" width=\"" + num(width) +
                 "\" height=\"" + num(height) + "\" fill=\"" + hex(colour) + '"';
        if (opacity < 1) body_ += " fill-opacity=\"" + fraction(opacity) + '"';
        body_ += "/>\n";
    }

    void stroke_rect(double x, double y, double width, double height,
                     const Stroke& stroke) override {
        body_ += "<rect x=\"" + num(x) + "\" y=\"" + num(y) + "\" width=\"" + num(width) +
                 "\" height=\"" + num(height) + "\" fill=\"none\"" + stroke_attributes(stroke) +
                 "/>\n";
    }

    void line(Point from, Point to, const Stroke& stroke) override {
        body_ += "<line x1=\"" + num(from.x) + "\" y1=\"" + num(from.y) + "\" x2=\"" + num(to.x) +
                 "\" y2=\"" + num(to.y) + '"' + stroke_attributes(stroke) + "/>\n";
    }

    void polyline(std::span<const Point> points, const Stroke& stroke) override {
        if (points.size() < 2) return;
        body_ += "<polyline points=\"";
        for (std::size_t i = 0; i < points.size(); ++i) {
            if (i > 0) body_ += ' ';
            body_ += num(points[i].x) + ',' + num(points[i].y);
        }
        body_ += "\" fill=\"none\"" + stroke_attributes(stroke) + " stroke-linejoin=\"round\"/>\n";
    }

    void disc(Point centre, double radius, Rgb fill, const Stroke& outline) override {
        body_ += "<circle cx=\"" + num(centre.x) + "\" cy=\"" + num(centre.y) + "\" r=\"" +
                 num(radius) + "\" fill=\"" + hex(fill) + '"';
        if (outline.width > 0) body_ += stroke_attributes(outline);
        body_ += "/>\n";
    }

    void text(Point at, std::string_view text, const Font& font) override {
        body_ += "<text x=\"" + num(at.x) + "\" y=\"" + num(at.y) + "\" font-size=\"" +
                 num(font.size) + '"';
        if (font.anchor == Anchor::Middle) body_ += " text-anchor=\"middle\"";
        if (font.anchor == Anchor::End) body_ += " text-anchor=\"end\"";
        if (font.centred) body_ += " dominant-baseline=\"central\"";
        if (font.bold) body_ += " font-weight=\"bold\"";
        body_ += " fill=\"" + hex(font.colour) + '"';
        if (font.vertical)
            body_ += " transform=\"rotate(-90 " + num(at.x) + ' ' + num(at.y) + ")\"";
        body_ += '>' + escape(text) + "</text>\n";
    }

    std::string finish() override { return body_ + "</svg>\n"; }

  private:
    std::string body_;
};

}  // namespace

std::unique_ptr<Canvas> make_svg_canvas(int width, int height) {
    return std::make_unique<SvgCanvas>(width, height);
}

}  // namespace tropic::draw
