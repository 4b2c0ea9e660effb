// The PNG backend of Canvas, through cairo's image surfaces. cairo is optional: a build without
// it (TROPIC_HAVE_CAIRO 0, set for tropic_core in the top-level CMakeLists.txt) keeps only the
// refusal, and png_supported() says which.
#include "core/internal/canvas.hpp"
#include "tropic/core/error.hpp"

#if TROPIC_HAVE_CAIRO
#include <cairo.h>

#include <cmath>
#endif

namespace tropic::draw {

bool png_supported() noexcept {
    return TROPIC_HAVE_CAIRO != 0;
}

#if TROPIC_HAVE_CAIRO

namespace {

class PngCanvas : public Canvas {
  public:
    PngCanvas(int width, int height)
        : surface_(cairo_image_surface_create(CAIRO_FORMAT_RGB24, width, height)),
          cr_(cairo_create(surface_)) {
        if (cairo_status(cr_) != CAIRO_STATUS_SUCCESS) {
            release();
            throw ResourceError("cannot create a " + std::to_string(width) + "x" +
                                std::to_string(height) + " image (cairo)");
        }
        fill_rect(0, 0, width, height, Rgb{255, 255, 255});
    }
    ~PngCanvas() override { release(); }
    PngCanvas(const PngCanvas&) = delete;
    PngCanvas& operator=(const PngCanvas&) = delete;

    void fill_rect(double x, double y, double width, double height, Rgb colour,
                   double opacity = 1) override {
        set_colour(colour, opacity);
        cairo_rectangle(cr_, x, y, width, height);
        cairo_fill(cr_);
    }

    void stroke_rect(double x, double y, double width, double height,
                     const Stroke& stroke) override {
        cairo_rectangle(cr_, x, y, width, height);
        draw(stroke);
    }

    void line(Point from, Point to, const Stroke& stroke) override {
        cairo_move_to(cr_, from.x, from.y);
        cairo_line_to(cr_, to.x, to.y);
        draw(stroke);
    }

    void polyline(std::span<const Point> points, const Stroke& stroke) override {
        if (points.size() < 2) return;
        cairo_move_to(cr_, points[0].x, points[0].y);
        for (std::size_t i = 1; i < points.size(); ++i)
            cairo_line_to(cr_, points[i].x, points[i].y);
        // Round joins for this line only, as the SVG backend writes them: frames drawn later
        // keep square corners.
        cairo_save(cr_);
        cairo_set_line_join(cr_, CAIRO_LINE_JOIN_ROUND);
        draw(stroke);
        cairo_restore(cr_);
    }

    void disc(Point centre, double radius, Rgb fill, const Stroke& outline) override {
        cairo_new_sub_path(cr_);
        cairo_arc(cr_, centre.x, centre.y, radius, 0, 2 * M_PI);
        set_colour(fill, 1);
        if (outline.width <= 0) {
            cairo_fill(cr_);
            return;
        }
        cairo_fill_preserve(cr_);
        draw(outline);
    }

    void text(Point at, std::string_view text, const Font& font) override {
        const std::string label(text);
        cairo_save(cr_);
        cairo_select_font_face(cr_, "sans-serif", CAIRO_FONT_SLANT_NORMAL,
                               font.bold ? CAIRO_FONT_WEIGHT_BOLD : CAIRO_FONT_WEIGHT_NORMAL);
        cairo_set_font_size(cr_, font.size);
        set_colour(font.colour, 1);
        cairo_translate(cr_, at.x, at.y);
        if (font.vertical) cairo_rotate(cr_, -M_PI / 2);
        cairo_text_extents_t extents;
        cairo_text_extents(cr_, label.c_str(), &extents);
        const double shift = font.anchor == Anchor::Middle ? extents.x_advance / 2
                             : font.anchor == Anchor::End  ? extents.x_advance
                                                           : 0;
        const double drop = font.centred ? -(extents.y_bearing + extents.height / 2) : 0;
        cairo_move_to(cr_, -shift, drop);
        cairo_show_text(cr_, label.c_str());
        cairo_restore(cr_);
    }

    std::string finish() override {
        std::string bytes;
        cairo_surface_flush(surface_);
        auto append = [](void* closure, const unsigned char* data, unsigned int length) {
            static_cast<std::string*>(closure)->append(reinterpret_cast<const char*>(data), length);
            return CAIRO_STATUS_SUCCESS;
        };
        if (cairo_surface_write_to_png_stream(surface_, append, &bytes) != CAIRO_STATUS_SUCCESS)
            throw ResourceError("cannot encode a PNG image (cairo)");
        return bytes;
    }

  private:
    void set_colour(Rgb c, double opacity) {
        cairo_set_source_rgba(cr_, c.r / 255.0, c.g / 255.0, c.b / 255.0, opacity);
    }
    void draw(const Stroke& s) {
        set_colour(s.colour, s.opacity);
        cairo_set_line_width(cr_, s.width);
        const double dashes[] = {4, 3};
        cairo_set_dash(cr_, dashes, s.dashed ? 2 : 0, 0);
        cairo_stroke(cr_);
    }
    void release() noexcept {
        if (cr_) cairo_destroy(cr_);
        if (surface_) cairo_surface_destroy(surface_);
        cr_ = nullptr;
        surface_ = nullptr;
    }

    cairo_surface_t* surface_ = nullptr;
    cairo_t* cr_ = nullptr;
};

}  // namespace

std::unique_ptr<Canvas> make_png_canvas(int width, int height) {
    return std::make_unique<PngCanvas>(width, height);
}

#else

std::unique_ptr<Canvas> make_png_canvas(int, int) {
    throw InputError(
        "PNG pictures (--png) need cairo, and this tropic was built without it; write SVG "
        "(leave out --png) or rebuild tropic with libcairo2-dev installed");
}

#endif

}  // namespace tropic::draw
