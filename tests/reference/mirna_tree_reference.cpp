#include "reference/mirna_tree_reference.hpp"

#include <cmath>
#include <numeric>
#include <set>

namespace tropic::test {

namespace {

using Wide = __int128;

struct Side {
    Wide n = 0, positives = 0;
    // n^2 - p^2 - q^2: n^2 times the side's Gini impurity.
    Wide gini_n2() const {
        const Wide negatives = n - positives;
        return n * n - positives * positives - negatives * negatives;
    }
};

struct Candidate {
    int feature = -1;
    double threshold = 0;
    Side left, right;
};

bool goes_left(double value, double threshold) {
    return std::isnan(value) || value <= threshold;
}

// Weighted Gini of a split = X / (n * nL * nR) with X = nR * gini_n2(L) + nL * gini_n2(R).
Wide split_numerator(const Candidate& c) {
    return c.right.n * c.left.gini_n2() + c.left.n * c.right.gini_n2();
}

// Is split a purer than split b (both of the same n rows)?
bool purer(const Candidate& a, const Candidate& b) {
    return split_numerator(a) * (b.left.n * b.right.n) <
           split_numerator(b) * (a.left.n * a.right.n);
}

// Is the split purer than its node (gini_n2(node) / n^2)?
bool purer_than_node(const Candidate& c, const Side& node) {
    return split_numerator(c) * node.n < node.gini_n2() * (c.left.n * c.right.n);
}

class Builder {
  public:
    Builder(const std::vector<std::vector<double>>& rows, const std::vector<int>& labels,
            int max_depth, int min_leaf)
        : rows_(rows), labels_(labels), max_depth_(max_depth), min_leaf_(min_leaf) {}

    int build(const std::vector<std::size_t>& members, int depth) {
        const int index = static_cast<int>(nodes_.size());
        Side node;
        for (std::size_t r : members) {
            ++node.n;
            node.positives += labels_[r];
        }
        ReferenceTreeNode out;
        out.rows = static_cast<std::uint32_t>(members.size());
        out.positive_share = static_cast<double>(node.positives) / static_cast<double>(node.n);
        nodes_.push_back(out);
        if (depth >= max_depth_) return index;
        bool found = false;
        Candidate best;
        for (std::size_t f = 0; f < rows_[0].size(); ++f) {
            std::set<double> values;
            for (std::size_t r : members)
                if (!std::isnan(rows_[r][f])) values.insert(rows_[r][f]);
            for (auto it = values.begin(); it != values.end() && std::next(it) != values.end();
                 ++it) {
                const double a = *it, b = *std::next(it);
                double threshold = std::midpoint(a, b);
                if (!(threshold < b)) threshold = a;
                Candidate c{static_cast<int>(f), threshold, {}, {}};
                for (std::size_t r : members) {
                    Side& side = goes_left(rows_[r][f], threshold) ? c.left : c.right;
                    ++side.n;
                    side.positives += labels_[r];
                }
                if (c.left.n < min_leaf_ || c.right.n < min_leaf_) continue;
                if (!purer_than_node(c, node)) continue;
                if (!found || purer(c, best)) {
                    best = c;
                    found = true;
                }
            }
        }
        if (!found) return index;
        std::vector<std::size_t> left, right;
        for (std::size_t r : members)
            (goes_left(rows_[r][static_cast<std::size_t>(best.feature)], best.threshold) ? left
                                                                                         : right)
                .push_back(r);
        const int l = build(left, depth + 1);
        const int r = build(right, depth + 1);
        nodes_[static_cast<std::size_t>(index)].feature = best.feature;
        nodes_[static_cast<std::size_t>(index)].threshold = best.threshold;
        nodes_[static_cast<std::size_t>(index)].left = l;
        nodes_[static_cast<std::size_t>(index)].right = r;
        return index;
    }

    std::vector<ReferenceTreeNode> nodes_;

  private:
    const std::vector<std::vector<double>>& rows_;
    const std::vector<int>& labels_;
    int max_depth_;
    int min_leaf_;
};

}  // namespace

std::vector<ReferenceTreeNode> reference_tree(const std::vector<std::vector<double>>& rows,
                                              const std::vector<int>& labels, int max_depth,
                                              int min_leaf) {
    Builder builder(rows, labels, max_depth, min_leaf);
    std::vector<std::size_t> all(rows.size());
    std::iota(all.begin(), all.end(), std::size_t{0});
    builder.build(all, 0);
    return builder.nodes_;
}

}  // namespace tropic::test
