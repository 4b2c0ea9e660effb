// The one place where Nussinov folding chooses a backend.
#include <fmt/format.h>

#include "rna/nussinov/cuda/nussinov_cuda.hpp"
#include "tropic/core/device.hpp"
#include "tropic/core/error.hpp"
#include "tropic/core/thread_pool.hpp"
#include "tropic/rna/nussinov.hpp"

namespace tropic::rna {

namespace {
// Records longer than the GPU batch mode takes go to its long mode when a device exists (at
// 1,025 nt the GPU takes a few ms, a CPU thread about 25 ms).
constexpr std::size_t kAutoCudaMinLength = cuda::kBatchMaxLength + 1;
// Below this many residues in a batch the CPU finishes before a CUDA context is up.
constexpr std::size_t kAutoCudaMinBatchResidues = 2'000'000;
// On the CPU, records this long use all threads inside one fold rather than one thread each.
constexpr std::size_t kCpuLongLength = 2000;

// The engine's per-fold progress for record `record` of the batch; empty when nobody listens.
FoldProgress record_progress(const NussinovOptions& options, std::size_t record) {
    if (!options.on_progress) return {};
    return [&on_progress = options.on_progress, record](double fraction) {
        on_progress(record, fraction);
    };
}

Backend resolve_single(Backend requested, std::size_t total_residues, int device) {
    if (requested != Backend::Auto) return requested;
    bool has_device = cuda_compiled() && device >= 0 && device < cuda_device_count();
    return has_device && total_residues >= kAutoCudaMinLength ? Backend::Cuda : Backend::Cpu;
}
}  // namespace

NussinovResult fold_nussinov(std::span<const std::uint8_t> sequence, const NussinovParams& params,
                             const NussinovOptions& options) {
    validate(params);
    Backend backend = resolve_single(options.backend, sequence.size(), options.device);
    if (backend == Backend::Cuda) {
        require_cuda_device(options.device);
        return cuda::fold_nussinov_long(sequence, params, options.device);
    }
    return fold_nussinov_cpu(sequence, params, options.pool, record_progress(options, 0));
}

std::vector<NussinovResult> fold_nussinov_many(const std::vector<EncodedSequence>& sequences,
                                               const NussinovParams& params,
                                               const NussinovOptions& options) {
    validate(params);
    const bool has_device =
        cuda_compiled() && options.device >= 0 && options.device < cuda_device_count();
    if (options.backend == Backend::Cuda) require_cuda_device(options.device);
    // Which records go where: long ones one at a time (GPU long mode or all CPU threads), short
    // ones together (GPU batch mode or one record per CPU thread).
    std::vector<std::size_t> long_gpu, long_cpu, short_records;
    std::size_t short_residues = 0;
    for (std::size_t r = 0; r < sequences.size(); ++r) {
        const std::size_t n = sequences[r].size();
        const bool gpu_long = options.backend == Backend::Cuda ? n > cuda::kBatchMaxLength
                              : options.backend == Backend::Auto
                                  ? has_device && n >= kAutoCudaMinLength
                                  : false;
        if (gpu_long) {
            long_gpu.push_back(r);
        } else if (n >= kCpuLongLength && options.backend != Backend::Cuda) {
            long_cpu.push_back(r);
        } else {
            short_records.push_back(r);
            short_residues += n;
        }
    }
    const bool short_on_gpu =
        options.backend == Backend::Cuda || (options.backend == Backend::Auto && has_device &&
                                             short_residues >= kAutoCudaMinBatchResidues);

    std::vector<NussinovResult> results(sequences.size());
    for (std::size_t r : long_gpu)
        results[r] = cuda::fold_nussinov_long(sequences[r], params, options.device);
    for (std::size_t r : long_cpu)
        results[r] =
            fold_nussinov_cpu(sequences[r], params, options.pool, record_progress(options, r));
    if (short_records.empty()) return results;
    if (short_on_gpu) {
        std::vector<std::span<const std::uint8_t>> batch;
        batch.reserve(short_records.size());
        for (std::size_t r : short_records) batch.emplace_back(sequences[r]);
        auto folded = cuda::fold_nussinov_batch(batch, params, options.device);
        for (std::size_t b = 0; b < folded.size(); ++b)
            results[short_records[b]] = std::move(folded[b]);
    } else if (options.pool && options.pool->size() > 1 && short_records.size() > 1) {
        options.pool->parallel_for(0, short_records.size(), [&](std::size_t b) {
            std::size_t r = short_records[b];
            results[r] = fold_nussinov_cpu(sequences[r], params, nullptr);
        });
    } else {
        for (std::size_t r : short_records)
            results[r] = fold_nussinov_cpu(sequences[r], params, options.pool);
    }
    return results;
}

}  // namespace tropic::rna
