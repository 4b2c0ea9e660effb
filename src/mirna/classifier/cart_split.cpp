#include "mirna/classifier/cart_split.hpp"

#include <algorithm>
#include <cmath>
#include <numeric>
#include <utility>

namespace tropic::mirna::detail {

namespace {

using Wide = unsigned __int128;

// The weighted Gini impurity of a split times n/2 is pL*qL/nL + pR*qR/nR (q: negatives): kept
// as the fraction numerator / denominator. An empty side contributes nothing.
struct Fraction {
    Wide numerator;
    Wide denominator;
};

Fraction impurity(const GiniCounts& c) {
    const Wide left = Wide{c.p_left} * (c.n_left - c.p_left);
    const Wide right = Wide{c.p_right} * (c.n_right - c.p_right);
    if (c.n_left == 0) return {right, c.n_right};
    if (c.n_right == 0) return {left, c.n_left};
    return {left * c.n_right + right * c.n_left, Wide{c.n_left} * c.n_right};
}

struct Valued {
    double value;
    int label;
};

}  // namespace

int compare_impurity(const GiniCounts& a, const GiniCounts& b) {
    const Fraction x = impurity(a), y = impurity(b);
    const Wide lhs = x.numerator * y.denominator, rhs = y.numerator * x.denominator;
    return lhs < rhs ? -1 : (lhs > rhs ? 1 : 0);
}

double split_threshold(double a, double b) {
    const double middle = std::midpoint(a, b);
    return middle < b ? middle : a;
}

std::optional<SplitChoice> best_split(const std::vector<std::vector<double>>& rows,
                                      std::span<const int> labels,
                                      std::span<const std::uint32_t> node_rows,
                                      std::size_t feature_count, std::uint32_t min_leaf) {
    std::uint64_t positives = 0;
    for (std::uint32_t row : node_rows) positives += labels[row] == 1;
    GiniCounts best{node_rows.size(), positives, 0, 0};  // the node itself: a split must beat it
    std::optional<SplitChoice> choice;
    std::vector<Valued> valued;
    for (std::size_t feature = 0; feature < feature_count; ++feature) {
        valued.clear();
        std::uint64_t nan_rows = 0, nan_positives = 0;
        for (std::uint32_t row : node_rows) {
            const double value = rows[row][feature];
            if (std::isnan(value)) {
                ++nan_rows;
                nan_positives += labels[row] == 1;
            } else {
                valued.push_back({value, labels[row]});
            }
        }
        std::sort(valued.begin(), valued.end(),
                  [](const Valued& x, const Valued& y) { return x.value < y.value; });
        GiniCounts counts{nan_rows, nan_positives, valued.size(), positives - nan_positives};
        for (std::size_t i = 0; i + 1 < valued.size(); ++i) {
            const bool positive = valued[i].label == 1;
            ++counts.n_left;
            counts.p_left += positive;
            --counts.n_right;
            counts.p_right -= positive;
            if (valued[i].value == valued[i + 1].value) continue;
            if (counts.n_left < min_leaf || counts.n_right < min_leaf) continue;
            if (compare_impurity(counts, best) >= 0) continue;
            best = counts;
            choice = SplitChoice{static_cast<int>(feature),
                                 split_threshold(valued[i].value, valued[i + 1].value)};
        }
    }
    return choice;
}

}  // namespace tropic::mirna::detail
