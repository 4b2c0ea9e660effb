// Where MFE folds run: every record placed through choose_backend before any is folded.
#include "rna/mfe/mfe_dispatch.hpp"

#include <span>
#include <vector>

#include "rna/mfe/cuda/mfe_cuda.hpp"
#include "rna/mfe/mfe_cpu.hpp"
#include "rna/placement/device_records.hpp"
#include "rna/placement/fold_family.hpp"
#include "tropic/core/thread_pool.hpp"
#include "tropic/rna/mfe.hpp"

namespace tropic::rna {

namespace detail {

namespace {

// The MFE folds' costs: records of 500 nt or more go to the device alone (a CPU thread takes
// ~50 ms at 500 nt), shorter ones together from 200,000 bases on; the device's need is its
// tables.
FoldFamily mfe_family(const MfeParams& mfe_params, bool constrained) {
    return {.one_fold = "an MFE fold",
            .many_folds = "MFE folds",
            .cpu_long_length = kMfeProgressMinLength,
            .auto_cuda_min_length = 500,
            .auto_cuda_min_batch_residues = 200'000,
            .steps_divisor = 6,
            .host_bytes = [&mfe_params](
                              std::size_t n,
                              unsigned threads) { return mfe_cpu_bytes(n, mfe_params, threads); },
            .device_bytes =
                [&mfe_params, constrained](std::size_t n) {
                    return cuda::mfe_device_bytes(n, mfe_params, constrained);
                }};
}

}  // namespace

void fold_open_mfe_records(const std::vector<std::vector<std::uint8_t>>& sequences,
                           const EnergyParams& params, const MfeParams& mfe_params,
                           const RunOptions& run,
                           const std::vector<StructureConstraint>* constraints,
                           std::vector<Outcome<MfeResult>>& outcomes) {
    auto constraint_of = [constraints](std::size_t r) {
        return constraints != nullptr ? &(*constraints)[r] : nullptr;
    };
    const FoldFamily family = mfe_family(mfe_params, constraints != nullptr);
    const RecordPlacement placed = place_folds(sequences, family, run, outcomes);
    capture_on_devices(placed.gpu, sequences, run, outcomes,
                       [&](const RunOptions& share_run, std::span<const std::size_t> share) {
                           if (share.empty()) return;
                           std::vector<cuda::MfeJob> jobs;
                           jobs.reserve(share.size());
                           for (std::size_t r : share)
                               jobs.push_back({sequences[r], constraint_of(r), r});
                           auto folded = cuda::fold_mfe_cuda(
                               jobs, params, mfe_params, share_run.device, share_run.on_progress);
                           for (std::size_t k = 0; k < jobs.size(); ++k)
                               outcomes[jobs[k].record].result = std::move(folded[k]);
                       });
    fold_on_cpu(placed, run, outcomes,
                [&](std::size_t r, ThreadPool* pool, const Progress& on_progress) {
                    return fold_mfe_cpu(sequences[r], params, mfe_params, constraint_of(r), pool,
                                        on_progress, r);
                });
}

}  // namespace detail

std::vector<Outcome<MfeResult>> fold_mfe_many(
    const std::vector<std::vector<std::uint8_t>>& sequences, const EnergyParams& params,
    const MfeParams& mfe_params, const RunOptions& run,
    const std::vector<StructureConstraint>* constraints) {
    std::vector<Outcome<MfeResult>> outcomes(sequences.size());
    detail::fold_open_mfe_records(sequences, params, mfe_params, run, constraints, outcomes);
    return outcomes;
}

MfeResult fold_mfe(std::span<const std::uint8_t> sequence, const EnergyParams& params,
                   const MfeParams& mfe_params, const RunOptions& run,
                   const StructureConstraint* constraint) {
    const std::vector<std::vector<std::uint8_t>> one{{sequence.begin(), sequence.end()}};
    const std::vector<StructureConstraint> constraints =
        constraint == nullptr ? std::vector<StructureConstraint>{}
                              : std::vector<StructureConstraint>{*constraint};
    Outcome<MfeResult> outcome =
        fold_mfe_many(one, params, mfe_params, run, constraint == nullptr ? nullptr : &constraints)
            .front();
    outcome.rethrow_error();
    return std::move(outcome.result);
}

}  // namespace tropic::rna
