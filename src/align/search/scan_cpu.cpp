#include "align/search/scan_cpu.hpp"

#include <algorithm>
#include <atomic>
#include <thread>
#include <vector>

#include "align/pairwise/pair_fill.hpp"
#include "align/pairwise/tile_kernels.hpp"
#include "align/search/lane_scan.hpp"
#include "tropic/core/thread_pool.hpp"

namespace tropic::align::detail {

namespace {

// Blocks per thread: enough that the threads finish together although a block's cost varies
// (the last blocks hold the longest targets), few enough that each block's queries reuse their
// profiles over many targets.
constexpr std::uint64_t kBlocksPerThread = 16;
// A block holds at least this many residues (or one target): below it a block's setup, a
// profile per query, would no longer be small beside its cells.
constexpr std::uint64_t kMinBlockResidues = std::uint64_t{1} << 14;

// [first target of block b, first of block b + 1): contiguous runs of about equal residues, so
// of about equal cells, since the targets ascend in length and a count would not balance them.
std::vector<std::size_t> block_starts(const TargetView& targets, unsigned threads) {
    const std::size_t count = targets.count();
    const std::uint64_t total = targets.offsets[count] - targets.offsets[0];
    const std::uint64_t per_block =
        std::max(kMinBlockResidues, total / (kBlocksPerThread * std::max(1u, threads)) + 1);
    std::vector<std::size_t> starts{0};
    std::uint64_t since = 0;
    for (std::size_t t = 0; t < count; ++t) {
        since += targets.offsets[t + 1] - targets.offsets[t];
        if (since >= per_block && t + 1 < count) {
            starts.push_back(t + 1);
            since = 0;
        }
    }
    starts.push_back(count);
    return starts;
}

// One thread's pass over one block: every query against every target of the block, query by
// query so that the kernels' per-thread profile of the query (striped_fill.hpp) is built once per
// query and block. The kernel ladder depends on the lengths only through the target's length in
// the non-local modes, and the targets ascend in length, so it is rebuilt only when that changes.
class BlockScan {
  public:
    BlockScan(const TargetView& targets, const AlignParams& params, std::span<std::int32_t> scores)
        : targets_(targets), params_(params), scores_(scores) {}

    std::uint64_t run(std::span<const std::span<const std::uint8_t>> queries, std::size_t first,
                      std::size_t last) {
        std::uint64_t rescored = 0;
        const std::size_t count = targets_.count();
        // Local alignment: 32 targets at a time in the lane kernel; the few it cannot vouch for
        // (saturated lanes) go to the striped ladder below.
        const bool lanes = params_.mode == AlignMode::Local && lane_scan_available(params_.scoring);
        std::vector<std::int32_t> lane_scores(lanes ? last - first : 0);
        for (std::size_t q = 0; q < queries.size(); ++q) {
            TileProblem problem = make_tile_problem(queries[q], {}, params_.mode, params_.scoring);
            std::int64_t ladder_n = -1;
            std::vector<KernelChoice> ladder;
            if (lanes) lane_scan(queries[q], targets_, first, last, params_.scoring, lane_scores);
            for (std::size_t t = first; t < last; ++t) {
                if (lanes) {
                    if (lane_scores[t - first] != kLaneSaturated) {
                        scores_[q * count + t] = lane_scores[t - first];
                        continue;
                    }
                    ++rescored;
                }
                const std::uint64_t begin = targets_.offsets[t], end = targets_.offsets[t + 1];
                problem.target = targets_.residues.data() + begin;
                problem.n = static_cast<std::int64_t>(end - begin);
                if (problem.n != ladder_n) {
                    ladder = kernel_ladder(problem);
                    ladder_n = problem.n;
                }
                const FillPlan one_tile{std::max<std::int64_t>(1, problem.m),
                                        std::max<std::int64_t>(1, problem.n)};
                bool first_kernel = true;
                for (const KernelChoice& choice : ladder) {
                    const FillOutcome filled =
                        fill_pair(problem, one_tile, choice.kernel, false, nullptr, {}, 0);
                    if (filled.saturated) {
                        rescored += first_kernel && !lanes;
                        first_kernel = false;
                        continue;
                    }
                    scores_[q * count + t] = static_cast<std::int32_t>(filled.end.score);
                    break;
                }
            }
        }
        return rescored;
    }

  private:
    const TargetView& targets_;
    const AlignParams& params_;
    std::span<std::int32_t> scores_;
};

}  // namespace

std::uint64_t scan_cpu(std::span<const std::span<const std::uint8_t>> queries,
                       const TargetView& targets, const AlignParams& params, ThreadPool* pool,
                       std::span<std::int32_t> scores,
                       const std::function<void(std::uint64_t cells)>& on_cells) {
    if (targets.count() == 0 || queries.empty()) return 0;
    std::uint64_t query_residues = 0;
    for (const auto& query : queries) query_residues += query.size();
    const std::vector<std::size_t> starts = block_starts(targets, thread_count(pool));

    std::atomic<std::uint64_t> rescored{0}, cells_done{0};
    std::uint64_t cells_told = 0;
    const std::thread::id caller = std::this_thread::get_id();
    const auto tell = [&] {
        const std::uint64_t done = cells_done.load(std::memory_order_relaxed);
        if (done > cells_told) on_cells(done - cells_told);
        cells_told = done;
    };
    const auto body = [&](std::size_t b) {
        BlockScan scan(targets, params, scores);
        rescored.fetch_add(scan.run(queries, starts[b], starts[b + 1]), std::memory_order_relaxed);
        const std::uint64_t residues = targets.offsets[starts[b + 1]] - targets.offsets[starts[b]];
        cells_done.fetch_add(residues * query_residues, std::memory_order_relaxed);
        // Only the calling thread reports, so that listeners need no lock.
        if (on_cells && std::this_thread::get_id() == caller) tell();
    };
    parallel_for(pool, 0, starts.size() - 1, body);
    if (on_cells) tell();
    return rescored.load();
}

}  // namespace tropic::align::detail
