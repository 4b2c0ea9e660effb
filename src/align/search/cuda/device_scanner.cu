// DeviceScanner: the host side of the database scan (device_scanner.hpp). Why this shape:
// - Targets stay on the device when they fit (a database of 10^9 residues is 1 GB, an H100 holds
//   80), so every query after the first pays no copy; otherwise they stream in blocks, the next
//   block's copy issued while the kernels of the current one run.
// - Local alignment with small costs runs in packed 16-bit lanes (two targets per warp), the few
//   targets whose best reaches the overflow threshold again in 32-bit lanes; everything else runs
//   in 32-bit lanes.
// - Targets longer than kLongTarget would need long scratch rows in every warp: each runs alone
//   on the long-pair kernel instead (intra-sequence: the whole device on one pair).
// In stages: the constructor plans the blocks (plan_blocks: the work space beside them, the
// bytes of each) and uploads a resident block; scan() plans the queries (rows per lane, profiles)
// and then, block by block, uploads, launches, collects the scores and rescores the overflowed
// ones; the long targets come last.
#include <algorithm>
#include <atomic>
#include <numeric>
#include <string>
#include <vector>

#include "align/pairwise/cuda/pair_cuda.hpp"
#include "align/pairwise/tile.hpp"
#include "align/search/cuda/device_scanner.hpp"
#include "align/search/cuda/scan_launch.hpp"
#include "core/cuda/cuda_check.cuh"
#include "core/cuda/device_buffer.cuh"
#include "core/cuda/device_memory.cuh"
#include "core/cuda/pinned_buffer.cuh"
#include "core/internal/memory_fit.hpp"
#include "core/internal/messages.hpp"
#include "tropic/core/error.hpp"

