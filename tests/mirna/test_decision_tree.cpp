// DecisionTree: CART training against a brute-force reference, limits, NaN, JSON round trips and
// malformed models.
#include <gtest/gtest.h>

#include <cmath>
#include <filesystem>
#include <limits>
#include <random>

#include "reference/mirna_tree_reference.hpp"
#include "support/input_error.hpp"
#include "support/temp_dir.hpp"
#include "tropic/core/error.hpp"
#include "tropic/mirna/classifier.hpp"

namespace tropic::mirna {
namespace {

constexpr double kNaN = std::numeric_limits<double>::quiet_NaN();
const std::vector<std::string> kThree{"mfei", "amfe", "pvalue"};

int depth_of(const std::vector<DecisionTree::Node>& nodes, int at = 0) {
    const DecisionTree::Node& node = nodes[static_cast<std::size_t>(at)];
    if (node.feature < 0) return 0;
    return 1 + std::max(depth_of(nodes, node.left), depth_of(nodes, node.right));
}

TEST(MirnaDecisionTree, LearnsSeparableDataExactly) {
    std::vector<std::vector<double>> rows;
    std::vector<int> labels;
    for (int i = 0; i < 40; ++i) {
        const double mfei = 0.5 + 0.01 * i;
        rows.push_back({mfei, -30.0 - (i % 7), 0.5});
        labels.push_back(i >= 27 ? 1 : 0);
    }
    const DecisionTree tree = DecisionTree::train(kThree, rows, labels, {6, 1});
    for (std::size_t i = 0; i < rows.size(); ++i) EXPECT_EQ(tree.predict(rows[i]), labels[i]);
    ASSERT_EQ(tree.nodes().size(), 3u);
    EXPECT_EQ(tree.nodes()[0].feature, 0);
    EXPECT_DOUBLE_EQ(tree.nodes()[0].threshold, (rows[26][0] + rows[27][0]) / 2);
    EXPECT_EQ(tree.nodes()[0].rows, 40u);
    EXPECT_DOUBLE_EQ(tree.nodes()[0].positive_share, 13.0 / 40.0);
    EXPECT_EQ(tree.nodes()[1].rows, 27u);
    EXPECT_EQ(tree.nodes()[2].positive_share, 1.0);
}

TEST(MirnaDecisionTree, LearnsAnInteractionOfTwoFeatures) {
    std::vector<std::vector<double>> rows;
    std::vector<int> labels;
    for (int a = 0; a < 6; ++a)
        for (int b = 0; b < 6; ++b) {
            rows.push_back({static_cast<double>(a), static_cast<double>(b), 0});
            labels.push_back((a < 3) != (b < 2) ? 1 : 0);
        }
    const DecisionTree tree = DecisionTree::train(kThree, rows, labels, {3, 1});
    for (std::size_t i = 0; i < rows.size(); ++i) EXPECT_EQ(tree.predict(rows[i]), labels[i]) << i;
}

void expect_same_tree(const std::vector<DecisionTree::Node>& got,
                      const std::vector<test::ReferenceTreeNode>& want, const std::string& what) {
    ASSERT_EQ(got.size(), want.size()) << what;
    for (std::size_t i = 0; i < got.size(); ++i) {
        EXPECT_EQ(got[i].feature, want[i].feature) << what << " node " << i;
        EXPECT_EQ(got[i].threshold, want[i].threshold) << what << " node " << i;
        EXPECT_EQ(got[i].left, want[i].left) << what << " node " << i;
        EXPECT_EQ(got[i].right, want[i].right) << what << " node " << i;
        EXPECT_EQ(got[i].rows, want[i].rows) << what << " node " << i;
        EXPECT_EQ(got[i].positive_share, want[i].positive_share) << what << " node " << i;
    }
}

TEST(MirnaDecisionTree, SplitsEqualTheBruteForceReference) {
    std::mt19937 random(2024);
    int compared_splits = 0;
    for (int trial = 0; trial < 300; ++trial) {
        const int n = 6 + static_cast<int>(random() % 30);
        std::vector<std::vector<double>> rows(static_cast<std::size_t>(n));
        std::vector<int> labels(static_cast<std::size_t>(n));
        const int levels = 2 + static_cast<int>(random() % 5);  // few values: many ties
        for (int i = 0; i < n; ++i) {
            for (int f = 0; f < 3; ++f) {
                const int draw = static_cast<int>(random() % (levels + 1));
                rows[i].push_back(draw == levels && trial % 3 == 0 ? kNaN : draw * 0.5 - 1);
            }
            labels[i] = static_cast<int>(random() % 2);
        }
        labels[0] = 0;
        labels[1] = 1;
        const TreeParams params{static_cast<int>(random() % 5), 1 + static_cast<int>(random() % 4)};
        const DecisionTree tree = DecisionTree::train(kThree, rows, labels, params);
        const auto want = test::reference_tree(rows, labels, params.max_depth, params.min_leaf);
        expect_same_tree(tree.nodes(), want, "trial " + std::to_string(trial));
        compared_splits += static_cast<int>(want.size() / 2);
    }
    EXPECT_GT(compared_splits, 300);  // the comparison covered real trees, not just leaves
}

TEST(MirnaDecisionTree, DepthAndLeafSizeLimitsHold) {
    std::mt19937 random(5);
    std::vector<std::vector<double>> rows;
    std::vector<int> labels;
    for (int i = 0; i < 200; ++i) {
        rows.push_back({static_cast<double>(random() % 100), static_cast<double>(random() % 50),
                        static_cast<double>(random() % 10)});
        labels.push_back(static_cast<int>(random() % 2));
    }
    for (int depth : {0, 1, 2, 4, 8})
        for (int min_leaf : {1, 5, 20}) {
            const DecisionTree tree = DecisionTree::train(kThree, rows, labels, {depth, min_leaf});
            EXPECT_LE(depth_of(tree.nodes()), depth);
            for (const DecisionTree::Node& node : tree.nodes())
                EXPECT_GE(node.rows, static_cast<std::uint32_t>(min_leaf));
            if (depth == 0) {
                EXPECT_EQ(tree.nodes().size(), 1u);
            }
        }
}

TEST(MirnaDecisionTree, NaNGoesLeftInTrainingAndPrediction) {
    // Positives have pvalue NaN or small; negatives a large pvalue: NaN must join the small ones.
    std::vector<std::vector<double>> rows;
    std::vector<int> labels;
    for (int i = 0; i < 10; ++i) {
        rows.push_back({0.9, -40, i % 2 ? kNaN : 0.01});
        labels.push_back(1);
        rows.push_back({0.9, -40, 0.5 + 0.01 * i});
        labels.push_back(0);
    }
    const DecisionTree tree = DecisionTree::train(kThree, rows, labels, {2, 1});
    ASSERT_EQ(tree.nodes()[0].feature, 2);
    for (std::size_t i = 0; i < rows.size(); ++i) EXPECT_EQ(tree.predict(rows[i]), labels[i]);
    EXPECT_EQ(tree.predict(std::vector<double>{0.1, 0, kNaN}), 1.0);
}

TEST(MirnaDecisionTree, PredictsCandidatesByFeatureName) {
    std::vector<std::vector<double>> rows;
    std::vector<int> labels;
    CandidateFeatures f;
    for (int i = 0; i < 30; ++i) {
        f.hairpin.mfei = 0.5 + 0.02 * i;
        f.hairpin.length = 60 + static_cast<std::uint32_t>(i % 5);
        f.significance = Significance{10, 0, 1, 0, i % 3 ? 0.01 : 0.5};
        rows.push_back(feature_vector(f, false));
        labels.push_back(i >= 15 ? 1 : 0);
    }
    const DecisionTree tree = DecisionTree::train(feature_names(false), rows, labels);
    EXPECT_FALSE(tree.uses_reads());
    for (int i = 0; i < 30; ++i) {
        f.hairpin.mfei = 0.5 + 0.02 * i;
        f.hairpin.length = 60 + static_cast<std::uint32_t>(i % 5);
        f.significance = Significance{10, 0, 1, 0, i % 3 ? 0.01 : 0.5};
        EXPECT_EQ(tree.predict(f), tree.predict(feature_vector(f, false)));
        EXPECT_EQ(tree.predict(f), labels[static_cast<std::size_t>(i)]);
    }
    // A model over a subset of the features, in another order, reads the right columns.
    std::vector<std::vector<double>> subset;
    for (const auto& row : rows) subset.push_back({row[17], row[3]});  // pvalue, mfei
    const DecisionTree small = DecisionTree::train({"pvalue", "mfei"}, subset, labels);
    f.hairpin.mfei = 0.99;
    EXPECT_EQ(small.predict(f), small.predict(std::vector<double>{f.significance->pvalue, 0.99}));
}

TEST(MirnaDecisionTree, UsesReadsWhenTrainedOnReadFeatures) {
    const std::vector<std::vector<double>> rows{{1, 0}, {2, 0}, {3, 1}, {4, 1}};
    const DecisionTree tree =
        DecisionTree::train({"mfei", "homogeneity_5p"}, rows, {0, 0, 1, 1}, {2, 1});
    EXPECT_TRUE(tree.uses_reads());
}

TEST(MirnaDecisionTree, TrainingRefusesBadSets) {
    const std::vector<std::vector<double>> rows{{1, 2, 3}, {2, 3, 4}};
    EXPECT_THROW((void)DecisionTree::train(kThree, rows, {0}), InputError);
    EXPECT_THROW((void)DecisionTree::train(kThree, {}, {}), InputError);
    EXPECT_NE(test::input_error_of([&] {
                  (void)DecisionTree::train(kThree, rows, {1, 1});
              }).find("no negative"),
              std::string::npos);
    EXPECT_THROW((void)DecisionTree::train(kThree, rows, {0, 2}), InputError);
    EXPECT_THROW((void)DecisionTree::train({"mfei", "amfe"}, rows, {0, 1}), InputError);
    EXPECT_NE(test::input_error_of([&] {
                  (void)DecisionTree::train({"mfei", "amfe", "colour"}, rows, {0, 1});
              }).find("'colour'"),
              std::string::npos);
    EXPECT_THROW((void)DecisionTree::train({"mfei", "mfei", "amfe"}, rows, {0, 1}), InputError);
    EXPECT_THROW((void)DecisionTree::train(kThree, {{1, 2, INFINITY}, {1, 2, 3}}, {0, 1}),
                 InputError);
    EXPECT_THROW((void)DecisionTree::train(kThree, rows, {0, 1}, {-1, 1}), InputError);
    EXPECT_THROW((void)DecisionTree::train(kThree, rows, {0, 1}, {3, 0}), InputError);
}

DecisionTree random_tree(std::vector<std::vector<double>>& rows) {
    std::mt19937 random(11);
    std::uniform_real_distribution<double> unit(0, 1);
    std::vector<int> labels;
    for (int i = 0; i < 300; ++i) {
        rows.push_back({unit(random), -50 * unit(random), i % 17 == 0 ? kNaN : unit(random)});
        labels.push_back(rows.back()[0] + rows.back()[1] / 50 + unit(random) * 0.3 > 0.2);
    }
    return DecisionTree::train(kThree, rows, labels, {6, 3});
}

TEST(MirnaDecisionTree, JsonRoundTripPredictsIdentically) {
    std::vector<std::vector<double>> rows;
    const DecisionTree tree = random_tree(rows);
    ASSERT_GT(tree.nodes().size(), 7u);
    const DecisionTree copy = DecisionTree::from_json(tree.to_json(), "model.json");
    EXPECT_EQ(copy.feature_names(), tree.feature_names());
    ASSERT_EQ(copy.nodes().size(), tree.nodes().size());
    for (std::size_t i = 0; i < tree.nodes().size(); ++i) {
        EXPECT_EQ(copy.nodes()[i].threshold, tree.nodes()[i].threshold);
        EXPECT_EQ(copy.nodes()[i].positive_share, tree.nodes()[i].positive_share);
    }
    for (const auto& row : rows) EXPECT_EQ(copy.predict(row), tree.predict(row));
    EXPECT_EQ(copy.to_json(), tree.to_json());
}

TEST(MirnaDecisionTree, SavesAndLoadsAFile) {
    std::vector<std::vector<double>> rows;
    const DecisionTree tree = random_tree(rows);
    test::TempDir dir("tropic-mirna-tree");
    const std::string path = (dir.path() / "model.json").string();
    tree.save(path);
    const DecisionTree loaded = DecisionTree::load(path);
    for (const auto& row : rows) EXPECT_EQ(loaded.predict(row), tree.predict(row));
    // Nothing but the model is left in the folder (the save went through a temporary file).
    EXPECT_EQ(std::distance(std::filesystem::directory_iterator(dir.path()),
                            std::filesystem::directory_iterator()),
              1);
    const std::string missing = (dir.path() / "absent.json").string();
    EXPECT_NE(test::input_error_of([&] { (void)DecisionTree::load(missing); }).find("absent.json"),
              std::string::npos);
    EXPECT_THROW((void)DecisionTree::load(dir.path().string()), InputError);  // a folder
    EXPECT_THROW(tree.save(dir.path().string()), InputError);
}

std::string error_loading(const std::string& text) {
    return test::input_error_of([&] { (void)DecisionTree::from_json(text, "bad_model.json"); });
}

TEST(MirnaDecisionTree, MalformedModelsAreRefusedNamingTheFile) {
    const std::string leaf = R"({"format":"tropic-mirna-tree","version":1,"features":["mfei"],)"
                             R"("nodes":[{"rows":3,"positive_share":0.5}]})";
    EXPECT_EQ(DecisionTree::from_json(leaf, "ok.json").predict(std::vector<double>{1.0}), 0.5);
    const std::vector<std::pair<std::string, std::string>> cases{
        {"{\"format\":", "malformed JSON"},
        {"[1,2]", "not a JSON object"},
        {R"({"format":"other","version":1,"features":["mfei"],"nodes":[]})", "\"format\""},
        {R"({"format":"tropic-mirna-tree","version":2,"features":["mfei"],)"
         R"("nodes":[{"rows":1,"positive_share":1}]})",
         "version 2"},
        {R"({"format":"tropic-mirna-tree","version":1,"features":["colour"],)"
         R"("nodes":[{"rows":1,"positive_share":1}]})",
         "'colour'"},
        {R"({"format":"tropic-mirna-tree","version":1,"features":["mfei"],"nodes":[]})",
         "\"nodes\""},
        {R"({"format":"tropic-mirna-tree","version":1,"features":["mfei"],)"
         R"("nodes":[{"rows":1,"positive_share":1.5}]})",
         "positive_share"},
        {R"({"format":"tropic-mirna-tree","version":1,"features":["mfei"],)"
         R"("nodes":[{"rows":2,"positive_share":0.5,"feature":"mfei","threshold":1,)"
         R"("left":0,"right":1},{"rows":1,"positive_share":1}]})",
         "node 0"},
        {R"({"format":"tropic-mirna-tree","version":1,"features":["mfei"],)"
         R"("nodes":[{"rows":2,"positive_share":0.5,"feature":"amfe","threshold":1,)"
         R"("left":1,"right":2},{"rows":1,"positive_share":1},{"rows":1,"positive_share":0}]})",
         "node 0"},
        {R"({"format":"tropic-mirna-tree","version":1,"features":["mfei"],)"
         R"("nodes":[{"rows":2,"positive_share":0.5,"feature":"mfei","threshold":1,)"
         R"("left":1,"right":1},{"rows":1,"positive_share":1}]})",
         "node 1"},
        {R"({"format":"tropic-mirna-tree","version":1,"features":["mfei"],)"
         R"("nodes":[{"rows":1,"positive_share":1},{"rows":1,"positive_share":1}]})",
         "node 1"},
        {R"({"format":"tropic-mirna-tree","version":1,"features":["mfei"],)"
         R"("nodes":[{"rows":"3","positive_share":1}]})",
         "rows"},
    };
    for (const auto& [text, expected] : cases) {
        const std::string message = error_loading(text);
        EXPECT_NE(message.find("bad_model.json"), std::string::npos) << text;
        EXPECT_NE(message.find(expected), std::string::npos) << text << "\n" << message;
    }
}

TEST(MirnaDecisionTree, PredictRefusesARowOfTheWrongWidth) {
    std::vector<std::vector<double>> rows;
    const DecisionTree tree = random_tree(rows);
    EXPECT_THROW((void)tree.predict(std::vector<double>{1, 2}), InputError);
}

}  // namespace
}  // namespace tropic::mirna
