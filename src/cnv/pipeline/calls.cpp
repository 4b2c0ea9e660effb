#include "cnv/pipeline/calls.hpp"

#include <algorithm>
#include <string>

#include "cnv/model/local_model_backends.hpp"
#include "cnv/stats/r_summary.hpp"
#include "tropic/cnv/local_model.hpp"

namespace tropic::cnv::detail {

namespace {

int class_index(const CnmopsParams& params, const std::string& name) {
    const auto it = std::find(params.classes.begin(), params.classes.end(), name);
    return it == params.classes.end() ? -1 : static_cast<int>(it - params.classes.begin());
}

bool use_median(const CnmopsParams& params) {
    return params.use_median && params.method == Method::Cohort;
}

double level_of(const Segment& s, const CnmopsParams& params) {
    return use_median(params) ? s.median : s.mean;
}

}  // namespace

void call_cnvs(SequenceResult& result, const CnmopsParams& params, int min_width) {
    const std::size_t samples = result.model.samples;
    const std::size_t windows = result.model.windows;
    result.individual_call.assign(windows * samples, 0.0);
    result.cnvs.clear();
    for (const Segment& segment : result.segments) {
        const double level = level_of(segment, params);
        for (std::size_t w = segment.first; w <= segment.last; ++w)
            result.individual_call[w * samples + segment.sample] = level;
        const bool beyond = level >= params.upper_threshold || level <= params.lower_threshold;
        if (beyond && segment.last - segment.first + 1 >= static_cast<std::size_t>(min_width)) {
            result.cnvs.push_back(segment);
        }
    }
    // Regions: the CNVs' window ranges merged where they overlap or touch (GenomicRanges::reduce
    // on window indices, as cn.mops does before mapping them to coordinates).
    std::vector<std::pair<std::size_t, std::size_t>> ranges;
    for (const Segment& cnv : result.cnvs) ranges.emplace_back(cnv.first, cnv.last);
    std::sort(ranges.begin(), ranges.end());
    result.regions.clear();
    const SequenceCounts& counts = *result.counts;
    for (const auto& [first, last] : ranges) {
        if (!result.regions.empty() && first <= result.regions.back().last + 1) {
            CnvRegion& region = result.regions.back();
            region.last = std::max(region.last, last);
            region.end = counts.end[region.last];
        } else {
            CnvRegion region;
            region.first = first;
            region.last = last;
            region.start = counts.start[first];
            region.end = counts.end[last];
            result.regions.push_back(region);
        }
    }
}

void assign_integer_copy_numbers(SequenceResult& result, const CnmopsParams& params,
                                 const std::vector<double>& coverage,
                                 const std::vector<double>& reference_lambda,
                                 const RunOptions& run) {
    const std::size_t samples = result.model.samples;
    const int main_class = class_index(params, "CN2");
    const int gain_class =
        main_class + 1 < static_cast<int>(params.classes.size()) ? main_class + 1 : main_class;
    const int loss_class = main_class > 0 ? main_class - 1 : main_class;

    // One model "window" per CNV: every sample's mean normalised count over the CNV's windows.
    const std::size_t cnv_count = result.cnvs.size();
    std::vector<double> means(cnv_count * samples);
    std::vector<double> lambdas(cnv_count);
    std::vector<double> column;
    for (std::size_t c = 0; c < cnv_count; ++c) {
        const Segment& cnv = result.cnvs[c];
        std::size_t first = cnv.first, last = cnv.last;
        if (last - first + 1 >= 3) {
            ++first;
            --last;
        }
        for (std::size_t s = 0; s < samples; ++s) {
            column.clear();
            for (std::size_t w = first; w <= last; ++w)
                column.push_back(result.normalized[w * samples + s]);
            means[c * samples + s] = detail::r_mean(column);
        }
        if (!reference_lambda.empty()) {
            column.assign(reference_lambda.begin() + static_cast<std::ptrdiff_t>(first),
                          reference_lambda.begin() + static_cast<std::ptrdiff_t>(last) + 1);
            lambdas[c] = detail::r_mean(column);
        }
    }
    LocalModelResult refit;
    if (cnv_count > 0) {
        LocalModelBlock block;
        block.windows = cnv_count;
        block.samples = samples;
        block.counts = means.data();
        block.coverage = coverage.data();
        block.reference_lambda = reference_lambda.empty() ? nullptr : lambdas.data();
        fit_local_models_cpu(block, params, refit, run);
    }
    auto adjust = [&](Segment& s) {
        const double level = level_of(s, params);
        if (s.cn == main_class && level > params.upper_threshold) s.cn = gain_class;
        if (s.cn == main_class && level < params.lower_threshold) s.cn = loss_class;
    };
    // CNVs are a subsequence of the segments in the same order: walk both together.
    std::size_t c = 0;
    for (Segment& segment : result.segments) {
        segment.cn = main_class;
        if (c < cnv_count && result.cnvs[c].sample == segment.sample &&
            result.cnvs[c].first == segment.first && result.cnvs[c].last == segment.last) {
            segment.cn = refit.expected_class[c * samples + segment.sample];
            result.cnvs[c].cn = segment.cn;
            adjust(result.cnvs[c]);
            ++c;
        }
        adjust(segment);
    }
    for (CnvRegion& region : result.regions) {
        region.cn.assign(samples, main_class);
        std::vector<char> seen(samples, 0);
        for (const Segment& cnv : result.cnvs) {  // in cn.mops' order: by sample, then start
            const bool overlaps = cnv.start < region.end && region.start < cnv.end;
            if (overlaps && !seen[cnv.sample]) {
                region.cn[cnv.sample] = cnv.cn;
                seen[cnv.sample] = 1;
            }
        }
    }
}

}  // namespace tropic::cnv::detail
