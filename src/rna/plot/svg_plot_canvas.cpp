// The SVG surface of the rna pictures. A dot plot of a long sequence holds many thousands of
// squares, so numbers are written short (two decimals, no trailing zeros) and every element is
// one line.
#include <cstdio>

#include "rna/plot/plot_canvas.hpp"

namespace tropic::rna::plot {

namespace {

std::string short_number(double value) {
    char buffer[32];
    std::snprintf(buffer, sizeof buffer, "%.2f", value);
    std::string text = buffer;
    while (text.back() == '0') text.pop_back();
    if (text.back() == '.') text.pop_back();
    return text == "-0" ? "0" : text;
}

std::string colour_text(Colour c) {
    char buffer[8];
    std::snprintf(buffer, sizeof buffer, "#%02x%02x%02x", c.r, c.g, c.b);
    return buffer;
}

// Names and sequences come from input files: '<' or '&' there must not end the document.
std::string xml_text(std::string_view text) {
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

class SvgPlotCanvas : public PlotCanvas {
  public:
    SvgPlotCanvas(int width, int height) {
        const std::string w = std::to_string(width), h = std::to_string(height);
        text_ =
            "<?xml version=\"1.0\" encoding=\"UTF-8\"?>\n<svg xmlns=\"http://www.w3.org/2000/svg\" "
            "version=\"1.1\" width=\"" +
            w + "\" height=\"" + h + "\" viewBox=\"0 0 " + w + ' ' + h +
            "\" font-family=\"DejaVu Sans, Helvetica, Arial, sans-serif\">\n";
        rect(0, 0, width, height, Colour{255, 255, 255});
    }

    void rect(double x, double y, double width, double height, Colour fill) override {
        text_ += "<rect x=\"" + short_number(x) + "\" y=\"" + short_number(y) + "\" width=\"" +
                 short_number(width) + "\" height=\"" + short_number(height) + "\" fill=\"" +
                 colour_text(fill) + "\"/>\n";
    }

    void rect_outline(double x, double y, double width, double height, Colour stroke,
                      double line_width) override {
        text_ += "<rect x=\"" + short_number(x) + "\" y=\"" + short_number(y) + "\" width=\"" +
                 short_number(width) + "\" height=\"" + short_number(height) + "\" fill=\"none\"" +
                 stroke_text(stroke, line_width) + "/>\n";
    }

    void line(double x1, double y1, double x2, double y2, Colour stroke,
              double line_width) override {
        text_ += "<line x1=\"" + short_number(x1) + "\" y1=\"" + short_number(y1) + "\" x2=\"" +
                 short_number(x2) + "\" y2=\"" + short_number(y2) + '"' +
                 stroke_text(stroke, line_width) + "/>\n";
    }

    void disc(double cx, double cy, double radius, Colour fill, Colour stroke,
              double line_width) override {
        text_ += "<circle cx=\"" + short_number(cx) + "\" cy=\"" + short_number(cy) + "\" r=\"" +
                 short_number(radius) + "\" fill=\"" + colour_text(fill) + '"';
        if (line_width > 0) text_ += stroke_text(stroke, line_width);
        text_ += "/>\n";
    }

    void text(double x, double y, std::string_view text, const TextStyle& style) override {
        text_ += "<text x=\"" + short_number(x) + "\" y=\"" + short_number(y) + "\" font-size=\"" +
                 short_number(style.size) + '"';
        if (style.align == TextAlign::Centre) text_ += " text-anchor=\"middle\"";
        if (style.align == TextAlign::Right) text_ += " text-anchor=\"end\"";
        if (style.vertical_middle) text_ += " dominant-baseline=\"central\"";
        if (style.bold) text_ += " font-weight=\"bold\"";
        text_ += " fill=\"" + colour_text(style.colour) + "\">" + xml_text(text) + "</text>\n";
    }

    std::string finish() override { return text_ + "</svg>\n"; }

  private:
    static std::string stroke_text(Colour stroke, double line_width) {
        return " stroke=\"" + colour_text(stroke) + "\" stroke-width=\"" +
               short_number(line_width) + '"';
    }

    std::string text_;
};

}  // namespace

std::unique_ptr<PlotCanvas> make_svg_plot_canvas(int width, int height) {
    return std::make_unique<SvgPlotCanvas>(width, height);
}

}  // namespace tropic::rna::plot
