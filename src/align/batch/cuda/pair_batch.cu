// align_pairs_cuda: many short pairs aligned in full on the device (batch_cuda.hpp), in the
// stages of a device operation: split (the pairs the device takes; align_pair takes the rest),
// plan (groups that fit the device), then per group pack, upload, launch (the fill, then the
// walk), collect (end cells and operations back) and build the results. Profiling laps at the
// stage boundaries. The kernels, and why they have their shape: pair_kernels.cu.
#include <algorithm>
#include <functional>
#include <vector>

#include "align/batch/batch_cuda.hpp"
#include "align/batch/cuda/pair_launch.hpp"
#include "align/pairwise/cell.hpp"
#include "align/pairwise/pair_checks.hpp"
#include "align/pairwise/traceback.hpp"
#include "core/cuda/cuda_check.cuh"
#include "core/cuda/device_buffer.cuh"
#include "core/cuda/device_memory.cuh"
#include "core/internal/memory_fit.hpp"
#include "core/internal/messages.hpp"
#include "core/internal/profile.hpp"
#include "tropic/core/error.hpp"
#include "tropic/core/thread_pool.hpp"

namespace tropic::align::detail::cuda {

namespace {

using tropic::detail::cuda::DeviceBuffer;

// The host's share runs on the pool's threads when there is one.
void for_each_pair(ThreadPool* pool, std::size_t count,
                   const std::function<void(std::size_t)>& body) {
    parallel_for(pool, 0, count, body, 1024);
}

// align_pair's own checks for every pair (codes beyond the matrix, scores that could leave 32
// bits); a pair with an empty side, or longer than the batch takes, is aligned by align_pair
// here. Returns the pairs left for the device, in input order.
std::vector<std::size_t> split_pairs(std::span<const AlignPairInput> pairs,
                                     const AlignParams& params,
                                     std::vector<PairAlignment>& results) {
    std::vector<std::size_t> batched;
    for (std::size_t k = 0; k < pairs.size(); ++k) {
        const auto m = static_cast<std::int64_t>(pairs[k].query.size());
        const auto n = static_cast<std::int64_t>(pairs[k].target.size());
        check_codes(pairs[k].query, params.scoring.matrix, "query");
        check_codes(pairs[k].target, params.scoring.matrix, "target");
        check_score_range(m, n, params.scoring);
        if (m == 0 || n == 0 || m > kBatchPairMaxLength || n > kBatchPairMaxLength) {
            RunOptions single;
            single.backend = Backend::Cpu;
            results[k] = align_pair(pairs[k].query, pairs[k].target, params, single);
        } else {
            batched.push_back(k);
        }
    }
    return batched;
}

// A pair's device bytes: residues, directions, operations, bookkeeping.
std::uint64_t pair_device_bytes(const AlignPairInput& pair, bool directions) {
    const auto m = static_cast<std::int64_t>(pair.query.size());
    const auto n = static_cast<std::int64_t>(pair.target.size());
    return (directions ? direction_bytes(m, n) : 0) + 2 * static_cast<std::uint64_t>(m + n) + 96;
}

// The groups, each the pairs in input order while their bytes stay within a third of the usable
// device memory (the scratch rows and the next group's buffers share the rest) and 4 GiB. Throws
// ResourceError when one pair alone does not fit.
std::vector<std::vector<std::size_t>> plan_groups(std::span<const AlignPairInput> pairs,
                                                  const std::vector<std::size_t>& batched,
                                                  bool directions, int device) {
    const MemoryBudget device_memory = tropic::detail::cuda::device_budget(device);
    const std::uint64_t budget =
        std::min<std::uint64_t>(device_memory.bytes / 3, std::uint64_t{4} << 30);
    for (const std::size_t k : batched) {
        const std::uint64_t bytes = pair_device_bytes(pairs[k], directions);
        if (bytes > budget)
            throw ResourceError(
                does_not_fit_message(pairs[k].what, bytes * 3, device_memory, kUseCpuBackend));
    }
    std::vector<std::vector<std::size_t>> groups;
    std::uint64_t bytes = 0;
    for (const std::size_t k : batched) {
        const std::uint64_t more = pair_device_bytes(pairs[k], directions);
        if (groups.empty() || bytes + more > budget) {
            groups.emplace_back();
            bytes = 0;
        }
        groups.back().push_back(k);
        bytes += more;
    }
    return groups;
}

// A group laid out for the device: the residues back to back, each pair's offsets and sizes,
// where its directions and operations go, and the pairs by rows per lane (a launch each).
struct PackedGroup {
    std::vector<std::uint8_t> residues;
    std::vector<std::uint64_t> query_at, target_at, dirs_at, ops_at;
    std::vector<std::int32_t> m, n, rows;
    std::vector<std::int32_t> by_rows[4];  // rows per lane 4, 8, 12, 16
    std::uint64_t dirs_total = 0, ops_total = 0;
    std::int32_t longest = 0;
    std::size_t count() const noexcept { return m.size(); }
};

PackedGroup pack_group(std::span<const AlignPairInput> pairs, const std::vector<std::size_t>& group,
                       bool directions, ThreadPool* pool) {
    const std::size_t count = group.size();
    PackedGroup packed;
    for (auto* v : {&packed.query_at, &packed.target_at, &packed.dirs_at, &packed.ops_at})
        v->resize(count);
    for (auto* v : {&packed.m, &packed.n, &packed.rows}) v->resize(count);
    std::uint64_t residue_total = 0;
    for (std::size_t g = 0; g < count; ++g) {
        const AlignPairInput& pair = pairs[group[g]];
        packed.query_at[g] = residue_total;
        packed.target_at[g] = residue_total + pair.query.size();
        residue_total += pair.query.size() + pair.target.size();
        const auto m = static_cast<std::int32_t>(pair.query.size());
        const auto n = static_cast<std::int32_t>(pair.target.size());
        packed.m[g] = m;
        packed.n[g] = n;
        packed.rows[g] = rows_per_lane_for(m);
        packed.by_rows[packed.rows[g] / 4 - 1].push_back(static_cast<std::int32_t>(g));
        packed.dirs_at[g] = packed.dirs_total;
        if (directions) packed.dirs_total += (direction_bytes(m, n) + 15) / 16 * 16;
        packed.ops_at[g] = packed.ops_total;
        packed.ops_total += static_cast<std::uint64_t>(m + n);
        packed.longest = std::max(packed.longest, n);
    }
    packed.residues.resize(residue_total);
    for_each_pair(pool, count, [&](std::size_t g) {
        const AlignPairInput& pair = pairs[group[g]];
        std::copy(pair.query.begin(), pair.query.end(),
                  packed.residues.begin() + packed.query_at[g]);
        std::copy(pair.target.begin(), pair.target.end(),
                  packed.residues.begin() + packed.target_at[g]);
    });
    return packed;
}

// The device's buffers, kept from group to group (each grows to the largest group's need).
struct PairWorkspace {
    DeviceBuffer<std::int32_t> matrix;
    DeviceBuffer<std::uint8_t> residues, dirs;
    DeviceBuffer<std::uint32_t> ops, compact;
    DeviceBuffer<std::uint64_t> query_at, target_at, dirs_at, ops_at, compact_at;
    DeviceBuffer<std::int32_t> m, n, rows, scratch;
    DeviceBuffer<EndCell> ends;
    DeviceBuffer<std::int64_t> walk;

