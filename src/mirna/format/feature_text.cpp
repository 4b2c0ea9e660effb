#include "mirna/format/feature_text.hpp"

#include <fmt/format.h>

#include <cmath>
#include <iterator>

#include "tropic/core/error.hpp"

namespace tropic::mirna::detail {

namespace {

// Doubles hold every whole number up to 2^53 exactly; beyond it "whole" means nothing.
constexpr double kLargestWhole = 9007199254740992.0;

}  // namespace

void append_number(std::string& out, double value, std::string_view missing) {
    if (!std::isfinite(value)) {
        out += missing;
    } else if (value == 0) {
        out += '0';  // and not "-0"
    } else if (std::abs(value) <= kLargestWhole && value == std::floor(value)) {
        fmt::format_to(std::back_inserter(out), "{:.0f}", value);
    } else {
        fmt::format_to(std::back_inserter(out), "{:.6g}", value);
    }
}

const std::vector<std::string>& cached_feature_names(bool with_reads) {
    static const std::vector<std::string> without = feature_names(false);
    static const std::vector<std::string> with = feature_names(true);
    return with_reads ? with : without;
}

std::vector<double> feature_values(const MirnaCandidate& candidate, bool with_reads) {
    std::vector<double> values = feature_vector(candidate.features, with_reads);
    const std::size_t names = cached_feature_names(with_reads).size();
    if (values.size() != names)
        throw InternalError(
            fmt::format("{} feature names but {} feature values", names, values.size()));
    return values;
}

}  // namespace tropic::mirna::detail
