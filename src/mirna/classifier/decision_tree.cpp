// CART training and prediction of DecisionTree (the JSON form is in tree_json.cpp).
#include <fmt/format.h>

#include <cmath>
#include <set>

#include "mirna/classifier/cart_split.hpp"
#include "mirna/classifier/feature_table.hpp"
#include "mirna/classifier/tree_checks.hpp"
#include "tropic/core/error.hpp"
#include "tropic/mirna/classifier.hpp"

namespace tropic::mirna {

namespace detail {

std::optional<std::string> feature_names_problem(const std::vector<std::string>& names) {
    if (names.empty()) return "no feature names";
    std::set<std::string> seen;
    for (const std::string& name : names) {
        if (!feature_column(name))
            return fmt::format("'{}' is not one of tropic's miRNA features", name);
        if (!seen.insert(name).second) return fmt::format("feature '{}' is named twice", name);
    }
    return std::nullopt;
}

}  // namespace detail

namespace {

void check_training_set(const std::vector<std::string>& names,
                        const std::vector<std::vector<double>>& rows,
                        const std::vector<int>& labels, const TreeParams& params) {
    if (auto problem = detail::feature_names_problem(names))
        throw InputError("decision tree training: " + *problem);
    if (rows.size() != labels.size())
        throw InputError(fmt::format("decision tree training: {} rows but {} labels", rows.size(),
                                     labels.size()));
    if (rows.empty()) throw InputError("decision tree training: no training rows");
    if (params.max_depth < 0 || params.min_leaf < 1)
        throw InputError(fmt::format(
            "decision tree training: max_depth must be at least 0 and min_leaf at least 1 "
            "(got {} and {})",
            params.max_depth, params.min_leaf));
    bool positive = false, negative = false;
    for (std::size_t i = 0; i < rows.size(); ++i) {
        if (rows[i].size() != names.size())
            throw InputError(fmt::format("decision tree training: row {} has {} values, not {}",
                                         i + 1, rows[i].size(), names.size()));
        for (double value : rows[i])
            if (std::isinf(value))
                throw InputError(
                    fmt::format("decision tree training: row {} has an infinite value", i + 1));
        if (labels[i] != 0 && labels[i] != 1)
            throw InputError(fmt::format("decision tree training: label {} of row {} is not 0 or 1",
                                         labels[i], i + 1));
        (labels[i] == 1 ? positive : negative) = true;
    }
    if (!positive || !negative)
        throw InputError(fmt::format("decision tree training: no {} examples",
                                     positive ? "negative" : "positive"));
}

// Grows the tree depth first: a node's left subtree is stored before its right one.
class TreeGrower {
  public:
    TreeGrower(const std::vector<std::vector<double>>& rows, const std::vector<int>& labels,
               std::size_t feature_count, const TreeParams& params)
        : rows_(rows), labels_(labels), feature_count_(feature_count), params_(params) {}

    std::vector<DecisionTree::Node> grow() {
        std::vector<std::uint32_t> all(rows_.size());
        for (std::size_t i = 0; i < all.size(); ++i) all[i] = static_cast<std::uint32_t>(i);
        add(std::move(all), 0);
        return std::move(nodes_);
    }

  private:
    int add(std::vector<std::uint32_t> node_rows, int depth) {
        const int index = static_cast<int>(nodes_.size());
        DecisionTree::Node node;
        node.rows = static_cast<std::uint32_t>(node_rows.size());
        std::uint32_t positives = 0;
        for (std::uint32_t row : node_rows) positives += labels_[row] == 1;
        node.positive_share = static_cast<double>(positives) / node.rows;
        nodes_.push_back(node);
        if (depth >= params_.max_depth) return index;
        const auto split = detail::best_split(rows_, labels_, node_rows, feature_count_,
                                              static_cast<std::uint32_t>(params_.min_leaf));
        if (!split) return index;
        std::vector<std::uint32_t> left, right;
        for (std::uint32_t row : node_rows) {
            const double value = rows_[row][static_cast<std::size_t>(split->feature)];
            (std::isnan(value) || value <= split->threshold ? left : right).push_back(row);
        }
        node_rows.clear();
        node_rows.shrink_to_fit();
        const int left_index = add(std::move(left), depth + 1);
        const int right_index = add(std::move(right), depth + 1);
        DecisionTree::Node& stored = nodes_[static_cast<std::size_t>(index)];
        stored.feature = split->feature;
        stored.threshold = split->threshold;
        stored.left = left_index;
        stored.right = right_index;
        return index;
    }

    const std::vector<std::vector<double>>& rows_;
    const std::vector<int>& labels_;
    std::size_t feature_count_;
    TreeParams params_;
    std::vector<DecisionTree::Node> nodes_;
};

}  // namespace

DecisionTree DecisionTree::train(std::vector<std::string> feature_names,
                                 const std::vector<std::vector<double>>& rows,
                                 const std::vector<int>& labels, const TreeParams& params) {
    check_training_set(feature_names, rows, labels, params);
    DecisionTree tree;
    tree.nodes_ = TreeGrower(rows, labels, feature_names.size(), params).grow();
    tree.feature_names_ = std::move(feature_names);
    return tree;
}

double DecisionTree::predict(std::span<const double> row) const {
    if (nodes_.empty()) throw InputError("decision tree: the model has no nodes");
    if (row.size() != feature_names_.size())
        throw InputError(fmt::format("decision tree: a row of {} values for a model of {} features",
                                     row.size(), feature_names_.size()));
    std::size_t at = 0;
    while (nodes_[at].feature >= 0) {
        const Node& node = nodes_[at];
        const double value = row[static_cast<std::size_t>(node.feature)];
        at = static_cast<std::size_t>(std::isnan(value) || value <= node.threshold ? node.left
                                                                                   : node.right);
    }
    return nodes_[at].positive_share;
}

double DecisionTree::predict(const CandidateFeatures& features) const {
    const auto columns = detail::feature_columns();
    std::vector<double> row;
    row.reserve(feature_names_.size());
    for (const std::string& name : feature_names_)
        row.push_back(columns[*detail::feature_column(name)].value(features));
    return predict(row);
}

const std::vector<std::string>& DecisionTree::feature_names() const noexcept {
    return feature_names_;
}

bool DecisionTree::uses_reads() const noexcept {
    const auto columns = detail::feature_columns();
    for (const std::string& name : feature_names_) {
        const auto column = detail::feature_column(name);
        if (column && columns[*column].needs_reads) return true;
    }
    return false;
}

const std::vector<DecisionTree::Node>& DecisionTree::nodes() const noexcept {
    return nodes_;
}

}  // namespace tropic::mirna