    PairSet set() const {
        return {residues.data(), query_at.data(), target_at.data(),
                m.data(),        n.data(),        dirs_at.data()};
    }
};

void upload_group(const PackedGroup& packed, bool directions, PairWorkspace& work) {
    work.residues.assign(packed.residues);
    work.query_at.assign(packed.query_at);
    work.target_at.assign(packed.target_at);
    work.m.assign(packed.m);
    work.n.assign(packed.n);
    work.dirs_at.assign(packed.dirs_at);
    if (directions) work.dirs.resize(std::max<std::uint64_t>(packed.dirs_total, 1));
    work.ends.resize(packed.count());
}

// The fill, one launch per rows per lane; each pair's end cell (and directions) on the device.
void launch_fills(const PackedGroup& packed, const AlignParams& params, bool directions,
                  PairWorkspace& work, cudaStream_t stream, int device) {
    PairBatchArgs args;
    args.set = work.set();
    args.dirs = directions ? work.dirs.data() : nullptr;
    args.matrix = work.matrix.data();
    args.alphabet = params.scoring.matrix.size;
    args.gaps = {params.scoring.gaps.open + params.scoring.gaps.extend, params.scoring.gaps.extend};
    args.longest = packed.longest;
    args.ends = work.ends.data();
    for (int c = 0; c < 4; ++c) {
        if (packed.by_rows[c].empty()) continue;
        DeviceBuffer<std::int32_t> list;
        list.assign(packed.by_rows[c]);
        args.pairs = list.data();
        args.pair_count = static_cast<std::int32_t>(packed.by_rows[c].size());
        launch_pair_fill(args, 4 * (c + 1), params.mode, directions, stream, device, work.scratch);
        TROPIC_CUDA_CHECK(cudaStreamSynchronize(stream));  // before `list` is freed
    }
}

// The walk from each end cell: each pair's begin and its operations as runs, on the device.
void launch_walks(const PackedGroup& packed, const AlignParams& params, PairWorkspace& work,
                  cudaStream_t stream) {
    const std::size_t count = packed.count();
    work.rows.assign(packed.rows);
    work.ops_at.assign(packed.ops_at);
    work.ops.resize(std::max<std::uint64_t>(packed.ops_total, 1));
    work.walk.resize(3 * count);
    WalkArgs args;
    args.set = work.set();
    args.rows_per_lane = work.rows.data();
    args.dirs = work.dirs.data();
    args.ends = work.ends.data();
    args.ops_at = work.ops_at.data();
    args.ops = work.ops.data();
    args.walk = work.walk.data();
    args.pair_count = static_cast<std::int32_t>(count);
    args.mode = params.mode;
    args.dna = params.scoring.matrix.alphabet == Alphabet::Dna;
    launch_walk(args, stream);
}

// What comes back of a group: the end cells and, with directions, each pair's begin and runs.
struct GroupOutput {
    std::vector<EndCell> ends;
    std::vector<std::int64_t> walk;      // per pair: begin i, begin j, runs
    std::vector<std::uint32_t> runs;     // every pair's, side by side
    std::vector<std::uint64_t> runs_at;  // where each pair's start in runs
};

// Copies the group's results back. The runs are first moved side by side on the device, so that
// only they cross, not the m + n slots each pair was given; their offsets are summed here, since
// the walk's counts come back anyway and the results need the offsets on the host.
GroupOutput collect_group(std::size_t count, bool directions, PairWorkspace& work,
                          cudaStream_t stream) {
    GroupOutput out;
    out.ends.resize(count);
    if (directions) {
        out.walk.resize(3 * count);
        TROPIC_CUDA_CHECK(cudaMemcpyAsync(out.walk.data(), work.walk.data(),
                                          out.walk.size() * sizeof(std::int64_t),
                                          cudaMemcpyDeviceToHost, stream));
        TROPIC_CUDA_CHECK(cudaStreamSynchronize(stream));
        out.runs_at.resize(count);
        std::uint64_t total = 0;
        for (std::size_t g = 0; g < count; ++g) {
            out.runs_at[g] = total;
            total += static_cast<std::uint64_t>(out.walk[3 * g + 2]);
        }
        work.compact_at.assign(out.runs_at);
        work.compact.resize(std::max<std::uint64_t>(total, 1));
        launch_gather_runs(work.ops.data(), work.ops_at.data(), work.walk.data(),
                           work.compact_at.data(), work.compact.data(), static_cast<int>(count),
                           stream);
        out.runs.resize(total);
        TROPIC_CUDA_CHECK(cudaMemcpyAsync(out.runs.data(), work.compact.data(),
                                          total * sizeof(std::uint32_t), cudaMemcpyDeviceToHost,
                                          stream));
    }
    TROPIC_CUDA_CHECK(cudaMemcpyAsync(out.ends.data(), work.ends.data(), count * sizeof(EndCell),
                                      cudaMemcpyDeviceToHost, stream));
    TROPIC_CUDA_CHECK(cudaStreamSynchronize(stream));
    return out;
}

void build_results(const std::vector<std::size_t>& group, const GroupOutput& out,
                   const AlignParams& params, std::vector<PairAlignment>& results,
                   ThreadPool* pool) {
    for_each_pair(pool, group.size(), [&](std::size_t g) {
        PairAlignment& result = results[group[g]];
        if (params.score_only) {
            result = score_only_alignment(params.mode, out.ends[g]);
        } else {
            result.score = out.ends[g].score;
            result.query_end = out.ends[g].i;
            result.target_end = out.ends[g].j;
            result.query_begin = out.walk[3 * g];
            result.target_begin = out.walk[3 * g + 1];
            const std::uint32_t* runs = out.runs.data() + out.runs_at[g];
            for (std::int64_t r = out.walk[3 * g + 2] - 1; r >= 0; --r)
                result.cigar.push_back({static_cast<CigarOp>(runs[r] & 15u), runs[r] >> 4});
            summarize_cigar(result);
        }
        result.score_bits = 32;
    });
}

struct PairPhases {
    double setup = 0, upload = 0, fill = 0, walk = 0, copy_back = 0, results = 0;
};

void report(const PairPhases& phases, std::size_t pairs) {
    profile::print(
        "align_pairs_cuda %zu pairs: setup %.2f ms, upload %.2f, fill %.2f, walk %.2f, "
        "copy back %.2f, results %.2f",
        pairs, phases.setup * 1e3, phases.upload * 1e3, phases.fill * 1e3, phases.walk * 1e3,
        phases.copy_back * 1e3, phases.results * 1e3);
    profile::record("pairs fill", phases.fill);
    profile::record("pairs walk", phases.walk);
}

}  // namespace

std::vector<PairAlignment> align_pairs_cuda(std::span<const AlignPairInput> pairs,
                                            const AlignParams& params, int device,
                                            ThreadPool* pool) {
    validate(params);
    std::vector<PairAlignment> results(pairs.size());
    const std::vector<std::size_t> batched = split_pairs(pairs, params, results);
    if (batched.empty()) return results;
    TROPIC_CUDA_CHECK(cudaSetDevice(device));
    const bool directions = !params.score_only;
    const std::vector<std::vector<std::size_t>> groups =
        plan_groups(pairs, batched, directions, device);

    PairPhases phases;
    profile::PhaseTimer timer;
    PairWorkspace work;
    work.matrix.assign(params.scoring.matrix.scores);
    cudaStream_t stream = cudaStreamPerThread;
    const auto wait = [&] { TROPIC_CUDA_CHECK(cudaStreamSynchronize(stream)); };
    timer.lap(phases.setup);
    for (const std::vector<std::size_t>& group : groups) {
        const PackedGroup packed = pack_group(pairs, group, directions, pool);
        upload_group(packed, directions, work);
        timer.lap(phases.upload, wait);
        launch_fills(packed, params, directions, work, stream, device);
        timer.lap(phases.fill, wait);
        if (directions) {
            launch_walks(packed, params, work, stream);
            timer.lap(phases.walk, wait);
        }
        const GroupOutput out = collect_group(packed.count(), directions, work, stream);
        timer.lap(phases.copy_back, wait);
        build_results(group, out, params, results, pool);
        timer.lap(phases.results);
    }
    if (timer.enabled()) report(phases, batched.size());
    return results;
}

}  // namespace tropic::align::detail::cuda
