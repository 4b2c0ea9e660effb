// align_pair and align_many: the one place where pairwise alignment plans its memory, chooses a
// backend and a kernel width, and hands the pairs to the threads.
#include <fmt/format.h>

#include <algorithm>

#include "align/batch/batch_cuda.hpp"
#include "align/pairwise/cuda/pair_cuda.hpp"
#include "align/pairwise/pair_checks.hpp"
#include "align/pairwise/pair_plan.hpp"
#include "align/pairwise/pair_threads.hpp"
#include "align/pairwise/tile_kernels.hpp"
#include "align/pairwise/traceback.hpp"
#include "core/internal/backend_choice.hpp"
#include "core/internal/device_shares.hpp"
#include "core/internal/memory_fit.hpp"
#include "core/internal/messages.hpp"
#include "tropic/align/pairwise.hpp"
#include "tropic/core/error.hpp"
#include "tropic/core/thread_pool.hpp"

namespace tropic::align {

namespace {

using detail::check_codes;
using detail::check_score_range;
using detail::TileProblem;

inline constexpr std::uint64_t kUncheckedBytes = std::uint64_t{16} << 20;
// Auto sends a pair of this many cells or more to the device: where one related pair costs the
// same on the H100 host's 16 CPU cores as on the GPU with its context started for it (~0.34 s).
// Measured (bench_align_gpu's crossover/, 2026-11-24): with a traceback, 20 kb x 20 kb took
// 290 ms on the CPU against 35 + 340 ms, 50 kb 792 against 78 + 340 (even at ~8 x 10^8 cells);
// score only, 20 kb 145 against 10 + 340, 50 kb 337 against 25 + 340 (even at ~3 x 10^9). With the
// context already up the GPU was faster from 2 kb on.
inline constexpr double kAutoCudaMinCellsTraceback = 1e9;
inline constexpr double kAutoCudaMinCellsScoreOnly = 3e9;

// Auto sends a batch of short pairs to the device from this many cells: about what 16 cores do
// in the ~0.34 s the device's context takes to start.
inline constexpr double kAutoCudaBatchCells = 3e9;

// The short pairs of align_many on the device in batches (align/batch/batch_cuda.hpp), when the
// backend says so; false leaves them to the CPU. A batch the device cannot hold goes to the CPU
// whole, with a notice.
bool short_pairs_on_device(std::span<const AlignPairInput> pairs,
                           const std::vector<std::size_t>& short_pairs, const AlignParams& params,
                           const RunOptions& options,
                           std::vector<Outcome<PairAlignment>>& outcomes) {
    if (options.backend == Backend::Cpu || short_pairs.empty()) return false;
    double cells = 0;
    std::uint64_t largest = 0;
    for (const std::size_t k : short_pairs) {
        const double pair_cells = static_cast<double>(pairs[k].query.size()) *
                                  static_cast<double>(pairs[k].target.size());
        cells += pair_cells;
        largest = std::max(largest, static_cast<std::uint64_t>(pair_cells));
    }
    if (options.backend == Backend::Auto && cells < kAutoCudaBatchCells) return false;
    WorkEstimate work;
    work.what =
        fmt::format("a batch of {} {} alignments", short_pairs.size(), mode_name(params.mode));
    work.steps = cells;
    work.auto_min_steps = kAutoCudaBatchCells;
    // The largest pair's direction bytes with room for its group's other buffers.
    work.device_bytes = 3 * largest + (std::uint64_t{64} << 20);
    work.suggest = [](const MemoryBudget&) { return std::string(kUseCpuBackend); };
    if (choose_backend(options, work) != Backend::Cuda) return false;
    // The batch in contiguous shares over the run's devices, balanced by cells.
    std::vector<double> costs;
    costs.reserve(short_pairs.size());
    for (const std::size_t k : short_pairs)
        costs.push_back(static_cast<double>(pairs[k].query.size()) *
                        static_cast<double>(pairs[k].target.size()));
    std::vector<PairAlignment> results(short_pairs.size());
    try {
        tropic::detail::for_each_device_share(
            options, costs, [&](const RunOptions& share_run, std::size_t begin, std::size_t end) {
                std::vector<AlignPairInput> batch;
                batch.reserve(end - begin);
                for (std::size_t s = begin; s < end; ++s) batch.push_back(pairs[short_pairs[s]]);
                std::vector<PairAlignment> aligned =
                    detail::cuda::align_pairs_cuda(batch, params, share_run.device, share_run.pool);
                std::move(aligned.begin(), aligned.end(),
                          results.begin() + static_cast<std::ptrdiff_t>(begin));
            });
    } catch (const ResourceError& error) {
        if (options.backend == Backend::Cuda) throw;
        notify(options, fmt::format("the device could not align the batch ({}); aligning it on "
                                    "the CPU",
                                    error.what()));
        return false;
    }
    for (std::size_t s = 0; s < short_pairs.size(); ++s)
        outcomes[short_pairs[s]].result = std::move(results[s]);
    if (options.on_progress) options.on_progress(0, 1.0);
    return true;
}

}  // namespace

PairAlignment align_pair(std::span<const std::uint8_t> query, std::span<const std::uint8_t> target,
                         const AlignParams& params, const RunOptions& options) {
    validate(params);
    const TileProblem problem =
        detail::make_tile_problem(query, target, params.mode, params.scoring);
    check_codes(query, params.scoring.matrix, "the query");
    check_codes(target, params.scoring.matrix, "the target");
    check_score_range(problem.m, problem.n, params.scoring);
    const bool traceback = !params.score_only;
    const unsigned threads = thread_count(options.pool);
    detail::FillPlan plan = detail::plan_pair(problem.m, problem.n, threads, traceback);
    // Small pairs (most of a batch) need no look at the machine's memory; a larger one is planned
    // again within what the host has (or --max-memory), and refused when even that cannot fit.
    const bool check_memory =
        detail::plan_bytes(problem.m, problem.n, plan, traceback) > kUncheckedBytes ||
        options.max_memory != 0;
    if (check_memory)
        plan = detail::plan_pair(problem.m, problem.n, threads, traceback,
                                 host_budget(options.max_memory).bytes);

    // Below the device's threshold, auto stays on the CPU without starting a CUDA context; a
    // small pair on the CPU (most of a batch) needs no estimate at all.
    const double cells = static_cast<double>(problem.m) * static_cast<double>(problem.n);
    const double auto_min_cells =
        traceback ? kAutoCudaMinCellsTraceback : kAutoCudaMinCellsScoreOnly;
    const bool device_wanted = options.backend == Backend::Cuda ||
                               (options.backend == Backend::Auto && cells >= auto_min_cells);
    Backend backend = Backend::Cpu;
    if (device_wanted || check_memory) {
        // The device's traceback keeps checkpoints at multiples of its strips' height
        // (pair_cuda.hpp) and chooses their spacing from the device's free memory; the host
        // plan's spacing, rounded so, is the least it may need.
        const std::int64_t device_block_rows =
            traceback ? (plan.block_rows + detail::cuda::kStripRowsMax - 1) /
                            detail::cuda::kStripRowsMax * detail::cuda::kStripRowsMax
                      : 0;
        WorkEstimate work;
        work.what = fmt::format("a {} alignment of {} x {} residues", mode_name(params.mode),
                                problem.m, problem.n);
        work.steps = cells;
        work.auto_min_steps = auto_min_cells;
        work.host_bytes = detail::plan_bytes(problem.m, problem.n, plan, traceback);
        work.device_bytes = detail::cuda::forward_device_bytes(
            problem.m, problem.n, device_block_rows, plan.block_columns);
        work.suggest = [traceback](const MemoryBudget&) {
            return std::string(traceback ? "align shorter pieces, or --score-only"
                                         : "align shorter pieces");
        };
        RunOptions chosen = options;
        if (!device_wanted) chosen.backend = Backend::Cpu;
        backend = choose_backend(chosen, work);
    }
    if (backend == Backend::Cuda) {
        // A traceback keeps its checkpoints on the device and fills the crossed tiles there.
        PairAlignment result =
            traceback ? detail::cuda::trace_pair_cuda(problem, 0, options.device)
                      : detail::score_only_alignment(
                            problem.mode,
                            detail::cuda::fill_pair_cuda(problem, 0, 0, options.device).end);
        result.score_bits = 32;
        if (options.on_progress) options.on_progress(0, 1.0);
        return result;
    }

    // Half the bar for the fill and half for the traceback, when there is one. The end (1) is
    // reported here once the result stands, and a refill after saturation shows no progress until
    // it passes what the narrower fill had shown, so the fraction never goes back.
    Progress fill_progress;
    double shown = 0;
    if (options.on_progress)
        fill_progress = [&options, &shown, traceback](std::size_t item, double fraction) {
            const double share = traceback ? fraction * 0.5 : fraction;
            if (share <= shown || share >= 1.0) return;
            shown = share;
            options.on_progress(item, share);
        };
    for (const detail::KernelChoice& choice : detail::kernel_ladder(problem)) {
        detail::FillOutcome filled = detail::fill_pair(problem, plan, choice.kernel, traceback,
                                                       options.pool, fill_progress, 0);
        if (filled.saturated) continue;
        PairAlignment result =
            traceback ? detail::trace_alignment(problem, filled.end, filled.checkpoints)
                      : detail::score_only_alignment(problem.mode, filled.end);
        result.score_bits = choice.bits;
        if (options.on_progress) options.on_progress(0, 1.0);
        return result;
    }
    throw InternalError("every alignment kernel saturated, the 32-bit one included");
}

std::vector<Outcome<PairAlignment>> align_many(std::span<const AlignPairInput> pairs,
                                               const AlignParams& params,
                                               const RunOptions& options) {
    validate(params);
    return detail::align_pairs_on_threads<PairAlignment>(
        pairs, options,
        [&params](const AlignPairInput& pair, const RunOptions& run) {
            return align_pair(pair.query, pair.target, params, run);
        },
        [&](const std::vector<std::size_t>& short_pairs,
            std::vector<Outcome<PairAlignment>>& outcomes) {
            return short_pairs_on_device(pairs, short_pairs, params, options, outcomes);
        });
}

}  // namespace tropic::align
