#include "rna/plot/plot_colours.hpp"

#include <algorithm>
#include <array>
#include <cctype>
#include <cmath>

namespace tropic::rna::detail {

draw::Rgb value_colour(double value) {
    static constexpr std::array<draw::Rgb, 5> stops = {
        draw::Rgb{69, 117, 180}, draw::Rgb{145, 191, 219}, draw::Rgb{255, 255, 191},
        draw::Rgb{252, 141, 89}, draw::Rgb{215, 48, 39}};
    const double t = std::clamp(std::isnan(value) ? 0.0 : value, 0.0, 1.0) * (stops.size() - 1);
    const std::size_t low = std::min(static_cast<std::size_t>(t), stops.size() - 2);
    const double f = t - low;
    auto mix = [f](std::uint8_t a, std::uint8_t b) {
        return static_cast<std::uint8_t>(std::lround(a + (b - a) * f));
    };
    const draw::Rgb a = stops[low], b = stops[low + 1];
    return {mix(a.r, b.r), mix(a.g, b.g), mix(a.b, b.b)};
}

draw::Rgb nucleotide_colour(char base) {
    switch (std::toupper(static_cast<unsigned char>(base))) {
        case 'A':
            return {255, 214, 140};
        case 'C':
            return {170, 220, 160};
        case 'G':
            return {245, 170, 170};
        case 'U':
        case 'T':
            return {160, 200, 240};
        default:
            return {220, 220, 220};
    }
}

}  // namespace tropic::rna::detail
