// Where Nussinov folds run: every record placed through choose_backend before any is folded.
#include <fmt/format.h>

#include <algorithm>
#include <span>
#include <vector>

#include "core/internal/backend_choice.hpp"
#include "rna/nussinov/cuda/nussinov_cuda.hpp"
#include "rna/nussinov/nussinov_cpu.hpp"
#include "rna/nussinov/nussinov_table.hpp"
#include "rna/placement/device_records.hpp"
#include "rna/placement/record_outcomes.hpp"
#include "tropic/core/error.hpp"
#include "tropic/core/thread_pool.hpp"
#include "tropic/rna/nussinov.hpp"

namespace tropic::rna {

namespace {
// Records longer than the GPU batch mode takes go to its long mode when a device exists (at
// 1,025 nt the GPU takes a few ms, a CPU thread about 25 ms).
constexpr std::size_t kAutoCudaMinLength = detail::cuda::kBatchMaxLength + 1;
// Below this many residues in a batch the CPU finishes before a CUDA context is up.
constexpr std::size_t kAutoCudaMinBatchResidues = 2'000'000;
// On the CPU, records this long use all threads inside one fold rather than one thread each.
constexpr std::size_t kCpuLongLength = 2000;

double fold_steps(std::size_t n) {
    const double x = static_cast<double>(n);
    return x * x * x / 6;
}

// One record folded alone: the GPU's long mode or the CPU's tiled fold.
WorkEstimate single_fold(std::size_t n, const NussinovParams& params) {
    WorkEstimate work;
    work.what = detail::nussinov_fold_name(n);
    work.steps = fold_steps(n);
    work.auto_min_steps = fold_steps(kAutoCudaMinLength);
    const int max_weight = params.weights.max_weight();
    work.host_bytes = detail::nussinov_cpu_fold_bytes(n, max_weight);
    work.device_bytes = detail::cuda::nussinov_long_device_bytes(n, params);
    work.suggest = [&params, max_weight](const MemoryBudget& budget) {
        const std::size_t longest =
            budget.on_device()
                ? longest_that_fits(budget.bytes,
                                    [&params](std::size_t length) {
                                        return detail::cuda::nussinov_long_device_bytes(length,
                                                                                        params);
                                    })
                : detail::nussinov_cpu_longest_fitting(budget.bytes, max_weight);
        return fmt::format("the longest sequence that fits is {} nt: fold a shorter window",
                           longest);
    };
    return work;
}

// The short records folded together: the GPU's batch mode (its workspace is bounded, about
// 1 GiB of tables) or one record per CPU thread.
WorkEstimate short_batch(std::size_t records, std::size_t residues, std::size_t longest,
                         const NussinovParams& params, unsigned threads) {
    WorkEstimate work;
    work.what = fmt::format("a batch of {} Nussinov folds", records);
    work.steps = static_cast<double>(residues);
    work.auto_min_steps = static_cast<double>(kAutoCudaMinBatchResidues);
    work.host_bytes = std::min<std::size_t>(threads, records) *
                      detail::nussinov_cpu_fold_bytes(longest, params.weights.max_weight());
    work.suggest = [](const MemoryBudget&) { return std::string("fold fewer records at a time"); };
    return work;
}

// Which records go where: long ones one at a time (GPU long mode or all CPU threads), short
// ones together (GPU batch mode or one record per CPU thread).
struct Placement {
    std::vector<std::size_t> long_gpu, long_cpu, short_records;
    bool short_on_gpu = false;
};

// Places every record before any is folded; one that fits nowhere (or whose batch does not) gets
// the refusal as its outcome.
Placement place(const std::vector<EncodedSequence>& sequences, const NussinovParams& params,
                const RunOptions& run, std::vector<Outcome<NussinovResult>>& outcomes) {
    BackendChooser chooser(run);
    Placement placed;
    std::size_t short_residues = 0, short_longest = 0;
    for (std::size_t r = 0; r < sequences.size(); ++r) {
        const std::size_t n = sequences[r].size();
        // The GPU takes records beyond its batch mode one at a time; cuda sends every record to
        // the GPU, so short ones go to its batch mode.
        const bool alone = run.backend == Backend::Cuda
                               ? n > detail::cuda::kBatchMaxLength
                               : n >= std::min(kAutoCudaMinLength, kCpuLongLength);
        if (alone) {
            Backend backend = Backend::Cpu;
            try {
                backend = chooser.choose(single_fold(n, params));
            } catch (const Error& e) {
                detail::fail(outcomes[r], e.what(), e.code());
                continue;
            }
            if (backend == Backend::Cuda) {
                placed.long_gpu.push_back(r);
                continue;
            }
            if (n >= kCpuLongLength) {
                placed.long_cpu.push_back(r);
                continue;
            }
        }
        placed.short_records.push_back(r);
        short_residues += n;
        short_longest = std::max(short_longest, n);
    }
    if (placed.short_records.empty()) return placed;
    detail::capture_for(placed.short_records, outcomes, [&] {
        placed.short_on_gpu =
            chooser.choose(short_batch(placed.short_records.size(), short_residues, short_longest,
                                       params, thread_count(run.pool))) == Backend::Cuda;
    });
    if (!outcomes[placed.short_records.front()].ok()) placed.short_records.clear();
    return placed;
}

// The short records in the GPU's batch mode, in one call.
void fold_short_on_gpu(const std::vector<EncodedSequence>& sequences,
                       const std::vector<std::size_t>& records, const NussinovParams& params,
                       const RunOptions& run, std::vector<Outcome<NussinovResult>>& outcomes) {
    detail::capture_on_devices(
        records, sequences, run, outcomes,
        [&](const RunOptions& share_run, std::span<const std::size_t> share) {
            std::vector<std::span<const std::uint8_t>> batch;
            batch.reserve(share.size());
            for (std::size_t r : share) batch.emplace_back(sequences[r]);
            auto folded = detail::cuda::fold_nussinov_batch(batch, params, share_run.device);
            for (std::size_t b = 0; b < folded.size(); ++b)
                outcomes[share[b]].result = std::move(folded[b]);
        });
}

// The long records on the device, one at a time on each device of the run.
void fold_long_on_gpu(const std::vector<EncodedSequence>& sequences,
                      const std::vector<std::size_t>& records, const NussinovParams& params,
                      const RunOptions& run, std::vector<Outcome<NussinovResult>>& outcomes) {
    detail::capture_on_devices(
        records, sequences, run, outcomes,
        [&](const RunOptions& share_run, std::span<const std::size_t> share) {
            for (std::size_t r : share)
                outcomes[r] = capture_outcome<NussinovResult>([&] {
                    return detail::cuda::fold_nussinov_long(sequences[r], params, share_run.device);
                });
        });
}

// The short records on the CPU: one per thread, or one after another on the pool's threads.
void fold_short_on_cpu(const std::vector<EncodedSequence>& sequences,
                       const std::vector<std::size_t>& records, const NussinovParams& params,
                       const RunOptions& run, std::vector<Outcome<NussinovResult>>& outcomes) {
    auto fold = [&](std::size_t r, ThreadPool* pool) {
        outcomes[r] = capture_outcome<NussinovResult>(
            [&] { return detail::fold_nussinov_cpu(sequences[r], params, pool); });
    };
    if (thread_count(run.pool) > 1 && records.size() > 1)
        run.pool->parallel_for(0, records.size(),
                               [&](std::size_t b) { fold(records[b], nullptr); });
    else
        for (std::size_t r : records) fold(r, run.pool);
}

}  // namespace

NussinovResult fold_nussinov(std::span<const std::uint8_t> sequence, const NussinovParams& params,
                             const RunOptions& run) {
    validate(params);
    if (choose_backend(run, single_fold(sequence.size(), params)) == Backend::Cuda)
        return detail::cuda::fold_nussinov_long(sequence, params, run.device);
    return detail::fold_nussinov_cpu(sequence, params, run.pool, run.on_progress, 0);
}

std::vector<Outcome<NussinovResult>> fold_nussinov_many(
    const std::vector<EncodedSequence>& sequences, const NussinovParams& params,
    const RunOptions& run) {
    validate(params);
    std::vector<Outcome<NussinovResult>> outcomes(sequences.size());
    const Placement placed = place(sequences, params, run, outcomes);
    fold_long_on_gpu(sequences, placed.long_gpu, params, run, outcomes);
    for (std::size_t r : placed.long_cpu)
        outcomes[r] = capture_outcome<NussinovResult>([&] {
            return detail::fold_nussinov_cpu(sequences[r], params, run.pool, run.on_progress, r);
        });
    if (placed.short_on_gpu)
        fold_short_on_gpu(sequences, placed.short_records, params, run, outcomes);
    else
        fold_short_on_cpu(sequences, placed.short_records, params, run, outcomes);
    return outcomes;
}

}  // namespace tropic::rna
