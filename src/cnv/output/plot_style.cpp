#include "cnv/output/plot_style.hpp"

#include <cmath>
#include <cstdio>

#include "cnv/output/output_format.hpp"

namespace tropic::cnv {

// The plots draw PNG on core's canvas: this build can when core found cairo.
bool png_supported() noexcept {
    return draw::png_supported();
}

}  // namespace tropic::cnv

namespace tropic::cnv::detail {

std::unique_ptr<Canvas> make_canvas(PlotFormat format, int width, int height) {
    return format == PlotFormat::Png ? draw::make_png_canvas(width, height)
                                     : draw::make_svg_canvas(width, height);
}

const char* plot_extension(PlotFormat format) {
    return format == PlotFormat::Png ? "png" : "svg";
}

Rgb copy_number_color(int copy_number) {
    static constexpr Rgb palette[] = {
        {8, 69, 148},     // CN0
        {107, 174, 214},  // CN1
        {247, 247, 247},  // CN2
        {252, 174, 145},  // CN3
        {251, 106, 74},   // CN4
        {239, 59, 44},    // CN5
        {203, 24, 29},    // CN6
        {165, 15, 21},    // CN7
        {103, 0, 13},     // CN8 and above
    };
    if (copy_number < 0) return {189, 189, 189};
    return palette[copy_number < 8 ? copy_number : 8];
}

std::vector<double> nice_ticks(double low, double high, int target) {
    if (!(high > low)) return {low};
    const double rough = (high - low) / target;
    const double power = std::pow(10.0, std::floor(std::log10(rough)));
    double step = power;
    for (double factor : {1.0, 2.0, 5.0, 10.0}) {
        step = factor * power;
        if (step >= rough) break;
    }
    std::vector<double> ticks;
    for (double t = std::ceil(low / step) * step; t <= high + step * 1e-9; t += step)
        ticks.push_back(std::abs(t) < step * 1e-9 ? 0.0 : t);
    return ticks;
}

std::string tick_label(double value) {
    if (value == std::round(value) && std::abs(value) >= 10000 && std::abs(value) < 1e15)
        return group_thousands(static_cast<long long>(value));
    char buffer[32];
    std::snprintf(buffer, sizeof buffer, "%g", value);
    return buffer;
}

double text_width(const std::string& text, double font_size) {
    return 0.6 * font_size * static_cast<double>(text.size());
}

}  // namespace tropic::cnv::detail
