#include "cnv/pipeline/cohort.hpp"

#include <fmt/format.h>

#include <algorithm>

#include "cnv/stats/r_summary.hpp"
#include "tropic/core/error.hpp"

namespace tropic::cnv::detail {

namespace {

// cases and controls: every sample a case in cohort mode, the unmarked ones in reference mode.
void split_samples(Cohort& cohort, const CnmopsParams& params, const std::vector<bool>& controls) {
    const std::size_t samples = cohort.names.size();
    if (params.method != Method::Reference) {
        if (samples < 2) {
            throw InputError(fmt::format(
                "cnv: cn.mops models samples against each other and needs at least 2, not {}",
                samples));
        }
        for (std::size_t s = 0; s < samples; ++s) cohort.cases.push_back(s);
        return;
    }
    if (controls.size() != samples) {
        throw InputError("cnv: reference mode needs the control samples named (--controls)");
    }
    for (std::size_t s = 0; s < samples; ++s)
        (controls[s] ? cohort.controls : cohort.cases).push_back(s);
    if (cohort.cases.empty() || cohort.controls.empty()) {
        throw InputError(
            fmt::format("cnv: reference mode needs at least one case and one control ({} cases, {} "
                        "controls)",
                        cohort.cases.size(), cohort.controls.size()));
    }
}

// Adds one sequence to the sums and counts; `columns`, when not empty, gathers every sample's
// counts whole.
void add_sequence(Cohort& cohort, const SequenceCounts& sequence,
                  std::vector<std::vector<double>>& columns) {
    const std::size_t samples = cohort.names.size();
    const std::size_t w = sequence.window_count();
    cohort.windows += w;
    ++cohort.sequences;
    if (std::find(cohort.sequence_names.begin(), cohort.sequence_names.end(), sequence.name) !=
        cohort.sequence_names.end()) {
        throw InputError(fmt::format(
            "cnv: the windows of reference sequence '{}' are not all on consecutive rows",
            sequence.name));
    }
    cohort.sequence_names.push_back(sequence.name);
    cohort.widest_sequence = std::max(cohort.widest_sequence, w);
    for (std::size_t i = 0; i < w; ++i) {
        for (std::size_t s = 0; s < samples; ++s) {
            const double v = sequence.counts[i * samples + s];
            cohort.column_sums[s] += v;
            if (!columns.empty()) columns[s].push_back(v);
        }
    }
}

// cn.mops' coverage estimate for norm = 2: the mean of each sample's counts strictly between its
// 5% and 95% quantiles, divided by the median of those means.
std::vector<double> coverage_estimate(const std::vector<std::vector<double>>& columns) {
    std::vector<double> cov;
    for (const std::vector<double>& x : columns) {
        const double lo = r_quantile7(x, 0.05), hi = r_quantile7(x, 0.95);
        std::vector<double> inner;
        for (double v : x)
            if (v > lo && v < hi) inner.push_back(v);
        cov.push_back(r_mean(inner));
    }
    const double median = r_median(cov);
    if (median == 0) {
        throw InputError("cnv: the median of the samples' coverages is zero (--norm 2)");
    }
    for (double& c : cov) c = c / median;
    return cov;
}

void set_coverages(Cohort& cohort, const CnmopsParams& params,
                   const std::vector<std::vector<double>>& columns) {
    if (params.norm != 2) {
        cohort.coverage.assign(cohort.cases.size(), 1.0);
        cohort.control_coverage.assign(cohort.controls.size(), 1.0);
        return;
    }
    const std::vector<double> all = coverage_estimate(columns);
    for (std::size_t s : cohort.cases) cohort.coverage.push_back(all[s]);
    for (std::size_t s : cohort.controls) cohort.control_coverage.push_back(all[s]);
}

}  // namespace

Cohort scan_cohort(CountSource& source, const CnmopsParams& params,
                   const std::vector<bool>& controls) {
    Cohort cohort;
    cohort.names = source.samples();
    split_samples(cohort, params, controls);
    const std::size_t samples = cohort.names.size();
    cohort.column_sums.assign(samples, 0.0);
    std::vector<std::vector<double>> columns(params.norm == 2 ? samples : 0);
    SequenceCounts sequence;
    source.rewind();
    while (source.next(sequence)) add_sequence(cohort, sequence, columns);
    for (std::size_t s = 0; s < samples; ++s) {
        if (cohort.column_sums[s] == 0) {
            throw InputError(fmt::format(
                "cnv: sample '{}' has no reads in any window: remove it (cn.mops: zero columns "
                "in the read count matrix)",
                cohort.names[s]));
        }
    }
    set_coverages(cohort, params, columns);
    source.rewind();
    return cohort;
}

std::vector<double> select_columns(const std::vector<double>& matrix, std::size_t samples,
                                   const std::vector<std::size_t>& which) {
    const std::size_t windows = samples ? matrix.size() / samples : 0;
    std::vector<double> out(windows * which.size());
    for (std::size_t w = 0; w < windows; ++w)
        for (std::size_t k = 0; k < which.size(); ++k)
            out[w * which.size() + k] = matrix[w * samples + which[k]];
    return out;
}

}  // namespace tropic::cnv::detail