namespace tropic::align::detail::cuda {

namespace {

using tropic::detail::cuda::DeviceBuffer;
using tropic::detail::cuda::PinnedBuffer;

constexpr std::int64_t kLongTarget = 16384;

struct Block {
    std::size_t first = 0, last = 0;  // targets [first, last)
    std::uint64_t residues = 0;       // of its targets that are not long
    std::int64_t longest = 0;         // of those
};

// A block on the device: its residues (long targets left out) and offsets with those targets
// given length 0 (their scores come from the long-pair kernel).
struct DeviceBlock {
    DeviceBuffer<std::uint8_t> residues;
    DeviceBuffer<std::uint32_t> offsets;
    PinnedBuffer<std::uint8_t> staging;
    PinnedBuffer<std::uint32_t> staging_offsets;
    std::size_t loaded = SIZE_MAX;  // the block held
    cudaEvent_t copied = nullptr;
};

// Every query's rows per lane and passes (packed and int32 lanes) and where its profiles start.
struct QueryPlan {
    int rows16 = 0, passes16 = 0, rows32 = 0, passes32 = 0;
    std::size_t at16 = 0, at32 = 0;
};

// Query profiles, one after another: profile[c * rows + i] = s(q_i, c), with the padding code
// (the last) and padding rows at `pad`.
template <typename T>
std::vector<T> build_profile(std::span<const std::uint8_t> query, const SubstitutionMatrix& matrix,
                             std::int64_t rows, T pad) {
    const int codes = matrix.size + 1;
    std::vector<T> profile(static_cast<std::size_t>(codes * rows), pad);
    for (int c = 0; c < matrix.size; ++c)
        for (std::size_t i = 0; i < query.size(); ++i)
            profile[static_cast<std::size_t>(c * rows) + i] =
                static_cast<T>(matrix.score(query[i], static_cast<std::uint8_t>(c)));
    return profile;
}

// One launch of the packed kernel: query a alone, or queries a and b together.
struct PackedLaunch {
    std::size_t a = 0, b = 0;
    bool paired = false;
    int rows = 0, passes = 0;
    std::size_t at = 0;  // its profile in QueryProfiles::words
};

// The queries' plans and their profiles back to back (packed ones only for packed lanes).
struct QueryProfiles {
    std::vector<QueryPlan> plans;
    std::vector<std::int16_t> packed;
    std::vector<std::int32_t> int32;
    std::vector<PackedLaunch> launches;
    std::vector<std::uint32_t> words;  // the launches' profiles back to back
};

std::atomic<bool> query_pairs_on{true};

// The packed kernel's launches and their profiles of 32-bit words (PackedScanArgs::profile).
// Queries of nearly equal length share a launch: one target per warp against both, their scores
// in the halves of each word, which saves the multiply-add that puts two targets' scores of one
// query side by side and half the shared loads; the shorter query's padding rows cost as much as
// real ones, so a pair pays off only while it has at least ~85% of the longer one's rows. Queries
// are paired with their neighbours by length.
void plan_packed_launches(std::span<const std::span<const std::uint8_t>> queries, int codes,
                          QueryProfiles& out) {
    const auto height = [](int rows, int passes) {
        return std::size_t{32} * static_cast<std::size_t>(rows) * static_cast<std::size_t>(passes);
    };
    const auto half = [](std::int16_t v) {
        return static_cast<std::uint32_t>(static_cast<std::uint16_t>(v));
    };
    // Query q's score of row i against code c, kPackedPadScore below its rows.
    const auto score = [&](std::size_t q, int c, std::size_t i) {
        const QueryPlan& p = out.plans[q];
        const std::size_t h = height(p.rows16, p.passes16);
        return i < h ? out.packed[p.at16 + static_cast<std::size_t>(c) * h + i] : kPackedPadScore;
    };
    std::vector<std::size_t> order(queries.size());
    std::iota(order.begin(), order.end(), std::size_t{0});
    std::stable_sort(order.begin(), order.end(), [&](std::size_t x, std::size_t y) {
        return queries[x].size() < queries[y].size();
    });
    for (std::size_t k = 0; k < order.size(); ++k) {
        const std::size_t a = order[k];
        const QueryPlan& pa = out.plans[a];
        PackedLaunch launch{a, a, false, pa.rows16, pa.passes16, out.words.size()};
        if (k + 1 < order.size() && query_pairs_on.load()) {
            const std::size_t b = order[k + 1];
            const QueryPlan& pb = out.plans[b];
            if (pa.passes16 == pb.passes16 && 100 * queries[a].size() >= 85 * queries[b].size()) {
                launch.b = b;
                launch.paired = true;
                launch.rows = std::max(pa.rows16, pb.rows16);
                ++k;
            }
        }
        const std::size_t h = height(launch.rows, launch.passes);
        for (int c = 0; c < codes; ++c)
            for (std::size_t i = 0; i < h; ++i)
                out.words.push_back(half(score(a, c, i)) |
                                    (launch.paired ? half(score(launch.b, c, i)) << 16 : 0u));
        out.launches.push_back(launch);
    }
}

QueryProfiles plan_queries(std::span<const std::span<const std::uint8_t>> queries,
                           const SubstitutionMatrix& matrix, bool packed) {
    QueryProfiles out;
    out.plans.resize(queries.size());
    for (std::size_t q = 0; q < queries.size(); ++q) {
        const auto m = static_cast<std::int64_t>(queries[q].size());
        if (m == 0) throw InternalError("DeviceScanner::scan: an empty query");
        QueryPlan& plan = out.plans[q];
        if (packed) {
            plan.rows16 = packed_rows_per_lane(m);
            plan.passes16 = static_cast<int>((m + 32 * plan.rows16 - 1) / (32 * plan.rows16));
            plan.at16 = out.packed.size();
            const auto p = build_profile<std::int16_t>(
                queries[q], matrix, std::int64_t{32} * plan.rows16 * plan.passes16,
                kPackedPadScore);
            out.packed.insert(out.packed.end(), p.begin(), p.end());
        }
        plan.rows32 = int32_rows_per_lane(m);  // for the rescoring of overflowed lanes
        plan.passes32 = static_cast<int>((m + 32 * plan.rows32 - 1) / (32 * plan.rows32));
        plan.at32 = out.int32.size();
        const auto p = build_profile<std::int32_t>(
            queries[q], matrix, std::int64_t{32} * plan.rows32 * plan.passes32, 0);
        out.int32.insert(out.int32.end(), p.begin(), p.end());
    }
    if (packed) plan_packed_launches(queries, matrix.size + 1, out);
    return out;
}

}  // namespace

struct DeviceScanner::Impl {
    TargetView targets;
    AlignParams params;
    int device = 0;
    bool packed = false;
    std::int32_t threshold = 0;
    std::vector<Block> blocks;
    std::vector<std::size_t> long_targets;
    bool resident = false;
    DeviceBlock slots[2];
    cudaStream_t compute = nullptr, copy = nullptr;
    cudaEvent_t kernel_start = nullptr, kernel_end = nullptr;
    DeviceBuffer<std::uint32_t> packed_profiles;  // the packed launches' profiles
    std::vector<PackedLaunch> packed_launches;
    DeviceBuffer<std::int32_t> profiles32;
    DeviceBuffer<std::int32_t> device_scores, ids;  // a block's scores; the targets to score
    DeviceBuffer<std::uint32_t> scratch;
    std::uint64_t rescored = 0;
    double kernel_seconds = 0;
    // The scan in progress.
    std::span<const std::span<const std::uint8_t>> queries;
    std::vector<QueryPlan> plans;

