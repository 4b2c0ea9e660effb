#include "cli/memory_size.hpp"

#include <fmt/format.h>

#include <algorithm>
#include <cctype>
#include <cstdint>

namespace tropic::cli {

namespace {

constexpr const char* kDigits = "0123456789";

bool all_letters(const std::string& text) {
    return std::all_of(text.begin(), text.end(),
                       [](unsigned char c) { return std::isalpha(c) != 0; });
}

// AsSizeValue's reading of "NUMBER[UNIT]" with a whole number: the bytes, as text. Throws
// CLI::ValidationError for an unknown unit or an overflow.
std::string whole_size_in_bytes(std::string text) {
    static const CLI::AsSizeValue kUnits(false);  // K = 1024, as sizes of memory go
    const std::string error = kUnits(text);
    if (!error.empty()) throw CLI::ValidationError(error);
    return text;
}

// The bytes of "WHOLE[.FRACTION][UNIT]"; throws CLI::ValidationError for anything else.
std::string size_in_bytes(const std::string& text) {
    const std::size_t whole_end = std::min(text.find_first_not_of(kDigits), text.size());
    std::string whole = text.substr(0, whole_end);
    std::string fraction;
    std::size_t unit_begin = whole_end;
    if (whole_end < text.size() && text[whole_end] == '.') {
        unit_begin = std::min(text.find_first_not_of(kDigits, whole_end + 1), text.size());
        fraction = text.substr(whole_end + 1, unit_begin - whole_end - 1);
        if (fraction.empty()) throw CLI::ValidationError("no digits after the point");
    }
    const std::string unit = text.substr(unit_begin);
    if (whole.empty() || !all_letters(unit)) throw CLI::ValidationError("not a size");
    // CLI11 reads a leading 0 as octal: "0512M" would be 330 MiB.
    whole.erase(0, std::min(whole.find_first_not_of('0'), whole.size() - 1));
    if (fraction.empty()) return whole_size_in_bytes(whole + unit);
    const double unit_bytes = std::stod(whole_size_in_bytes("1" + unit));
    const double bytes = std::stod(whole + "." + fraction) * unit_bytes;
    if (!(bytes < 0x1p64)) throw CLI::ValidationError("too large");
    return std::to_string(static_cast<std::uint64_t>(bytes));
}

}  // namespace

CLI::Validator memory_size(const std::string& option) {
    return CLI::Validator(
        [option](std::string& text) -> std::string {
            try {
                text = size_in_bytes(text);
            } catch (const std::exception&) {  // CLI::ValidationError, or stod's out_of_range
                // CLI11 would prefix a ValidationError with "OPTION: "; tropic's messages about a
                // value say "OPTION 'VALUE'", and a ConversionError leaves the parse unchanged.
                throw CLI::ConversionError(fmt::format(
                    "{} '{}': expected a size such as 4G, 512M, 1.5G or a number of bytes", option,
                    text));
            }
            return {};
        },
        "");
}

}  // namespace tropic::cli
