#pragma once
// The one reading of a number from text in tropic's parsers: the whole text, in C locale, by
// std::from_chars (no leading '+' or white space; a floating-point value may be "inf" or "nan",
// which callers that need a finite one check); anything else is no number. Each caller words its
// own message, naming the file, line and field.
#include <charconv>
#include <optional>
#include <string_view>
#include <system_error>
#include <type_traits>

namespace tropic {

// The value `text` spells, or nullopt when it is not exactly one number of type T in range.
template <class T>
[[nodiscard]] std::optional<T> parse_number(std::string_view text) noexcept {
    static_assert(std::is_arithmetic_v<T> && !std::is_same_v<T, bool>);
    T value{};
    const char* const last = text.data() + text.size();
    const auto [end, error] = std::from_chars(text.data(), last, value);
    if (error != std::errc{} || end != last || text.empty()) return std::nullopt;
    return value;
}

}  // namespace tropic
