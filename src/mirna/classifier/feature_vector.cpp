// feature_names and feature_vector: the columns of the feature table, without the read features
// unless asked for.
#include "mirna/classifier/feature_table.hpp"
#include "tropic/mirna/classifier.hpp"

namespace tropic::mirna {

std::vector<std::string> feature_names(bool with_reads) {
    std::vector<std::string> names;
    for (const detail::FeatureColumn& column : detail::feature_columns())
        if (with_reads || !column.needs_reads) names.emplace_back(column.name);
    return names;
}

std::vector<double> feature_vector(const CandidateFeatures& features, bool with_reads) {
    std::vector<double> values;
    for (const detail::FeatureColumn& column : detail::feature_columns())
        if (with_reads || !column.needs_reads) values.push_back(column.value(features));
    return values;
}

}  // namespace tropic::mirna
