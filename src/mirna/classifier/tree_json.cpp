// DecisionTree as JSON: {"format":"tropic-mirna-tree","version":1,"features":[names],
// "nodes":[{"rows":n,"positive_share":x} for a leaf, plus "feature" (a name of "features"),
// "threshold", "left" and "right" (node indices) for a split]}, nodes in depth-first order from the
// root. Loading checks everything a prediction relies on, so that a damaged file fails with its
// name and the node at fault.
#include <fmt/format.h>

#include <algorithm>
#include <cerrno>
#include <cmath>
#include <cstring>
#include <fstream>
#include <limits>
#include <nlohmann/json.hpp>
#include <sstream>

#include "core/internal/messages.hpp"
#include "mirna/classifier/tree_checks.hpp"
#include "tropic/core/atomic_file.hpp"
#include "tropic/core/error.hpp"
#include "tropic/core/input_files.hpp"
#include "tropic/mirna/classifier.hpp"

namespace tropic::mirna {

namespace {

using Json = nlohmann::ordered_json;

constexpr std::string_view kFormat = "tropic-mirna-tree";
constexpr int kVersion = 1;

class ModelReader {
  public:
    explicit ModelReader(const std::string& source) : source_(source) {}

    [[noreturn]] void fail(const std::string& what) const {
        throw InputError(fmt::format("{}: not a valid miRNA decision tree: {}",
                                     display_input_path(source_), what));
    }

    const Json& member(const Json& object, const char* key, const std::string& where) const {
        const auto found = object.find(key);
        if (found == object.end()) fail(fmt::format("{} has no \"{}\"", where, key));
        return *found;
    }

    double number(const Json& object, const char* key, const std::string& where) const {
        const Json& value = member(object, key, where);
        if (!value.is_number() || !std::isfinite(value.get<double>()))
            fail(fmt::format("\"{}\" of {} is not a finite number", key, where));
        return value.get<double>();
    }

    std::int64_t integer(const Json& object, const char* key, const std::string& where) const {
        const Json& value = member(object, key, where);
        if (!value.is_number_integer())
            fail(fmt::format("\"{}\" of {} is not an integer", key, where));
        return value.get<std::int64_t>();
    }

