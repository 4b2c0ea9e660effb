// The one place where Nussinov folding chooses a backend.
#include <fmt/format.h>

#include "rna/cuda/nussinov_cuda.hpp"
#include "tropic/core/device.hpp"
#include "tropic/core/error.hpp"
#include "tropic/core/thread_pool.hpp"
#include "tropic/rna/nussinov.hpp"

namespace tropic::rna {

namespace {
// Below this length a GPU launch costs more than the CPU fold of a single sequence.
constexpr std::size_t kAutoCudaMinLength = 1500;
// Below this many residues in a batch the CPU finishes before a CUDA context is up.
constexpr std::size_t kAutoCudaMinBatchResidues = 2'000'000;

void require_device(int device) {
    if (!cuda_compiled())
        throw ResourceError("this tropic was built without CUDA support; use --backend cpu");
    if (device < 0 || device >= cuda_device_count())
        throw ResourceError(fmt::format("CUDA device {} is not available ({} device(s) found)",
                                        device, cuda_device_count()));
}
}  // namespace

Backend resolve_nussinov_backend(Backend requested, std::size_t total_residues, int device) {
    if (requested != Backend::Auto) return requested;
    bool has_device = cuda_compiled() && device >= 0 && device < cuda_device_count();
    return has_device && total_residues >= kAutoCudaMinLength ? Backend::Cuda : Backend::Cpu;
}

NussinovResult fold_nussinov(std::span<const std::uint8_t> sequence, const NussinovParams& params,
                             const NussinovOptions& options) {
    validate(params);
    Backend backend = resolve_nussinov_backend(options.backend, sequence.size(), options.device);
    if (backend == Backend::Cuda) {
        require_device(options.device);
        return cuda::fold_nussinov_long(sequence, params, options.device);
    }
    return fold_nussinov_cpu(sequence, params, options.pool);
}

std::vector<NussinovResult> fold_nussinov_many(const std::vector<EncodedSequence>& sequences,
                                               const NussinovParams& params,
                                               const NussinovOptions& options) {
    validate(params);
    std::size_t residues = 0;
    for (const auto& s : sequences) residues += s.size();
    Backend backend = options.backend;
    if (backend == Backend::Auto) {
        bool has_device =
            cuda_compiled() && options.device >= 0 && options.device < cuda_device_count();
        backend =
            has_device && residues >= kAutoCudaMinBatchResidues ? Backend::Cuda : Backend::Cpu;
    }
    std::vector<NussinovResult> results(sequences.size());
    if (backend == Backend::Cuda) {
        require_device(options.device);
        // Short sequences go to batch mode together; long ones to long mode one at a time.
        std::vector<EncodedSequence> batch;
        std::vector<std::size_t> batch_index;
        for (std::size_t r = 0; r < sequences.size(); ++r) {
            if (sequences[r].size() <= cuda::kBatchMaxLength) {
                batch.push_back(sequences[r]);
                batch_index.push_back(r);
            } else {
                results[r] = cuda::fold_nussinov_long(sequences[r], params, options.device);
            }
        }
        if (!batch.empty()) {
            auto folded = cuda::fold_nussinov_batch(batch, params, options.device);
            for (std::size_t b = 0; b < folded.size(); ++b)
                results[batch_index[b]] = std::move(folded[b]);
        }
        return results;
    }
    // CPU: many sequences run one per thread; a single long one uses the threads inside.
    ThreadPool* pool = options.pool;
    if (pool && pool->size() > 1 && sequences.size() > 1) {
        pool->parallel_for(0, sequences.size(), [&](std::size_t r) {
            results[r] = fold_nussinov_cpu(sequences[r], params, nullptr);
        });
    } else {
        for (std::size_t r = 0; r < sequences.size(); ++r)
            results[r] = fold_nussinov_cpu(sequences[r], params, pool);
    }
    return results;
}

}  // namespace tropic::rna
