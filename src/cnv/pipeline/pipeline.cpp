// cn.mops' pipeline, sequence by sequence. A first pass over the source (cohort.hpp) sums every
// sample's counts and counts the windows (cn.mops segments only when there are more than 5); the
// second runs each sequence through the stages below, each timed in PipelineSummary::seconds,
// and hands it to the sink.
#include "tropic/cnv/pipeline.hpp"

#include <fmt/format.h>

#include <algorithm>
#include <chrono>
#include <cmath>
#include <memory>

#include "cnv/pipeline/calls.hpp"
#include "cnv/pipeline/cohort.hpp"
#include "cnv/segment/fast_segmenter.hpp"
#include "core/internal/memory_fit.hpp"
#include "tropic/cnv/normalize.hpp"
#include "tropic/cnv/segmentation.hpp"
#include "tropic/core/error.hpp"
#include "tropic/core/thread_pool.hpp"

namespace tropic::cnv {

namespace {

using detail::Cohort;
using detail::select_columns;

// Wall seconds between stages.
class StageClock {
  public:
    // Seconds since the last lap (or the start), and restarts.
    double lap() {
        const auto now = std::chrono::steady_clock::now();
        const double seconds = std::chrono::duration<double>(now - start_).count();
        start_ = now;
        return seconds;
    }

