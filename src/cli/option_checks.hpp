#pragma once
// Checks of option values in the tool's words: "--top must be at least 1, not 0", "--dangles must
// be 0 or 2, not 1", "--top must be a whole number, not 2.5". (CLI11's own range check prints the
// type's limits in full, 309 digits for a double.) A check returns "must ..."; CLI11 reports it
// as "OPTION: must ...", which main() prints as "OPTION must ..." (usage_error.hpp).
#include <fmt/format.h>

#include <CLI/CLI.hpp>
#include <cmath>
#include <limits>
#include <optional>
#include <string>
#include <type_traits>
#include <vector>

#include "tropic/core/parse_number.hpp"

namespace tropic::cli {

namespace detail {

// "" when `text` is a value of type T from `min` to `max` (either may be absent), else why not.
template <class T>
std::string value_check(const std::string& text, std::optional<T> min, std::optional<T> max) {
    const std::optional<double> number = parse_number<double>(text);
    if (!number || !std::isfinite(*number)) return fmt::format("must be a number, not '{}'", text);
    if (std::is_integral_v<T> && *number != std::floor(*number))
        return fmt::format("must be a whole number, not {}", text);
    const bool low = min && *number < static_cast<double>(*min);
    const bool high = max && *number > static_cast<double>(*max);
    if ((low || high) && min && max)
        return fmt::format("must be between {} and {}, not {}", *min, *max, text);
    if (low) return fmt::format("must be at least {}, not {}", *min, text);
    if (high) return fmt::format("must be at most {}, not {}", *max, text);
    if (std::is_integral_v<T> && !parse_number<T>(text))
        return fmt::format("must be a whole number of at most {} digits, not {}",
                           std::numeric_limits<T>::digits10, text);
    return {};
}

}  // namespace detail

// Values of at least `min`.
template <class T>
CLI::Validator at_least(T min) {
    return CLI::Validator(
        [min](std::string& text) { return detail::value_check<T>(text, min, std::nullopt); }, "");
}

// Values from `min` to `max`, both included.
template <class T>
CLI::Validator between(T min, T max) {
    return CLI::Validator(
        [min, max](std::string& text) { return detail::value_check<T>(text, min, max); }, "");
}

// One of `words` ("must be local, global, glocal or overlap, not x").
CLI::Validator one_of(std::vector<std::string> words);

}  // namespace tropic::cli
