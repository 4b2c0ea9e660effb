#pragma once
// Which hairpins are miRNA precursor candidates: the feature filter that decides which hairpins
// are worth shuffling, the default score (published thresholds, each cited in
// docs/mirscan-classifier.md) and a decision tree trained on known precursors (`--train`),
// saved and loaded as JSON.
#include <cstdint>
#include <optional>
#include <span>
#include <string>
#include <string_view>
#include <vector>

#include "tropic/mirna/hairpin.hpp"
#include "tropic/mirna/read_evidence.hpp"
#include "tropic/mirna/significance.hpp"

namespace tropic::mirna {

// Everything known about one candidate.
struct CandidateFeatures {
    HairpinFeatures hairpin;
    std::optional<Significance> significance;  // absent when it did not pass the filter
    std::optional<ReadEvidence> reads;         // absent without --reads
};

// Features in a fixed order, by name (the decision tree's inputs; the tsv/JSON columns).
// Significance features are NaN when absent; the read features come only with_reads.
[[nodiscard]] std::vector<std::string> feature_names(bool with_reads);
[[nodiscard]] std::vector<double> feature_vector(const CandidateFeatures& features,
                                                 bool with_reads);

// The cheap test before shuffling (defaults and sources in docs/mirscan-classifier.md).
struct FeatureFilter {
    double min_mfei = 0.0;  // set by the classifier helper with its source
    double max_amfe = 0.0;  // kcal/mol per 100 nt
    std::uint32_t min_base_pairs = 0;
    std::uint32_t max_hairpin_loops = 1;
};
[[nodiscard]] FeatureFilter default_feature_filter();
[[nodiscard]] bool passes(const FeatureFilter& filter, const HairpinFeatures& hairpin);

// The default score in [0, 1] from published thresholds; candidates at or above
// kDefaultScoreThreshold are reported.
inline constexpr double kDefaultScoreThreshold = 0.75;
[[nodiscard]] double default_score(const CandidateFeatures& features);

struct TreeParams {
    int max_depth = 6;
    int min_leaf = 5;  // fewest training rows in a leaf
};

// A CART classification tree (Gini impurity, binary splits at midpoints between sorted values;
// ties broken by feature order, then the smaller threshold: training is deterministic). A NaN
// feature goes to the left child. predict() is the share of positives among the training rows
// of the leaf reached.
class DecisionTree {
  public:
    // rows: one feature vector (in feature_names order) per example; labels 1 positive, 0
    // negative. InputError when the sizes differ, there are no rows, or one class is missing.
    [[nodiscard]] static DecisionTree train(std::vector<std::string> feature_names,
                                            const std::vector<std::vector<double>>& rows,
                                            const std::vector<int>& labels,
                                            const TreeParams& params = {});

    [[nodiscard]] double predict(std::span<const double> row) const;
    [[nodiscard]] double predict(const CandidateFeatures& features) const;
    [[nodiscard]] const std::vector<std::string>& feature_names() const noexcept;
    [[nodiscard]] bool uses_reads() const noexcept;  // trained with the read features

    // JSON text ({"format":"tropic-mirna-tree","version":1,...}); load names `source` (a file
    // name) in its InputErrors (malformed JSON, unknown format or version, feature names that
    // are not tropic's).
    [[nodiscard]] std::string to_json() const;
    [[nodiscard]] static DecisionTree from_json(std::string_view text, const std::string& source);
    void save(const std::string& path) const;  // atomically
    [[nodiscard]] static DecisionTree load(const std::string& path);

    struct Node {
        int feature = -1;      // -1: a leaf
        double threshold = 0;  // row[feature] <= threshold (or NaN) goes left
        int left = -1;
        int right = -1;
        double positive_share = 0;
        std::uint32_t rows = 0;
    };
    [[nodiscard]] const std::vector<Node>& nodes() const noexcept;

  private:
    std::vector<std::string> feature_names_;
    std::vector<Node> nodes_;
};

}  // namespace tropic::mirna
