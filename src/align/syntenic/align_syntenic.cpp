// align_syntenic and syntenic_many: where a syntenic pair's inputs are checked, its memory
// planned, its backend chosen and its fill and traceback run.
#include <fmt/format.h>

#include <algorithm>
#include <cstdlib>

#include "align/pairwise/pair_checks.hpp"
#include "align/pairwise/pair_plan.hpp"
#include "align/pairwise/pair_threads.hpp"
#include "align/syntenic/cuda/syntenic_cuda.hpp"
#include "align/syntenic/syntenic_fill.hpp"
#include "align/syntenic/syntenic_traceback.hpp"
#include "core/internal/backend_choice.hpp"
#include "core/internal/memory_fit.hpp"
#include "tropic/align/syntenic.hpp"
#include "tropic/core/error.hpp"
#include "tropic/core/thread_pool.hpp"

namespace tropic::align {

namespace {

inline constexpr std::int32_t kMaxBlockCost = 1'000'000;
// Auto sends a pair of this many cells or more to the device: where the CPU's 16 cores take
// about as long as the device with its context started for the pair (~0.34 s), as for align.
inline constexpr double kAutoCudaMinCellsTraceback = 1e9;
inline constexpr double kAutoCudaMinCellsScoreOnly = 3e9;
// Below this many bytes a pair is planned without a look at the machine's memory.
inline constexpr std::uint64_t kUncheckedBytes = std::uint64_t{16} << 20;

// Refuses (InputError) a pair whose scores could leave the safe 32-bit range: every value lies
// within (m + n + 2) (largest substitution magnitude + alpha + beta) + 2d of 0.
void check_syntenic_range(std::int64_t m, std::int64_t n, const SyntenicParams& params) {
    const Scoring& scoring = params.scoring;
    const std::int64_t per_residue = std::max<std::int64_t>(std::abs(scoring.matrix.max_score()),
                                                            std::abs(scoring.matrix.min_score())) +
                                     scoring.gaps.open + scoring.gaps.extend;
    const std::int64_t bound = (m + n + 2) * per_residue + 2 * std::int64_t{params.block_cost};
    if (bound >= (std::int64_t{1} << 29))
        throw InputError(fmt::format(
            "a pair of {} x {} residues could reach scores of {} with these costs, beyond what "
            "32-bit scores hold safely (2^29): align shorter pieces",
            m, n, bound));
}

SyntenicAlignment align_on_cpu(const detail::SyntenicProblem& problem, const SyntenicParams& params,
                               const RunOptions& options) {
    const bool traceback = !params.score_only;
    const unsigned threads = thread_count(options.pool);
    detail::SyntenicPlan plan = detail::plan_syntenic(problem.m, problem.n, threads, traceback);
    // Small pairs (most of a batch) need no look at the machine's memory; a larger one is planned
    // again within what the host has (or max_memory) and refused when even that cannot fit.
    if (detail::syntenic_plan_bytes(problem.m, problem.n, plan, traceback) > kUncheckedBytes ||
        options.max_memory != 0) {
        const MemoryBudget budget = host_budget(options.max_memory);
        plan = detail::plan_syntenic(problem.m, problem.n, threads, traceback, budget.bytes);
        const std::uint64_t bytes =
            detail::syntenic_plan_bytes(problem.m, problem.n, plan, traceback);
        if (bytes > budget.bytes)
            throw ResourceError(does_not_fit_message(
                fmt::format("a syntenic alignment of {} x {} residues", problem.m, problem.n),
                bytes, budget,
                traceback ? "align shorter pieces, or --score-only" : "align shorter pieces"));
    }
    // Half the bar for the fill and half for the traceback, when there is one.
    Progress fill_progress;
    if (options.on_progress)
        fill_progress = [&options, traceback](std::size_t item, double fraction) {
            if (fraction < 1.0 || !traceback)
                options.on_progress(item, traceback ? fraction * 0.5 : fraction);
        };
    const detail::SyntenicFill filled =
        detail::fill_syntenic(problem, plan, traceback, options.pool, fill_progress, 0);
    SyntenicAlignment result =
        traceback ? detail::trace_syntenic(problem, filled.last, filled.checkpoints)
                  : detail::syntenic_score_only(filled.last, problem.costs);
    if (options.on_progress && traceback) options.on_progress(0, 1.0);
    return result;
}

}  // namespace

void validate(const SyntenicParams& params) {
    validate(params.scoring);
    if (params.block_cost < 0 || params.block_cost > kMaxBlockCost)
        throw InputError(fmt::format("the block cost must lie between 0 and {}, not {}",
                                     kMaxBlockCost, params.block_cost));
}

SyntenicAlignment align_syntenic(std::span<const std::uint8_t> query,
                                 std::span<const std::uint8_t> target, const SyntenicParams& params,
                                 const RunOptions& options) {
    validate(params);
    detail::check_codes(query, params.scoring.matrix, "the query");
    detail::check_codes(target, params.scoring.matrix, "the target");
    const detail::SyntenicProblem problem = detail::make_syntenic_problem(query, target, params);
    check_syntenic_range(problem.m, problem.n, params);
    // Below the device's threshold, auto stays on the CPU without starting a CUDA context.
    const bool traceback = !params.score_only;
    const double cells = static_cast<double>(problem.m) * static_cast<double>(problem.n);
    const double auto_min_cells =
        traceback ? kAutoCudaMinCellsTraceback : kAutoCudaMinCellsScoreOnly;
    if (options.backend == Backend::Cuda ||
        (options.backend == Backend::Auto && cells >= auto_min_cells)) {
        WorkEstimate work;
        work.what = fmt::format("a syntenic alignment of {} x {} residues", problem.m, problem.n);
        work.steps = cells;
        work.auto_min_steps = auto_min_cells;
        work.device_bytes = detail::cuda::syntenic_device_bytes(problem.m, problem.n, traceback);
        work.suggest = [traceback](const MemoryBudget&) {
            return std::string(traceback ? "align shorter pieces, or --score-only"
                                         : "align shorter pieces");
        };
        if (choose_backend(options, work) == Backend::Cuda)
            return detail::cuda::align_syntenic_cuda(query, target, params, options.device);
    }
    return align_on_cpu(problem, params, options);
}

std::vector<Outcome<SyntenicAlignment>> syntenic_many(std::span<const AlignPairInput> pairs,
                                                      const SyntenicParams& params,
                                                      const RunOptions& options) {
    validate(params);
    return detail::align_pairs_on_threads<SyntenicAlignment>(
        pairs, options, [&params](const AlignPairInput& pair, const RunOptions& run) {
            return align_syntenic(pair.query, pair.target, params, run);
        });
}

std::int64_t rescore_syntenic(std::span<const std::uint8_t> query,
                              std::span<const std::uint8_t> target,
                              const SyntenicAlignment& alignment, const SyntenicParams& params) {
    const detail::SyntenicProblem problem = detail::make_syntenic_problem(query, target, params);
    std::int64_t score = 0, i = 0, j = 0;
    for (const SyntenicSegment& segment : alignment.segments) {
        if (segment.query_begin != i || segment.target_begin != j ||
            segment.query_end < segment.query_begin || segment.target_end < segment.target_begin ||
            segment.query_end > problem.m || segment.target_end > problem.n)
            throw std::invalid_argument(fmt::format(
                "a segment covers query [{}, {}) and target [{}, {}) where the previous one ended "
                "at query {} and target {} (of {} and {})",
                segment.query_begin, segment.query_end, segment.target_begin, segment.target_end, i,
                j, problem.m, problem.n));
        score += segment.kind == SyntenicSegment::Kind::Block
                     ? -std::int64_t{params.block_cost}
                     : detail::aligned_segment_score(problem, segment);
        i = segment.query_end;
        j = segment.target_end;
    }
    if (i != problem.m || j != problem.n)
        throw std::invalid_argument(fmt::format(
            "the segments end at query {} and target {}, not at the sequences' ends {} and {}", i,
            j, problem.m, problem.n));
    if (params.block_ends == BlockEnds::Charged) {
        const auto& s = alignment.segments;
        if (s.empty() || s.front().kind != SyntenicSegment::Kind::Block) score -= params.block_cost;
        if (s.empty() || s.back().kind != SyntenicSegment::Kind::Block) score -= params.block_cost;
    }
    return score;
}

}  // namespace tropic::align
