#include "cli/memory_size.hpp"

#include <fmt/format.h>

#include <cctype>
#include <cmath>
#include <string_view>

#include "tropic/core/error.hpp"

namespace tropic::cli {

std::size_t parse_memory_size(const std::string& text, const char* option) {
    std::size_t used = 0;
    double value = -1;
    try {
        value = std::stod(text, &used);
    } catch (const std::exception&) {
        used = 0;
    }
    std::string_view suffix = std::string_view(text).substr(used);
    double unit = 1;
    if (suffix.size() == 1 || (suffix.size() == 2 && (suffix[1] == 'B' || suffix[1] == 'b'))) {
        constexpr std::string_view units = "KMGT";
        auto pos =
            units.find(static_cast<char>(std::toupper(static_cast<unsigned char>(suffix[0]))));
        if (pos != std::string_view::npos) {
            unit = static_cast<double>(std::size_t{1} << (10 * (pos + 1)));
            suffix = {};
        }
    }
    // Below 2^62 bytes: anything larger (or inf, nan, a sign) is a typing error.
    const bool sane = std::isfinite(value) && value >= 0 && value * unit < 4.6e18;
    if (used == 0 || !suffix.empty() || !sane || std::isspace(static_cast<unsigned char>(text[0])))
        throw InputError(fmt::format(
            "{} '{}': expected a size such as 4G, 512M or a number of bytes", option, text));
    return static_cast<std::size_t>(value * unit);
}

}  // namespace tropic::cli
