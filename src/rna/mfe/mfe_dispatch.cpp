// The one place where MFE folding chooses a backend for each record.
#include <algorithm>

#include "rna/mfe/cuda/mfe_cuda.hpp"
#include "tropic/core/device.hpp"
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

MfeProgress record_progress(const ManyMfeProgress& on_progress, std::size_t record,
                            std::size_t length) {
    if (!on_progress || length < kMfeProgressMinLength) return {};
    return [&on_progress, record](double fraction) { on_progress(record, fraction); };
}
}  // namespace

std::vector<MfeResult> fold_mfe_many(const std::vector<std::vector<std::uint8_t>>& sequences,
                                     const EnergyParams& params, const MfeOptions& options,
                                     const MfeRun& run,
                                     const std::vector<StructureConstraint>* constraints) {
    auto constraint_of = [constraints](std::size_t r) {
        return constraints != nullptr ? &(*constraints)[r] : nullptr;
    };
    if (run.backend == Backend::Cuda) require_cuda_device(run.device);
    const bool has_device = run.backend != Backend::Cpu && cuda_compiled() && run.device >= 0 &&
                            run.device < cuda_device_count();
    std::size_t short_residues = 0;
    for (const auto& sequence : sequences)
        if (sequence.size() < kAutoCudaMinLength) short_residues += sequence.size();
    const bool short_on_gpu =
        run.backend == Backend::Cuda || (has_device && short_residues >= kAutoCudaMinBatchResidues);

    // Auto leaves to the CPU a record whose tables the device cannot hold.
    std::uint64_t device_free = 0;
    if (has_device)
        if (const auto info = query_device(run.device)) device_free = info->free_memory / 10 * 9;
    auto fits_device = [&](std::size_t n) {
        return run.backend == Backend::Cuda || cuda::mfe_device_bytes(n, options) <= device_free;
    };

    std::vector<cuda::MfeJob> gpu_jobs;
    std::vector<std::size_t> cpu_long, cpu_short;
    for (std::size_t r = 0; r < sequences.size(); ++r) {
        const std::size_t n = sequences[r].size();
        const bool on_gpu = n >= kAutoCudaMinLength ? has_device && fits_device(n) : short_on_gpu;
        if (on_gpu)
            gpu_jobs.push_back({sequences[r], constraint_of(r), r});
        else
            (n >= kCpuLongLength ? cpu_long : cpu_short).push_back(r);
    }

    std::vector<MfeResult> results(sequences.size());
    if (!gpu_jobs.empty()) {
        auto folded = cuda::fold_mfe_cuda(gpu_jobs, params, options, run.device, run.on_progress);
        for (std::size_t k = 0; k < gpu_jobs.size(); ++k)
            results[gpu_jobs[k].record] = std::move(folded[k]);
    }
    for (std::size_t r : cpu_long)
        results[r] = fold_mfe(sequences[r], params, options, constraint_of(r),
                              record_progress(run.on_progress, r, sequences[r].size()), run.pool);
    auto fold_short = [&](std::size_t k) {
        const std::size_t r = cpu_short[k];
        results[r] = fold_mfe(sequences[r], params, options, constraint_of(r),
                              record_progress(run.on_progress, r, sequences[r].size()));
    };
    if (run.pool != nullptr && cpu_short.size() > 1)
        run.pool->parallel_for(0, cpu_short.size(), fold_short, 1);
    else
        for (std::size_t k = 0; k < cpu_short.size(); ++k) fold_short(k);
    return results;
}

}  // namespace tropic::rna