  private:
    std::chrono::steady_clock::time_point start_ = std::chrono::steady_clock::now();
};

// What every sequence's stages read.
struct RunContext {
    const Cohort& cohort;
    const CnmopsParams& params;
    CnmopsParams segment_params;  // params with the minWidth the segments and calls use
    const RunOptions& run;
    RunOptions model_run;  // run with the one backend of every sequence's local model
    bool reference = false;
    bool segment = false;  // cn.mops segments only when the run has more than 5 windows
};

// One sequence on its way through the stages.
struct SequenceWork {
    SequenceResult result;
    SequenceCounts case_counts;            // reference mode: the cases' raw counts
    std::vector<double> normalized_all;    // every sample's counts as modelled
    std::vector<double> case_input;        // reference mode: the cases' columns of it
    std::vector<double> reference_lambda;  // reference mode: the controls' expected counts
};

RunContext make_context(const Cohort& cohort, const CnmopsParams& params, const RunOptions& run) {
    RunContext context{cohort, params, params, run, run};
    context.reference = params.method == Method::Reference;
    context.segment = cohort.windows > 5;
    // DNAcopy's min.width is at most 5 (cn.mops passes min(minWidth, 5)).
    if (params.segmentation == Segmentation::Cbs)
        context.segment_params.min_width = std::min(params.min_width, 5);
    // One backend for every sequence of the run, chosen on the whole run's size.
    context.model_run.backend =
        choose_local_model_backend(cohort.windows, cohort.cases.size(), params, run);
    return context;
}

// Bytes held while one sequence of `windows` is processed.
std::uint64_t sequence_bytes(std::size_t windows, std::size_t samples, std::size_t classes) {
    const std::uint64_t cells = static_cast<std::uint64_t>(windows) * samples;
    // raw, normalised (twice while selecting), sI/NI, individual calls, model scratch; classes.
    return cells * (6 * sizeof(double) + 1) +
           static_cast<std::uint64_t>(windows) * (2 * classes + 4) * sizeof(double);
}

void check_memory(const Cohort& cohort, const CnmopsParams& params, const RunOptions& run) {
    const std::size_t samples = cohort.names.size();
    const std::uint64_t needed =
        sequence_bytes(cohort.widest_sequence, samples, params.folds.size());
    const MemoryBudget budget = host_budget(run.max_memory);
    if (needed > budget.bytes) {
        throw ResourceError(
            does_not_fit_message(fmt::format("cn.mops on a sequence of {} windows x {} samples",
                                             cohort.widest_sequence, samples),
                                 needed, budget, "use longer windows or fewer samples per run"));
    }
}

CnvRunInfo run_info(const Cohort& cohort, const CnmopsParams& params) {
    CnvRunInfo info;
    for (std::size_t s : cohort.cases) info.samples.push_back(cohort.names[s]);
    info.params = params;
    info.sequences = cohort.sequence_names;
    info.windows = cohort.windows;
    return info;
}

// Every sample's counts as modelled: normalised together with norm = 1 (referencecn.mops
// normalises cbind(cases, controls) as one matrix), raw otherwise; the cases' share of them; and
// with norm = 2 the counts reported (normalizedData), which are normalised over the modelled
// samples alone, as cn.mops' X.viz, while the model sees them raw against the coverages.
void normalize(const RunContext& context, const SequenceCounts& sequence, SequenceWork& work,
               std::vector<std::string>& warnings) {
    const Cohort& cohort = context.cohort;
    const std::size_t samples = cohort.names.size();
    work.normalized_all = context.params.norm == 1
                              ? normalize_sequence(sequence, samples, context.params,
                                                   cohort.column_sums, warnings, context.run.pool)
                              : sequence.counts;
    work.result.counts = &sequence;  // the sequence itself in cohort mode (no copy)
    if (context.reference) {
        work.case_counts.name = sequence.name;
        work.case_counts.start = sequence.start;
        work.case_counts.end = sequence.end;
        work.case_counts.counts = select_columns(sequence.counts, samples, cohort.cases);
        work.result.counts = &work.case_counts;
        work.case_input = select_columns(work.normalized_all, samples, cohort.cases);
    }
    if (context.params.norm == 2) {
        CnmopsParams shown = context.params;
        shown.norm = 1;
        std::vector<double> sums;
        for (std::size_t s : cohort.cases) sums.push_back(cohort.column_sums[s]);
        work.result.normalized = normalize_sequence(*work.result.counts, cohort.cases.size(), shown,
                                                    sums, warnings, context.run.pool);
    }
}

// Reference mode: each window's expected count, the mean of the controls (divided by their
// coverages with norm = 2), at least 1e-5.
std::vector<double> reference_lambda(const RunContext& context,
                                     const std::vector<double>& normalized_all) {
    const Cohort& cohort = context.cohort;
    const std::vector<double> control_values =
        select_columns(normalized_all, cohort.names.size(), cohort.controls);
    const std::size_t m = cohort.controls.size();
    const std::size_t windows = m ? control_values.size() / m : 0;
    std::vector<double> lambda(windows);
    for (std::size_t w = 0; w < windows; ++w) {
        long double sum = 0;
        for (std::size_t k = 0; k < m; ++k) {
            double v = control_values[w * m + k];
            if (context.params.norm == 2) v = v / cohort.control_coverage[k];
            sum += v;
        }
        lambda[w] = std::max(static_cast<double>(sum / static_cast<long double>(m)), 1e-5);
    }
    return lambda;
}

// The local models of the cases, into work.result.model (whose buffers come from `reusable`).
void fit(const RunContext& context, SequenceWork& work, LocalModelResult& reusable) {
    const std::vector<double>& input = context.reference ? work.case_input : work.normalized_all;
    LocalModelBlock block;
    block.windows = work.result.counts->window_count();
    block.samples = context.cohort.cases.size();
    block.counts = input.data();
    block.coverage = context.cohort.coverage.data();
    block.reference_lambda = context.reference ? work.reference_lambda.data() : nullptr;
    work.result.model = std::move(reusable);
    fit_local_models(block, context.params, work.result.model, context.model_run);
    if (context.params.norm != 2) {
        // normalizedData is the model's input: moved, not copied (the block is done with it).
        work.result.normalized =
            context.reference ? std::move(work.case_input) : std::move(work.normalized_all);
    }
}

// Sample s's sI/NI calls along the sequence.
std::vector<double> sini_column(const LocalModelResult& model, std::size_t s) {
    std::vector<double> x(model.windows);
    for (std::size_t w = 0; w < model.windows; ++w) x[w] = model.sini[w * model.samples + s];
    return x;
}

std::vector<std::vector<SegmentRange>> cbs_ranges(const LocalModelResult& model,
                                                  const CnmopsParams& params, ThreadPool* pool) {
    std::vector<std::vector<SegmentRange>> per_sample(model.samples);
    parallel_for(pool, 0, model.samples, [&](std::size_t s) {
        per_sample[s] = segment_cbs(sini_column(model, s), params, params.seed + s);
        // DNAcopy reports segment means rounded to 4 decimals, and cn.mops calls on those.
        for (SegmentRange& r : per_sample[s]) r.mean = std::nearbyint(r.mean * 1e4) / 1e4;
    });
    return per_sample;
}

// Scoring candidate breakpoints dominates; it is split over every sample and every stretch of
// windows at once, so that few samples still use every thread.
std::vector<std::vector<SegmentRange>> fast_ranges(const LocalModelResult& model,
                                                   const CnmopsParams& params, ThreadPool* pool) {
    const std::size_t samples = model.samples, windows = model.windows;
    std::vector<std::unique_ptr<detail::FastSegmenter>> segmenters(samples);
    parallel_for(pool, 0, samples, [&](std::size_t s) {
        segmenters[s] = std::make_unique<detail::FastSegmenter>(sini_column(model, s), params);
    });
    constexpr std::size_t kStretch = 32768;
    const std::size_t stretches = (windows + kStretch - 1) / kStretch;
    parallel_for(pool, 0, samples * stretches, [&](std::size_t job) {
        const std::size_t first = (job % stretches) * kStretch;
        segmenters[job / stretches]->score_range(first, std::min(windows, first + kStretch));
    });
    std::vector<std::vector<SegmentRange>> per_sample(samples);
    parallel_for(pool, 0, samples, [&](std::size_t s) { per_sample[s] = segmenters[s]->finish(); });
    return per_sample;
}

// Every case's segments along the sequence, by sample then start.
std::vector<Segment> segment_samples(const RunContext& context, const SequenceCounts& sequence,
                                     const LocalModelResult& model) {
    const std::vector<std::vector<SegmentRange>> per_sample =
        context.params.segmentation == Segmentation::Cbs
            ? cbs_ranges(model, context.segment_params, context.run.pool)
            : fast_ranges(model, context.segment_params, context.run.pool);
    std::vector<Segment> segments;
    for (std::size_t s = 0; s < per_sample.size(); ++s) {
        for (const SegmentRange& r : per_sample[s]) {
            Segment seg;
            seg.sample = s;
            seg.first = r.first;
            seg.last = r.last;
            seg.start = sequence.start[r.first];
            seg.end = sequence.end[r.last];
            seg.mean = r.mean;
            seg.median = r.median;
            segments.push_back(seg);
        }
    }
    return segments;
}

// The calls: from the segments where there are any (CNVs, regions, integer copy numbers), else
// the sI/NI calls themselves.
void call(const RunContext& context, SequenceWork& work) {
    SequenceResult& result = work.result;
    if (!context.segment || result.counts->window_count() == 0) {
        result.individual_call = result.model.sini;
        return;
    }
    detail::call_cnvs(result, context.params, context.segment_params.min_width);
    detail::assign_integer_copy_numbers(result, context.params, context.cohort.coverage,
                                        work.reference_lambda, context.run);
}

}  // namespace

PipelineSummary run_cnmops(CountSource& source, const CnmopsParams& params, CnvSink& sink,
                           const RunOptions& run, const std::vector<bool>& controls) {
    check_cnmops_params(params);
    PipelineSummary summary;
    StageClock clock;
    const Cohort cohort = detail::scan_cohort(source, params, controls);
    summary.seconds.scan = clock.lap();
    summary.windows = cohort.windows;
    summary.sequences = cohort.sequences;
    if (cohort.windows < 100) {
        summary.warnings.push_back(
            "normalisation might not be applicable for this small number of windows (< 100)");
    }
    check_memory(cohort, params, run);
    sink.begin(run_info(cohort, params));
    const RunContext context = make_context(cohort, params, run);
    LocalModelResult reusable_model;  // its buffers pass from sequence to sequence
    SequenceCounts sequence;
    while (source.next(sequence)) {
        summary.seconds.scan += clock.lap();  // reading the sequence
        SequenceWork work;
        normalize(context, sequence, work, summary.warnings);
        if (context.reference)
            work.reference_lambda = reference_lambda(context, work.normalized_all);
        summary.seconds.normalize += clock.lap();
        fit(context, work, reusable_model);
        summary.seconds.model += clock.lap();
        if (context.segment && sequence.window_count() > 0) {
            work.result.segments = segment_samples(context, sequence, work.result.model);
            summary.seconds.segment += clock.lap();
        }
        call(context, work);
        summary.seconds.call += clock.lap();
        summary.cnvs += work.result.cnvs.size();
        summary.regions += work.result.regions.size();
        sink.sequence(work.result);
        reusable_model = std::move(work.result.model);
        summary.seconds.write += clock.lap();
    }
    sink.finish();
    summary.seconds.write += clock.lap();
    return summary;
}

}  // namespace tropic::cnv
