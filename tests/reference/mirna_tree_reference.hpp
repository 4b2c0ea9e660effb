#pragma once
// A plain CART reference for the decision tree tests: every threshold of every feature tried by
// scanning all rows of the node, Gini impurity compared as exact integers in its textbook form.
// Slow and simple; only for tiny data.
#include <cstdint>
#include <vector>

namespace tropic::test {

struct ReferenceTreeNode {
    int feature = -1;
    double threshold = 0;
    int left = -1;
    int right = -1;
    double positive_share = 0;
    std::uint32_t rows = 0;
};

// Nodes in depth-first order (a node, its left subtree, its right subtree), as DecisionTree
// stores them. NaN goes left; ties: the first feature, then the smaller threshold.
std::vector<ReferenceTreeNode> reference_tree(const std::vector<std::vector<double>>& rows,
                                              const std::vector<int>& labels, int max_depth,
                                              int min_leaf);

}  // namespace tropic::test
