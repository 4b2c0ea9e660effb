#pragma once
// The one table of classifier features: name, how the value is read from a candidate, and
// whether it needs read evidence. feature_names, feature_vector and the decision tree's look-up
// of a feature by name all come from it, so that the order and the names cannot drift apart.
#include <cstddef>
#include <optional>
#include <span>
#include <string_view>

#include "tropic/mirna/classifier.hpp"

namespace tropic::mirna::detail {

struct FeatureColumn {
    std::string_view name;
    double (*value)(const CandidateFeatures& features);
    bool needs_reads;
};

// Every feature, structure first, then significance, then the read features (last, so that the
// columns without reads are a prefix of those with them).
[[nodiscard]] std::span<const FeatureColumn> feature_columns() noexcept;

// The column named `name`, nullopt for a name that is not tropic's.
[[nodiscard]] std::optional<std::size_t> feature_column(std::string_view name) noexcept;

}  // namespace tropic::mirna::detail
