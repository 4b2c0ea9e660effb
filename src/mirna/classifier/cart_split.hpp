#pragma once
// CART's split search for one node: Gini impurity compared exactly (integer arithmetic), so
// that the choice among equal splits follows only the documented tie rule.
#include <cstdint>
#include <optional>
#include <span>
#include <vector>

namespace tropic::mirna::detail {

struct SplitChoice {
    int feature = -1;
    double threshold = 0;  // value <= threshold (or NaN) goes left
};

// The split of `node_rows` (indices into rows/labels) with the lowest weighted Gini impurity,
// both sides holding at least min_leaf rows, strictly below the node's own impurity; among
// equal ones the first feature, then the smaller threshold. Thresholds are midpoints between
// consecutive distinct values. nullopt when no split qualifies.
[[nodiscard]] std::optional<SplitChoice> best_split(const std::vector<std::vector<double>>& rows,
                                                    std::span<const int> labels,
                                                    std::span<const std::uint32_t> node_rows,
                                                    std::size_t feature_count,
                                                    std::uint32_t min_leaf);

// A threshold strictly between a < b that keeps b on the right.
[[nodiscard]] double split_threshold(double a, double b);

// Exact comparison of weighted Gini impurities: n_left and n_right rows with p_left and p_right
// positives. Returns <0, 0 or >0 as the first split is purer, as pure, or less pure than the
// second. (A node is compared as a "split" with an empty side.)
struct GiniCounts {
    std::uint64_t n_left = 0, p_left = 0, n_right = 0, p_right = 0;
};
[[nodiscard]] int compare_impurity(const GiniCounts& a, const GiniCounts& b);

}  // namespace tropic::mirna::detail