  private:
    const std::string& source_;
};

std::vector<std::string> read_features(const ModelReader& reader, const Json& model) {
    const Json& list = reader.member(model, "features", "the model");
    if (!list.is_array()) reader.fail("\"features\" is not a list");
    std::vector<std::string> names;
    for (const Json& name : list) {
        if (!name.is_string()) reader.fail("\"features\" holds something other than names");
        names.push_back(name.get<std::string>());
    }
    if (auto problem = detail::feature_names_problem(names)) reader.fail(*problem);
    return names;
}

DecisionTree::Node read_node(const ModelReader& reader, const Json& entry, std::size_t index,
                             std::size_t node_count, const std::vector<std::string>& features) {
    const std::string where = fmt::format("node {}", index);
    if (!entry.is_object()) reader.fail(where + " is not an object");
    DecisionTree::Node node;
    const std::int64_t rows = reader.integer(entry, "rows", where);
    if (rows < 0 || rows > std::numeric_limits<std::uint32_t>::max())
        reader.fail(fmt::format("\"rows\" of {} is out of range", where));
    node.rows = static_cast<std::uint32_t>(rows);
    node.positive_share = reader.number(entry, "positive_share", where);
    if (node.positive_share < 0 || node.positive_share > 1)
        reader.fail(fmt::format("\"positive_share\" of {} is not between 0 and 1", where));
    if (!entry.contains("feature")) {
        if (entry.contains("left") || entry.contains("right"))
            reader.fail(where + " has children but no \"feature\"");
        return node;
    }
    const Json& feature = entry["feature"];
    const auto named = feature.is_string()
                           ? std::find(features.begin(), features.end(), feature.get<std::string>())
                           : features.end();
    if (named == features.end())
        reader.fail(fmt::format("\"feature\" of {} is not one of the model's features", where));
    node.feature = static_cast<int>(named - features.begin());
    node.threshold = reader.number(entry, "threshold", where);
    // Children come after their parent: the nodes then form a tree without cycles.
    for (const char* side : {"left", "right"}) {
        const std::int64_t child = reader.integer(entry, side, where);
        if (child <= static_cast<std::int64_t>(index) ||
            child >= static_cast<std::int64_t>(node_count))
            reader.fail(fmt::format("\"{}\" of {} is not a later node", side, where));
        (std::strcmp(side, "left") == 0 ? node.left : node.right) = static_cast<int>(child);
    }
    return node;
}

std::vector<DecisionTree::Node> read_nodes(const ModelReader& reader, const Json& model,
                                           const std::vector<std::string>& features) {
    const Json& list = reader.member(model, "nodes", "the model");
    if (!list.is_array() || list.empty()) reader.fail("\"nodes\" is not a non-empty list");
    std::vector<DecisionTree::Node> nodes;
    for (std::size_t i = 0; i < list.size(); ++i)
        nodes.push_back(read_node(reader, list[i], i, list.size(), features));
    // Every node but the root is the child of exactly one node.
    std::vector<int> parents(nodes.size(), 0);
    for (const DecisionTree::Node& node : nodes)
        if (node.feature >= 0) {
            ++parents[static_cast<std::size_t>(node.left)];
            ++parents[static_cast<std::size_t>(node.right)];
        }
    for (std::size_t i = 1; i < nodes.size(); ++i)
        if (parents[i] != 1)
            reader.fail(fmt::format("node {} is the child of {} nodes, not one", i, parents[i]));
    return nodes;
}

}  // namespace

std::string DecisionTree::to_json() const {
    Json model;
    model["format"] = kFormat;
    model["version"] = kVersion;
    model["features"] = feature_names_;
    Json nodes = Json::array();
    for (const Node& node : nodes_) {
        Json entry;
        if (node.feature >= 0) {
            entry["feature"] = feature_names_[static_cast<std::size_t>(node.feature)];
            entry["threshold"] = node.threshold;
            entry["left"] = node.left;
            entry["right"] = node.right;
        }
        entry["rows"] = node.rows;
        entry["positive_share"] = node.positive_share;
        nodes.push_back(std::move(entry));
    }
    model["nodes"] = std::move(nodes);
    return model.dump(1) + "\n";
}

DecisionTree DecisionTree::from_json(std::string_view text, const std::string& source) {
    const ModelReader reader(source);
    Json model;
    try {
        model = Json::parse(text);
    } catch (const Json::parse_error& e) {
        reader.fail(fmt::format("malformed JSON at byte {}", e.byte));
    }
    if (!model.is_object()) reader.fail("the text is not a JSON object");
    const Json& format = reader.member(model, "format", "the model");
    if (!format.is_string() || format.get<std::string>() != kFormat)
        reader.fail(fmt::format("\"format\" is not \"{}\"", kFormat));
    if (reader.integer(model, "version", "the model") != kVersion)
        reader.fail(fmt::format("version {} is not supported (this tropic reads version {})",
                                model["version"].get<std::int64_t>(), kVersion));
    DecisionTree tree;
    tree.feature_names_ = read_features(reader, model);
    tree.nodes_ = read_nodes(reader, model, tree.feature_names_);
    return tree;
}

void DecisionTree::save(const std::string& path) const {
    write_file_atomically(path, to_json());
}

DecisionTree DecisionTree::load(const std::string& path) {
    check_input_file(path);
    std::ifstream in(path, std::ios::binary);
    if (!in)
        throw InputError(fmt::format("cannot open the model '{}': {}", display_input_path(path),
                                     errno_reason(errno)));
    std::ostringstream text;
    text << in.rdbuf();
    if (in.bad())
        throw InputError(fmt::format("cannot read the model '{}'", display_input_path(path)));
    return from_json(text.str(), path);
}

}  // namespace tropic::mirna
