// Where MFE folds run: every record placed through choose_backend before any is folded.
#include <fmt/format.h>

#include <algorithm>

#include "core/internal/backend_choice.hpp"
#include "rna/mfe/cuda/mfe_cuda.hpp"
#include "rna/mfe/mfe_cpu.hpp"
#include "rna/placement/record_placement.hpp"
#include "tropic/core/thread_pool.hpp"
#include "tropic/rna/mfe.hpp"

namespace tropic::rna {

namespace {
// On the CPU, records this long share all threads inside one fold rather than one thread each.
constexpr std::size_t kCpuLongLength = 2000;
// Auto: records this long go to the GPU when there is one (a CPU thread takes ~50 ms at 500 nt).
constexpr std::size_t kAutoCudaMinLength = 500;
// Auto: shorter records go to the GPU together once they hold this many bases (below that the
// CPU threads finish before a CUDA context is up).
constexpr std::size_t kAutoCudaMinBatchResidues = 200'000;

double fold_steps(std::size_t n) {
    const double x = static_cast<double>(n);
    return x * x * x / 6;
}

// Device memory a fold needs: its tables (the chooser's budget keeps the headroom back).
std::uint64_t device_need(std::size_t n, const MfeParams& mfe_params, bool constrained) {
    return detail::cuda::mfe_device_bytes(n, mfe_params, constrained);
}

std::string fold_name(std::size_t n) {
    return fmt::format("an MFE fold of {} nt", n);
}

// What helps a fold that does not fit: the longest that does.
std::function<std::string(const MemoryBudget&)> suggest_shorter(const MfeParams& mfe_params,
                                                                unsigned threads) {
    return [&mfe_params, threads](const MemoryBudget& budget) {
        if (budget.on_device())
            return fmt::format("the longest sequence that fits is about {} nt",
                               longest_that_fits(budget.bytes, [&mfe_params](std::size_t n) {
                                   return device_need(n, mfe_params, false);
                               }));
        return fmt::format("the longest sequence that fits is {} nt: fold a shorter window",
                           longest_that_fits(budget.bytes, [&mfe_params, threads](std::size_t n) {
                               return detail::mfe_cpu_bytes(n, mfe_params, threads);
                           }));
    };
}

// One record folded alone: the GPU (long mode past 1,024 nt) or all CPU threads.
WorkEstimate single_fold(std::size_t n, const MfeParams& mfe_params, bool constrained,
                         unsigned threads) {
    WorkEstimate work;
    work.what = fold_name(n);
    work.steps = fold_steps(n);
    work.auto_min_steps = fold_steps(kAutoCudaMinLength);
    work.host_bytes = detail::mfe_cpu_bytes(n, mfe_params, threads);
    work.device_bytes = device_need(n, mfe_params, constrained);
    work.suggest = suggest_shorter(mfe_params, threads);
    return work;
}

// The short records folded together: the GPU's batch mode (chunks sized to its free memory, so
// the longest record must fit) or one record per CPU thread.
WorkEstimate short_batch(std::size_t records, std::size_t residues, std::size_t longest,
                         const MfeParams& mfe_params, bool constrained, unsigned threads) {
    WorkEstimate work;
    work.what = fmt::format("a batch of {} MFE folds", records);
    work.steps = static_cast<double>(residues);
    work.auto_min_steps = static_cast<double>(kAutoCudaMinBatchResidues);
    work.host_bytes =
        std::min<std::size_t>(threads, records) * detail::mfe_cpu_bytes(longest, mfe_params, 1);
    work.device_bytes = device_need(longest, mfe_params, constrained);
    work.suggest = suggest_shorter(mfe_params, 1);
    return work;
}

}  // namespace

std::vector<MfeResult> fold_mfe_many(const std::vector<std::vector<std::uint8_t>>& sequences,
                                     const EnergyParams& params, const MfeParams& mfe_params,
                                     const RunOptions& run,
                                     const std::vector<StructureConstraint>* constraints) {
    auto constraint_of = [constraints](std::size_t r) {
        return constraints != nullptr ? &(*constraints)[r] : nullptr;
    };
    const unsigned threads = run.pool == nullptr ? 1 : run.pool->size();
    const bool constrained = constraints != nullptr;
    BackendChooser chooser(run);
    detail::PlacementRules rules;
    rules.alone_length = kAutoCudaMinLength;
    rules.cpu_long_length = kCpuLongLength;
    rules.single = [&](std::size_t n) { return single_fold(n, mfe_params, constrained, threads); };
    rules.batch = [&](std::size_t records, std::size_t residues, std::size_t longest) {
        return short_batch(records, residues, longest, mfe_params, constrained, threads);
    };
    const detail::RecordPlacement placed = place_records(sequences, chooser, rules);
    const auto& gpu = placed.gpu;
    const auto& cpu_long = placed.cpu_long;
    const auto& cpu_short = placed.cpu_short;

    std::vector<MfeResult> results(sequences.size());
    if (!gpu.empty()) {
        std::vector<detail::cuda::MfeJob> jobs;
        jobs.reserve(gpu.size());
        for (std::size_t r : gpu) jobs.push_back({sequences[r], constraint_of(r), r});
        auto folded =
            detail::cuda::fold_mfe_cuda(jobs, params, mfe_params, run.device, run.on_progress);
        for (std::size_t k = 0; k < jobs.size(); ++k)
            results[jobs[k].record] = std::move(folded[k]);
    }
    // Only records of kMfeProgressMinLength or more report.
    auto progress_of = [&](std::size_t n) {
        return n >= kMfeProgressMinLength ? run.on_progress : Progress();
    };
    for (std::size_t r : cpu_long)
        results[r] = detail::fold_mfe_cpu(sequences[r], params, mfe_params, constraint_of(r),
                                          run.pool, progress_of(sequences[r].size()), r);
    auto fold_short = [&](std::size_t k) {
        const std::size_t r = cpu_short[k];
        results[r] = detail::fold_mfe_cpu(sequences[r], params, mfe_params, constraint_of(r),
                                          nullptr, progress_of(sequences[r].size()), r);
    };
    parallel_for(run.pool, 0, cpu_short.size(), fold_short);
    return results;
}

MfeResult fold_mfe(std::span<const std::uint8_t> sequence, const EnergyParams& params,
                   const MfeParams& mfe_params, const RunOptions& run,
                   const StructureConstraint* constraint) {
    const std::vector<std::vector<std::uint8_t>> one{{sequence.begin(), sequence.end()}};
    if (constraint == nullptr) return fold_mfe_many(one, params, mfe_params, run).front();
    const std::vector<StructureConstraint> constraints{*constraint};
    return fold_mfe_many(one, params, mfe_params, run, &constraints).front();
}

}  // namespace tropic::rna
