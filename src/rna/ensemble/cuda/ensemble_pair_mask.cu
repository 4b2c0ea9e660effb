// Blocks by (rows, fold): a block's rows in turn, a row's cells on consecutive threads.
#include <algorithm>

#include "core/cuda/cuda_check.cuh"
#include "rna/ensemble/cuda/ensemble_pair_mask.cuh"
#include "rna/ensemble/ensemble_pair_rule.hpp"

namespace tropic::rna::detail::cuda {

namespace {

constexpr int kMaskBlock = 256;

__global__ void __launch_bounds__(kMaskBlock)
    pair_mask_kernel(const EnsembleDeviceFold* folds, const std::uint8_t* from_host,
                     std::uint8_t* masks, int max_bp_span, bool no_lonely_pairs) {
    if (from_host[blockIdx.y] != 0) return;
    const EnsembleModel& m = folds[blockIdx.y].model;
    const int n = m.n;
    std::uint8_t* mask = masks + (m.pair_ok - masks);  // the buffer is the chunk's, writable
    for (int i = int(blockIdx.x); i < n; i += int(gridDim.x)) {
        std::uint8_t* row = mask + std::size_t(i) * std::size_t(n);
        for (int j = int(threadIdx.x); j < n; j += kMaskBlock)
            row[j] =
                i < j && ensemble_pair_may_form(m.sequence, n, i, j, max_bp_span, no_lonely_pairs)
                    ? 1
                    : 0;
    }
}

}  // namespace

void launch_pair_mask(const EnsembleDeviceFold* folds, std::size_t count, int longest,
                      const std::uint8_t* from_host, std::uint8_t* masks, int max_bp_span,
                      bool no_lonely_pairs) {
    if (count == 0 || longest == 0) return;
    const dim3 blocks(unsigned(std::min(longest, 64)), unsigned(count));
    pair_mask_kernel<<<blocks, kMaskBlock>>>(folds, from_host, masks, max_bp_span, no_lonely_pairs);
    TROPIC_CUDA_CHECK_LAUNCH("pair_mask_kernel");
}

}  // namespace tropic::rna::detail::cuda
