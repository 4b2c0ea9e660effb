// Where MFE folds run: every record placed through choose_backend before any is folded.
#include <vector>

#include "rna/mfe/cuda/mfe_cuda.hpp"
#include "rna/mfe/mfe_cpu.hpp"
#include "rna/placement/fold_family.hpp"
#include "rna/placement/record_placement.hpp"
#include "tropic/core/thread_pool.hpp"
#include "tropic/rna/mfe.hpp"

namespace tropic::rna {

namespace {

// The MFE folds' costs: records of 500 nt or more go to the device alone (a CPU thread takes
// ~50 ms at 500 nt), shorter ones together from 200,000 bases on; the device's need is its
// tables.
detail::FoldFamily mfe_family(const MfeParams& mfe_params, bool constrained) {
    return {.one_fold = "an MFE fold",
            .many_folds = "MFE folds",
            .cpu_long_length = kMfeProgressMinLength,
            .auto_cuda_min_length = 500,
            .auto_cuda_min_batch_residues = 200'000,
            .steps_divisor = 6,
            .host_bytes =
                [&mfe_params](std::size_t n, unsigned threads) {
                    return detail::mfe_cpu_bytes(n, mfe_params, threads);
                },
            .device_bytes =
                [&mfe_params, constrained](std::size_t n) {
                    return detail::cuda::mfe_device_bytes(n, mfe_params, constrained);
                }};
}

}  // namespace

std::vector<MfeResult> fold_mfe_many(const std::vector<std::vector<std::uint8_t>>& sequences,
                                     const EnergyParams& params, const MfeParams& mfe_params,
                                     const RunOptions& run,
                                     const std::vector<StructureConstraint>* constraints) {
    auto constraint_of = [constraints](std::size_t r) {
        return constraints != nullptr ? &(*constraints)[r] : nullptr;
    };
    const detail::FoldFamily family = mfe_family(mfe_params, constraints != nullptr);
    BackendChooser chooser(run);
    const detail::RecordPlacement placed = detail::place_records(
        sequences, chooser, detail::placement_rules(family, thread_count(run.pool)));

    std::vector<MfeResult> results(sequences.size());
    if (!placed.gpu.empty()) {
        std::vector<detail::cuda::MfeJob> jobs;
        jobs.reserve(placed.gpu.size());
        for (std::size_t r : placed.gpu) jobs.push_back({sequences[r], constraint_of(r), r});
        auto folded =
            detail::cuda::fold_mfe_cuda(jobs, params, mfe_params, run.device, run.on_progress);
        for (std::size_t k = 0; k < jobs.size(); ++k)
            results[jobs[k].record] = std::move(folded[k]);
    }
    detail::fold_on_cpu(
        placed, run, [&](std::size_t r, ThreadPool* pool, const Progress& on_progress) {
            results[r] = detail::fold_mfe_cpu(sequences[r], params, mfe_params, constraint_of(r),
                                              pool, on_progress, r);
        });
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