    ~Impl() {
        for (DeviceBlock& slot : slots)
            if (slot.copied) cudaEventDestroy(slot.copied);
        if (kernel_start) cudaEventDestroy(kernel_start);
        if (kernel_end) cudaEventDestroy(kernel_end);
        if (compute) cudaStreamDestroy(compute);
        if (copy) cudaStreamDestroy(copy);
    }

    std::int64_t length(std::size_t t) const {
        return static_cast<std::int64_t>(targets.offsets[t + 1] - targets.offsets[t]);
    }

    void plan_blocks(std::uint64_t block_bytes);
    void create_streams();
    void upload(std::size_t b);
    void upload_profiles(std::span<const std::span<const std::uint8_t>> scanned);
    void scan_block(std::size_t b, std::span<std::int32_t> scores,
                    const std::function<void(std::uint64_t)>& on_cells);
    void launch_block(std::size_t b, const ScanTargets& view);
    void launch_packed(const PackedLaunch& launch, const ScanTargets& view, const Block& block,
                       std::int32_t* scores, std::size_t block_count);
    void launch_int32(std::size_t q, const ScanTargets& view, const Block& block,
                      std::size_t id_count, std::int32_t* out);
    void collect_block(std::size_t block_count, std::vector<std::int32_t>& block_scores);
    void rescore_overflowed(const ScanTargets& view, const Block& block,
                            std::vector<std::int32_t>& block_scores);
    void scan_long_targets(std::span<std::int32_t> scores,
                           const std::function<void(std::uint64_t)>& on_cells);
};

// The blocks of targets (one when they all fit beside the work, which keeps them resident; else
// block_bytes or a third of the room each, two slots and the spare) and the long targets.
void DeviceScanner::Impl::plan_blocks(std::uint64_t block_bytes) {
    const MemoryBudget budget = tropic::detail::cuda::device_budget(device);
    const std::size_t count = targets.count();
    std::uint64_t short_residues = 0;
    for (std::size_t t = 0; t < count; ++t) {
        if (length(t) > kLongTarget)
            long_targets.push_back(t);
        else
            short_residues += static_cast<std::uint64_t>(length(t));
    }
    // The work beside the targets: scratch rows (every resident warp: 2 rows of kLongTarget + 1
    // words, at most), scores, profiles.
    int sms = 0;
    TROPIC_CUDA_CHECK(cudaDeviceGetAttribute(&sms, cudaDevAttrMultiProcessorCount, device));
    const std::uint64_t work =
        (std::uint64_t{64} << 20) + std::uint64_t{8} * count +
        std::uint64_t{8} * 64 * static_cast<std::uint64_t>(sms) * (kLongTarget + 1);
    if (work > budget.bytes)
        throw ResourceError(
            does_not_fit_message("a database scan's work space", work, budget, kUseCpuBackend));
    const std::uint64_t room = budget.bytes - work;
    const std::uint64_t all_bytes = short_residues + 4 * (count + 1);
    if (block_bytes == 0) block_bytes = all_bytes <= room ? all_bytes : room / 3;
    block_bytes = std::max<std::uint64_t>(block_bytes, 1);
    Block block;
    for (std::size_t t = 0; t < count; ++t) {
        const std::int64_t n = length(t) > kLongTarget ? 0 : length(t);
        if (block.last > block.first &&
            block.residues + static_cast<std::uint64_t>(n) + 4 * (block.last - block.first + 2) >
                block_bytes) {
            blocks.push_back(block);
            block = Block{t, t, 0, 0};
        }
        block.last = t + 1;
        block.residues += static_cast<std::uint64_t>(n);
        block.longest = std::max(block.longest, n);
    }
    if (block.last > block.first) blocks.push_back(block);
    resident = blocks.size() <= 1;
}

void DeviceScanner::Impl::create_streams() {
    TROPIC_CUDA_CHECK(cudaStreamCreateWithFlags(&compute, cudaStreamNonBlocking));
    TROPIC_CUDA_CHECK(cudaStreamCreateWithFlags(&copy, cudaStreamNonBlocking));
    for (DeviceBlock& slot : slots)
        TROPIC_CUDA_CHECK(cudaEventCreateWithFlags(&slot.copied, cudaEventDisableTiming));
    TROPIC_CUDA_CHECK(cudaEventCreate(&kernel_start));
    TROPIC_CUDA_CHECK(cudaEventCreate(&kernel_end));
}

// Copies block b into slot b % 2 on the copy stream (through pinned staging memory).
void DeviceScanner::Impl::upload(std::size_t b) {
    DeviceBlock& slot = slots[b % 2];
    if (slot.loaded == b) return;
    const Block& block = blocks[b];
    const std::size_t count = block.last - block.first;
    slot.staging.resize(std::max<std::uint64_t>(block.residues, 1));
    slot.staging_offsets.resize(count + 1);
    std::uint64_t at = 0;
    for (std::size_t t = block.first; t < block.last; ++t) {
        slot.staging_offsets.data()[t - block.first] = static_cast<std::uint32_t>(at);
        const std::int64_t n = length(t);
        if (n > kLongTarget) continue;
        std::copy_n(targets.residues.data() + targets.offsets[t], n, slot.staging.data() + at);
        at += static_cast<std::uint64_t>(n);
    }
    slot.staging_offsets.data()[count] = static_cast<std::uint32_t>(at);
    // The slot's previous block (two back) is done: scan() waits for each block's kernels
    // before it uploads the one after the next.
    slot.residues.resize(std::max<std::uint64_t>(block.residues, 1));
    slot.offsets.resize(count + 1);
    TROPIC_CUDA_CHECK(cudaMemcpyAsync(slot.residues.data(), slot.staging.data(), at,
                                      cudaMemcpyHostToDevice, copy));
    TROPIC_CUDA_CHECK(cudaMemcpyAsync(slot.offsets.data(), slot.staging_offsets.data(),
                                      (count + 1) * sizeof(std::uint32_t), cudaMemcpyHostToDevice,
                                      copy));
    TROPIC_CUDA_CHECK(cudaEventRecord(slot.copied, copy));
    slot.loaded = b;
}

DeviceScanner::DeviceScanner(const TargetView& targets, const AlignParams& params, int device,
                             std::uint64_t block_bytes)
    : impl_(std::make_unique<Impl>()) {
    Impl& s = *impl_;
    s.targets = targets;
    s.params = params;
    s.device = device;
    const SubstitutionMatrix& matrix = params.scoring.matrix;
    const std::int32_t oe = params.scoring.gaps.open + params.scoring.gaps.extend;
    s.packed = params.mode == AlignMode::Local && oe <= kPackedMaxGap &&
               matrix.max_score() <= kPackedMaxScore && matrix.min_score() >= -kPackedMaxScore;
    s.threshold = packed_overflow_threshold(matrix.max_score());
    TROPIC_CUDA_CHECK(cudaSetDevice(device));
    s.plan_blocks(block_bytes);
    s.create_streams();
    if (s.resident && !s.blocks.empty()) s.upload(0);
}

DeviceScanner::~DeviceScanner() = default;

void set_query_pairs(bool on) {
    query_pairs_on.store(on);
}

std::uint64_t DeviceScanner::rescored() const noexcept {
    return impl_->rescored;
}
bool DeviceScanner::resident() const noexcept {
    return impl_->resident;
}
double DeviceScanner::kernel_seconds() const noexcept {
    return impl_->kernel_seconds;
}

void DeviceScanner::scan(std::span<const std::span<const std::uint8_t>> queries,
                         std::span<std::int32_t> scores,
                         const std::function<void(std::uint64_t)>& on_cells) {
    Impl& s = *impl_;
    const std::size_t count = s.targets.count();
    if (scores.size() != queries.size() * count)
        throw InternalError("DeviceScanner::scan: the scores do not match queries x targets");
    if (queries.empty() || count == 0) return;
    TROPIC_CUDA_CHECK(cudaSetDevice(s.device));
    s.upload_profiles(queries);
    for (std::size_t b = 0; b < s.blocks.size(); ++b) s.scan_block(b, scores, on_cells);
    s.scan_long_targets(scores, on_cells);
}

// The plan of every query, and its profiles on the device.
void DeviceScanner::Impl::upload_profiles(std::span<const std::span<const std::uint8_t>> scanned) {
    queries = scanned;
    QueryProfiles profiles = plan_queries(queries, params.scoring.matrix, packed);
    if (packed) packed_profiles.assign(profiles.words);
    packed_launches = std::move(profiles.launches);
    profiles32.assign(profiles.int32);
    plans = std::move(profiles.plans);
}

// Block b against every query: the launches, the next block's copy while they run, the scores
// back (packed lanes that overflowed scored again) into scores[q * count + t].
void DeviceScanner::Impl::scan_block(std::size_t b, std::span<std::int32_t> scores,
                                     const std::function<void(std::uint64_t)>& on_cells) {
    const Block& block = blocks[b];
    const std::size_t block_count = block.last - block.first;
    upload(b);
    DeviceBlock& slot = slots[b % 2];
    TROPIC_CUDA_CHECK(cudaStreamWaitEvent(compute, slot.copied, 0));
    const ScanTargets view{slot.residues.data(), slot.offsets.data(),
                           static_cast<std::int32_t>(block_count)};
    launch_block(b, view);
    // The next block's copy runs while these kernels do.
    if (b + 1 < blocks.size()) upload(b + 1);
    std::vector<std::int32_t> block_scores;
    collect_block(block_count, block_scores);
    if (packed) rescore_overflowed(view, block, block_scores);
    const std::size_t count = targets.count();
    for (std::size_t q = 0; q < queries.size(); ++q)
        std::copy_n(block_scores.data() + q * block_count, block_count,
                    scores.data() + q * count + block.first);
    if (on_cells) {
        std::uint64_t query_residues = 0;
        for (const auto& query : queries) query_residues += query.size();
        on_cells(query_residues * block.residues);
    }
}

// Every query's kernel on the block, timed by the kernel events.
void DeviceScanner::Impl::launch_block(std::size_t b, const ScanTargets& view) {
    const Block& block = blocks[b];
    const std::size_t block_count = block.last - block.first;
    device_scores.resize(queries.size() * block_count);
    if (!packed) {
        std::vector<std::int32_t> all_ids(block_count);
        for (std::size_t t = 0; t < block_count; ++t) all_ids[t] = static_cast<std::int32_t>(t);
        if (!all_ids.empty()) ids.assign(all_ids);
    }
    TROPIC_CUDA_CHECK(cudaEventRecord(kernel_start, compute));
    if (packed)
        for (const PackedLaunch& launch : packed_launches)
            launch_packed(launch, view, block, device_scores.data(), block_count);
    else
        for (std::size_t q = 0; q < queries.size(); ++q)
            launch_int32(q, view, block, block_count, device_scores.data() + q * block_count);
    TROPIC_CUDA_CHECK(cudaEventRecord(kernel_end, compute));
}

void DeviceScanner::Impl::launch_packed(const PackedLaunch& launch, const ScanTargets& view,
                                        const Block& block, std::int32_t* scores,
                                        std::size_t block_count) {
    PackedScanArgs args;
    args.targets = view;
    args.profile = packed_profiles.data() + launch.at;
    if (launch.paired) args.scores_b = scores + launch.b * block_count;
    args.codes = params.scoring.matrix.size + 1;
    args.rows = 32 * launch.rows * launch.passes;
    args.passes = launch.passes;
    args.open_extend = params.scoring.gaps.open + params.scoring.gaps.extend;
    args.extend = params.scoring.gaps.extend;
    args.threshold = threshold;
    args.longest = static_cast<std::int32_t>(block.longest);
    args.scores = scores + launch.a * block_count;
    const int grid = packed_scan_grid(args, launch.rows, device);
    if (launch.passes > 1) {
        scratch.resize(static_cast<std::size_t>(grid) * packed_scan_warps(launch.paired) * 2 *
                       (block.longest + 1));
        args.scratch = scratch.data();
    }
    launch_packed_scan(args, launch.rows, grid, compute);
}

// The int32 kernel on the first id_count targets of `ids`.
void DeviceScanner::Impl::launch_int32(std::size_t q, const ScanTargets& view, const Block& block,
                                       std::size_t id_count, std::int32_t* out) {
    const QueryPlan& plan = plans[q];
    Int32ScanArgs args;
    args.targets = view;
    args.ids = ids.data();
    args.id_count = static_cast<std::int32_t>(id_count);
    args.profile = profiles32.data() + plan.at32;
    args.codes = params.scoring.matrix.size + 1;
    args.rows = 32 * plan.rows32 * plan.passes32;
    args.passes = plan.passes32;
    args.m = static_cast<std::int32_t>(queries[q].size());
    args.gaps = {params.scoring.gaps.open + params.scoring.gaps.extend, params.scoring.gaps.extend};
    args.longest = static_cast<std::int32_t>(block.longest);
    args.scores = out;
    const int grid = int32_scan_grid(args, params.mode, plan.rows32, device);
    if (plan.passes32 > 1) {
        scratch.resize(static_cast<std::size_t>(grid) * kScanWarps * 2 * (block.longest + 1));
        args.scratch = reinterpret_cast<std::int32_t*>(scratch.data());
    }
    launch_int32_scan(args, params.mode, plan.rows32, grid, compute);
}

// The block's scores to the host, and the kernels' time.
void DeviceScanner::Impl::collect_block(std::size_t block_count,
                                        std::vector<std::int32_t>& block_scores) {
    block_scores.resize(queries.size() * block_count);
    TROPIC_CUDA_CHECK(cudaMemcpyAsync(block_scores.data(), device_scores.data(),
                                      block_scores.size() * sizeof(std::int32_t),
                                      cudaMemcpyDeviceToHost, compute));
    TROPIC_CUDA_CHECK(cudaStreamSynchronize(compute));
    float milliseconds = 0;
    TROPIC_CUDA_CHECK(cudaEventElapsedTime(&milliseconds, kernel_start, kernel_end));
    kernel_seconds += milliseconds / 1000.0;
}

// Packed lanes that overflowed: those targets again in 32-bit lanes.
void DeviceScanner::Impl::rescore_overflowed(const ScanTargets& view, const Block& block,
                                             std::vector<std::int32_t>& block_scores) {
    const std::size_t block_count = block.last - block.first;
    std::vector<std::int32_t> overflowed;
    for (std::size_t q = 0; q < queries.size(); ++q) {
        overflowed.clear();
        for (std::size_t t = 0; t < block_count; ++t)
            if (block_scores[q * block_count + t] == kOverflowed)
                overflowed.push_back(static_cast<std::int32_t>(t));
        if (overflowed.empty()) continue;
        rescored += overflowed.size();
        ids.assign(overflowed);
        launch_int32(q, view, block, overflowed.size(), device_scores.data() + q * block_count);
        TROPIC_CUDA_CHECK(cudaMemcpyAsync(
            block_scores.data() + q * block_count, device_scores.data() + q * block_count,
            block_count * sizeof(std::int32_t), cudaMemcpyDeviceToHost, compute));
        TROPIC_CUDA_CHECK(cudaStreamSynchronize(compute));
    }
}

// The long targets, each on the whole device.
void DeviceScanner::Impl::scan_long_targets(std::span<std::int32_t> scores,
                                            const std::function<void(std::uint64_t)>& on_cells) {
    const std::size_t count = targets.count();
    for (const std::size_t t : long_targets) {
        const std::span<const std::uint8_t> target(targets.residues.data() + targets.offsets[t],
                                                   static_cast<std::size_t>(length(t)));
        for (std::size_t q = 0; q < queries.size(); ++q) {
            const TileProblem problem =
                make_tile_problem(queries[q], target, params.mode, params.scoring);
            scores[q * count + t] =
                static_cast<std::int32_t>(fill_pair_cuda(problem, 0, 0, device).end.score);
            if (on_cells) on_cells(queries[q].size() * target.size());
        }
    }
}

}  // namespace tropic::align::detail::cuda
