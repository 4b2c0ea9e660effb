#pragma once
// What training and loading both require of a tree's feature names.
#include <optional>
#include <string>
#include <vector>

namespace tropic::mirna::detail {

// Why `names` cannot name a tree's inputs (empty, a name that is not one of feature_names(true),
// a name given twice), nullopt when they can.
[[nodiscard]] std::optional<std::string> feature_names_problem(
    const std::vector<std::string>& names);

}  // namespace tropic::mirna::detail
