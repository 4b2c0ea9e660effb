#include "cnv/output/canvas.hpp"

namespace tropic::cnv::output {

std::unique_ptr<Canvas> make_canvas(PlotFormat format, int width, int height) {
    return format == PlotFormat::Png ? make_png_canvas(width, height)
                                     : make_svg_canvas(width, height);
}

const char* plot_extension(PlotFormat format) {
    return format == PlotFormat::Png ? "png" : "svg";
}

}  // namespace tropic::cnv::output
