#include "mirna/classifier/feature_table.hpp"

#include <array>
#include <limits>

namespace tropic::mirna::detail {

namespace {

constexpr double kMissing = std::numeric_limits<double>::quiet_NaN();

double paired_share(const CandidateFeatures& f) {
    const HairpinFeatures& h = f.hairpin;
    return h.length == 0 ? 0.0 : 2.0 * h.base_pairs / h.length;
}

// A significance or read feature, NaN when the candidate has none.
template <auto Field>
double significance_field(const CandidateFeatures& f) {
    return f.significance ? static_cast<double>((*f.significance).*Field) : kMissing;
}
template <auto Field>
double read_field(const CandidateFeatures& f) {
    return f.reads ? static_cast<double>((*f.reads).*Field) : kMissing;
}

// A number of the hairpin's features, as a plain function so that the table is constant.
template <auto Field>
double hairpin_field(const CandidateFeatures& f) {
    return static_cast<double>(f.hairpin.*Field);
}

double mfe_kcal(const CandidateFeatures& f) {
    return f.hairpin.mfe / 100.0;  // dcal/mol -> kcal/mol
}

const std::array<FeatureColumn, 22> kColumns{{
    {"length", hairpin_field<&HairpinFeatures::length>, false},
    {"mfe", mfe_kcal, false},
    {"amfe", hairpin_field<&HairpinFeatures::amfe>, false},
    {"mfei", hairpin_field<&HairpinFeatures::mfei>, false},
    {"gc_percent", hairpin_field<&HairpinFeatures::gc_percent>, false},
    {"base_pairs", hairpin_field<&HairpinFeatures::base_pairs>, false},
    {"paired_share", paired_share, false},
    {"longest_helix", hairpin_field<&HairpinFeatures::longest_helix>, false},
    {"bulges", hairpin_field<&HairpinFeatures::bulges>, false},
    {"largest_bulge", hairpin_field<&HairpinFeatures::largest_bulge>, false},
    {"internal_loops", hairpin_field<&HairpinFeatures::internal_loops>, false},
    {"largest_internal_loop", hairpin_field<&HairpinFeatures::largest_internal_loop>, false},
    {"asymmetry", hairpin_field<&HairpinFeatures::asymmetry>, false},
    {"terminal_loop", hairpin_field<&HairpinFeatures::terminal_loop>, false},
    {"hairpin_loops", hairpin_field<&HairpinFeatures::hairpin_loops>, false},
    {"complexity", hairpin_field<&HairpinFeatures::complexity>, false},
    {"zscore", significance_field<&Significance::zscore>, false},
    {"pvalue", significance_field<&Significance::pvalue>, false},
    {"reads_5p_arm", read_field<&ReadEvidence::reads_5p_arm>, true},
    {"reads_3p_arm", read_field<&ReadEvidence::reads_3p_arm>, true},
    {"reads_loop", read_field<&ReadEvidence::reads_loop>, true},
    {"homogeneity_5p", read_field<&ReadEvidence::homogeneity_5p>, true},
}};

}  // namespace

std::span<const FeatureColumn> feature_columns() noexcept {
    return kColumns;
}

std::optional<std::size_t> feature_column(std::string_view name) noexcept {
    for (std::size_t i = 0; i < kColumns.size(); ++i)
        if (kColumns[i].name == name) return i;
    return std::nullopt;
}

}  // namespace tropic::mirna::detail
