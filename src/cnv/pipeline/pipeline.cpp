// cn.mops' pipeline, sequence by sequence. A first pass over the source sums every sample's
// counts (cn.mops refuses a sample without reads and falls back to these sums) and counts the
// windows (cn.mops segments only when there are more than 5); the second normalises, models,
// segments and calls each sequence and hands it to the sink.
#include "tropic/cnv/pipeline.hpp"

#include <fmt/format.h>

#include <algorithm>
#include <chrono>
#include <cmath>
#include <functional>
#include <memory>

#include "cnv/pipeline/calls.hpp"
#include "cnv/segment/fast_segmenter.hpp"
#include "cnv/stats/r_summary.hpp"
#include "core/internal/memory_fit.hpp"
#include "tropic/cnv/normalize.hpp"
#include "tropic/cnv/segmentation.hpp"
#include "tropic/core/error.hpp"
#include "tropic/core/thread_pool.hpp"

namespace tropic::cnv {

namespace {

// Seconds since `start`, and restarts it.
double lap(std::chrono::steady_clock::time_point& start) {
    const auto now = std::chrono::steady_clock::now();
    const double seconds = std::chrono::duration<double>(now - start).count();
    start = now;
    return seconds;
}

struct Cohort {
    std::vector<std::string> names;     // all samples of the source
    std::vector<std::size_t> cases;     // modelled samples (all in cohort mode)
    std::vector<std::size_t> controls;  // reference mode
    std::vector<double> column_sums;    // [sample], over the whole matrix
    std::vector<double> coverage;       // cn.mops' cov of the cases
    std::vector<double> control_coverage;
    std::size_t windows = 0;
    std::size_t sequences = 0;
    std::size_t widest_sequence = 0;
    std::vector<std::string> sequence_names;
};

// cn.mops' coverage estimate for norm = 2: the mean of each sample's counts strictly between its
// 5% and 95% quantiles, divided by the median of those means.
std::vector<double> coverage_estimate(const std::vector<std::vector<double>>& columns) {
    std::vector<double> cov;
    for (const std::vector<double>& x : columns) {
        const double lo = detail::r_quantile7(x, 0.05), hi = detail::r_quantile7(x, 0.95);
        std::vector<double> inner;
        for (double v : x)
            if (v > lo && v < hi) inner.push_back(v);
        cov.push_back(detail::r_mean(inner));
    }
    const double median = detail::r_median(cov);
    if (median == 0) {
        throw InputError("cnv: the median of the samples' coverages is zero (--norm 2)");
    }
    for (double& c : cov) c = c / median;
    return cov;
}

Cohort scan(CountSource& source, const CnmopsParams& params, const std::vector<bool>& controls) {
    Cohort cohort;
    cohort.names = source.samples();
    const std::size_t samples = cohort.names.size();
    const bool reference = params.method == Method::Reference;
    if (reference) {
        if (controls.size() != samples) {
            throw InputError("cnv: reference mode needs the control samples named (--controls)");
        }
        for (std::size_t s = 0; s < samples; ++s)
            (controls[s] ? cohort.controls : cohort.cases).push_back(s);
        if (cohort.cases.empty() || cohort.controls.empty()) {
            throw InputError(fmt::format(
                "cnv: reference mode needs at least one case and one control ({} cases, {} "
                "controls)",
                cohort.cases.size(), cohort.controls.size()));
        }
    } else {
        if (samples < 2) {
            throw InputError(fmt::format(
                "cnv: cn.mops models samples against each other and needs at least 2, not {}",
                samples));
        }
        for (std::size_t s = 0; s < samples; ++s) cohort.cases.push_back(s);
    }
    cohort.column_sums.assign(samples, 0.0);
    std::vector<std::vector<double>> columns(params.norm == 2 ? samples : 0);
    SequenceCounts sequence;
    source.rewind();
    while (source.next(sequence)) {
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
    for (std::size_t s = 0; s < samples; ++s) {
        if (cohort.column_sums[s] == 0) {
            throw InputError(fmt::format(
                "cnv: sample '{}' has no reads in any window: remove it (cn.mops: zero columns "
                "in the read count matrix)",
                cohort.names[s]));
        }
    }
    if (params.norm == 2) {
        const std::vector<double> all = coverage_estimate(columns);
        for (std::size_t s : cohort.cases) cohort.coverage.push_back(all[s]);
        for (std::size_t s : cohort.controls) cohort.control_coverage.push_back(all[s]);
    } else {
        cohort.coverage.assign(cohort.cases.size(), 1.0);
        cohort.control_coverage.assign(cohort.controls.size(), 1.0);
    }
    source.rewind();
    return cohort;
}

// The columns `which` of a window-major matrix of `samples` columns.
std::vector<double> select_columns(const std::vector<double>& matrix, std::size_t samples,
                                   const std::vector<std::size_t>& which) {
    const std::size_t windows = samples ? matrix.size() / samples : 0;
    std::vector<double> out(windows * which.size());
    for (std::size_t w = 0; w < windows; ++w)
        for (std::size_t k = 0; k < which.size(); ++k)
            out[w * which.size() + k] = matrix[w * samples + which[k]];
    return out;
}

// Bytes held while one sequence of `windows` is processed.
std::uint64_t sequence_bytes(std::size_t windows, std::size_t samples, std::size_t classes) {
    const std::uint64_t cells = static_cast<std::uint64_t>(windows) * samples;
    // raw, normalised (twice while selecting), sI/NI, individual calls, model scratch; classes.
    return cells * (6 * sizeof(double) + 1) +
           static_cast<std::uint64_t>(windows) * (2 * classes + 4) * sizeof(double);
}

}  // namespace

PipelineSummary run_cnmops(CountSource& source, const CnmopsParams& params, CnvSink& sink,
                           const RunOptions& run, const std::vector<bool>& controls) {
    PipelineSummary summary;
    auto clock = std::chrono::steady_clock::now();
    const Cohort cohort = scan(source, params, controls);
    summary.seconds.scan = lap(clock);
    const std::size_t samples = cohort.names.size();
    const std::size_t cases = cohort.cases.size();
    const bool reference = params.method == Method::Reference;
    summary.windows = cohort.windows;
    summary.sequences = cohort.sequences;
    if (cohort.windows < 100) {
        summary.warnings.push_back(
            "normalisation might not be applicable for this small number of windows (< 100)");
    }
    const std::uint64_t needed =
        sequence_bytes(cohort.widest_sequence, samples, params.folds.size());
    const MemoryBudget budget = host_budget(run.max_memory);
    if (needed > budget.bytes) {
        throw ResourceError(
            does_not_fit_message(fmt::format("cn.mops on a sequence of {} windows x {} samples",
                                             cohort.widest_sequence, samples),
                                 needed, budget, "use longer windows or fewer samples per run"));
    }

    CnvRunInfo info;
    for (std::size_t s : cohort.cases) info.samples.push_back(cohort.names[s]);
    info.params = params;
    info.sequences = cohort.sequence_names;
    info.windows = cohort.windows;
    sink.begin(info);

    const bool segment = cohort.windows > 5;
    const int min_width =
        params.segmentation == Segmentation::Cbs ? std::min(params.min_width, 5) : params.min_width;
    CnmopsParams segment_params = params;
    segment_params.min_width = min_width;

    // One backend for every sequence of the run, chosen on the whole run's size.
    RunOptions model_run = run;
    model_run.backend = choose_local_model_backend(cohort.windows, cases, params, run);
    LocalModelResult reusable_model;  // its buffers pass from sequence to sequence

    SequenceCounts sequence;
    while (source.next(sequence)) {
        summary.seconds.scan += lap(clock);  // reading the sequence
        const std::size_t windows = sequence.window_count();
        // Every sample's counts as modelled: normalised together (referencecn.mops normalises
        // cbind(cases, controls) as one matrix) with norm = 1, raw otherwise.
        std::vector<double> normalized_all =
            params.norm == 1 ? normalize_sequence(sequence, samples, params, cohort.column_sums,
                                                  summary.warnings, run.pool)
                             : sequence.counts;
        // The modelled samples' raw counts: the sequence itself in cohort mode (no copy).
        SequenceCounts case_counts;
        if (reference) {
            case_counts.name = sequence.name;
            case_counts.start = sequence.start;
            case_counts.end = sequence.end;
            case_counts.counts = select_columns(sequence.counts, samples, cohort.cases);
        }
        SequenceResult result;
        result.counts = reference ? &case_counts : &sequence;
        // The model's input: the cases' columns of normalized_all (all of it in cohort mode).
        std::vector<double> case_input;
        if (reference) case_input = select_columns(normalized_all, samples, cohort.cases);
        const std::vector<double>& model_input = reference ? case_input : normalized_all;
        if (params.norm == 2) {
            // Modelled raw against the coverages; reported (normalizedData) normalised over the
            // modelled samples alone, as cn.mops' X.viz.
            CnmopsParams shown = params;
            shown.norm = 1;
            std::vector<double> sums;
            for (std::size_t s : cohort.cases) sums.push_back(cohort.column_sums[s]);
            result.normalized =
                normalize_sequence(*result.counts, cases, shown, sums, summary.warnings, run.pool);
        }
        // Reference mode: each window's expected count, the mean of the controls (divided by
        // their coverages with norm = 2), at least 1e-5.
        std::vector<double> reference_lambda;
        if (reference) {
            const std::vector<double> control_values =
                select_columns(normalized_all, samples, cohort.controls);
            const std::size_t m = cohort.controls.size();
            reference_lambda.resize(windows);
            for (std::size_t w = 0; w < windows; ++w) {
                long double sum = 0;
                for (std::size_t k = 0; k < m; ++k) {
                    double v = control_values[w * m + k];
                    if (params.norm == 2) v = v / cohort.control_coverage[k];
                    sum += v;
                }
                reference_lambda[w] =
                    std::max(static_cast<double>(sum / static_cast<long double>(m)), 1e-5);
            }
        }
        summary.seconds.normalize += lap(clock);
        LocalModelBlock block;
        block.windows = windows;
        block.samples = cases;
        block.counts = model_input.data();
        block.coverage = cohort.coverage.data();
        block.reference_lambda = reference ? reference_lambda.data() : nullptr;
        result.model = std::move(reusable_model);
        fit_local_models(block, params, result.model, model_run);
        summary.seconds.model += lap(clock);
        if (params.norm != 2) {
            // normalizedData is the model's input: moved, not copied (the block is done with it).
            result.normalized = reference ? std::move(case_input) : std::move(normalized_all);
        }

        if (segment && windows > 0) {
            std::vector<std::vector<SegmentRange>> per_sample(cases);
            auto column_of = [&](std::size_t s) {
                std::vector<double> x(windows);
                for (std::size_t w = 0; w < windows; ++w) x[w] = result.model.sini[w * cases + s];
                return x;
            };
            auto parallel = [&](std::size_t count, const std::function<void(std::size_t)>& body) {
                parallel_for(run.pool, 0, count, body);
            };
            if (params.segmentation == Segmentation::Cbs) {
                parallel(cases, [&](std::size_t s) {
                    per_sample[s] = segment_cbs(column_of(s), segment_params, params.seed + s);
                    // DNAcopy reports segment means rounded to 4 decimals, and cn.mops calls
                    // on those.
                    for (SegmentRange& r : per_sample[s])
                        r.mean = std::nearbyint(r.mean * 1e4) / 1e4;
                });
            } else {
                // Scoring candidate breakpoints dominates; it is split over every sample and
                // every stretch of windows at once, so that few samples still use every thread.
                std::vector<std::unique_ptr<detail::FastSegmenter>> segmenters(cases);
                parallel(cases, [&](std::size_t s) {
                    segmenters[s] =
                        std::make_unique<detail::FastSegmenter>(column_of(s), segment_params);
                });
                constexpr std::size_t kStretch = 32768;
                const std::size_t stretches = (windows + kStretch - 1) / kStretch;
                parallel(cases * stretches, [&](std::size_t job) {
                    const std::size_t first = (job % stretches) * kStretch;
                    segmenters[job / stretches]->score_range(first,
                                                             std::min(windows, first + kStretch));
                });
                parallel(cases, [&](std::size_t s) { per_sample[s] = segmenters[s]->finish(); });
            }
            for (std::size_t s = 0; s < cases; ++s) {
                for (const SegmentRange& r : per_sample[s]) {
                    Segment seg;
                    seg.sample = s;
                    seg.first = r.first;
                    seg.last = r.last;
                    seg.start = sequence.start[r.first];
                    seg.end = sequence.end[r.last];
                    seg.mean = r.mean;
                    seg.median = r.median;
                    result.segments.push_back(seg);
                }
            }
            summary.seconds.segment += lap(clock);
            detail::call_cnvs(result, params, min_width);
            detail::assign_integer_copy_numbers(result, params, cohort.coverage, reference_lambda,
                                                run);
        } else {
            result.individual_call = result.model.sini;
        }
        summary.seconds.call += lap(clock);
        summary.cnvs += result.cnvs.size();
        summary.regions += result.regions.size();
        sink.sequence(result);
        reusable_model = std::move(result.model);
        summary.seconds.write += lap(clock);
    }
    sink.finish();
    summary.seconds.write += lap(clock);
    return summary;
}

}  // namespace tropic::cnv
