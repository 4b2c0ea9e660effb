#pragma once
// What the mirscan layouts share: how a number prints and which features a candidate has.
#include <string>
#include <string_view>
#include <vector>

#include "tropic/mirna/mirscan.hpp"

namespace tropic::mirna::detail {

// A whole number as one ("12", "-3"), anything else with six significant digits ("-35.3333",
// "0.00990099"); NaN or an infinity as `missing`.
void append_number(std::string& out, double value, std::string_view missing);

// feature_names(with_reads), asked once: every line of an output names the same features.
[[nodiscard]] const std::vector<std::string>& cached_feature_names(bool with_reads);

// feature_vector(candidate.features, with_reads), checked against feature_columns.
[[nodiscard]] std::vector<double> feature_values(const MirnaCandidate& candidate, bool with_reads);

}  // namespace tropic::mirna::detail
