// The PNG surface of the rna pictures, through cairo's image surfaces. A build without cairo
// (TROPIC_HAVE_CAIRO unset or 0 for the rna domain) keeps only the refusal.
#include <cstdio>

#include "rna/plot/plot_canvas.hpp"
#include "tropic/core/atomic_file.hpp"
#include "tropic/core/error.hpp"
#include "tropic/rna/structure_plot.hpp"

#if defined(TROPIC_HAVE_CAIRO) && TROPIC_HAVE_CAIRO
#define TROPIC_RNA_PNG 1
#include <cairo.h>

#include <cmath>
#else
#define TROPIC_RNA_PNG 0
#endif

namespace tropic::rna {

bool rna_png_supported() noexcept {
    return TROPIC_RNA_PNG != 0;
}

}  // namespace tropic::rna

namespace tropic::rna::plot {

void write_bytes_file(const std::string& bytes, const std::string& path) {
    AtomicFile file(path);
    if (std::fwrite(bytes.data(), 1, bytes.size(), file.stream()) != bytes.size())
        throw ResourceError("cannot write " + path);
    file.commit();
}

#if TROPIC_RNA_PNG

namespace {

class PngPlotCanvas : public PlotCanvas {
  public:
    PngPlotCanvas(int width, int height)
        : surface_(cairo_image_surface_create(CAIRO_FORMAT_RGB24, width, height)),
          cr_(cairo_create(surface_)) {
        if (cairo_status(cr_) != CAIRO_STATUS_SUCCESS) {
            destroy();
            throw ResourceError("cannot create a " + std::to_string(width) + "x" +
                                std::to_string(height) + " picture (cairo)");
        }
        rect(0, 0, width, height, Colour{255, 255, 255});
    }
    ~PngPlotCanvas() override { destroy(); }
    PngPlotCanvas(const PngPlotCanvas&) = delete;
    PngPlotCanvas& operator=(const PngPlotCanvas&) = delete;

    void rect(double x, double y, double width, double height, Colour fill) override {
        source(fill);
        cairo_rectangle(cr_, x, y, width, height);
        cairo_fill(cr_);
    }

    void rect_outline(double x, double y, double width, double height, Colour stroke,
                      double line_width) override {
        cairo_rectangle(cr_, x, y, width, height);
        stroke_path(stroke, line_width);
    }

    void line(double x1, double y1, double x2, double y2, Colour stroke,
              double line_width) override {
        cairo_move_to(cr_, x1, y1);
        cairo_line_to(cr_, x2, y2);
        stroke_path(stroke, line_width);
    }

    void disc(double cx, double cy, double radius, Colour fill, Colour stroke,
              double line_width) override {
        cairo_new_sub_path(cr_);
        cairo_arc(cr_, cx, cy, radius, 0, 2 * M_PI);
        source(fill);
        if (line_width <= 0) {
            cairo_fill(cr_);
            return;
        }
        cairo_fill_preserve(cr_);
        stroke_path(stroke, line_width);
    }

    void text(double x, double y, std::string_view text, const TextStyle& style) override {
        const std::string label(text);
        cairo_select_font_face(cr_, "sans-serif", CAIRO_FONT_SLANT_NORMAL,
                               style.bold ? CAIRO_FONT_WEIGHT_BOLD : CAIRO_FONT_WEIGHT_NORMAL);
        cairo_set_font_size(cr_, style.size);
        cairo_text_extents_t extents;
        cairo_text_extents(cr_, label.c_str(), &extents);
        const double shift = style.align == TextAlign::Centre  ? extents.x_advance / 2
                             : style.align == TextAlign::Right ? extents.x_advance
                                                               : 0;
        const double drop = style.vertical_middle ? -(extents.y_bearing + extents.height / 2) : 0;
        source(style.colour);
        cairo_move_to(cr_, x - shift, y + drop);
        cairo_show_text(cr_, label.c_str());
    }

    std::string finish() override {
        std::string bytes;
        cairo_surface_flush(surface_);
        auto append = [](void* closure, const unsigned char* data, unsigned int length) {
            static_cast<std::string*>(closure)->append(reinterpret_cast<const char*>(data), length);
            return CAIRO_STATUS_SUCCESS;
        };
        if (cairo_surface_write_to_png_stream(surface_, append, &bytes) != CAIRO_STATUS_SUCCESS)
            throw ResourceError("cannot encode a PNG picture (cairo)");
        return bytes;
    }

  private:
    void source(Colour c) { cairo_set_source_rgb(cr_, c.r / 255.0, c.g / 255.0, c.b / 255.0); }
    void stroke_path(Colour c, double line_width) {
        source(c);
        cairo_set_line_width(cr_, line_width);
        cairo_stroke(cr_);
    }
    void destroy() noexcept {
        if (cr_) cairo_destroy(cr_);
        if (surface_) cairo_surface_destroy(surface_);
        cr_ = nullptr;
        surface_ = nullptr;
    }

    cairo_surface_t* surface_ = nullptr;
    cairo_t* cr_ = nullptr;
};

}  // namespace

std::unique_ptr<PlotCanvas> make_png_plot_canvas(int width, int height) {
    return std::make_unique<PngPlotCanvas>(width, height);
}

#else

std::unique_ptr<PlotCanvas> make_png_plot_canvas(int, int) {
    throw InputError(
        "PNG pictures (--png) need cairo, and this tropic was built without it for its rna "
        "pictures; write SVG (leave out --png) or rebuild tropic with libcairo2-dev installed");
}

#endif

}  // namespace tropic::rna::plot
