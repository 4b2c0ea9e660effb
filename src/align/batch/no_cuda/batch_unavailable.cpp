// A build without CUDA: the batched pair alignments throw; align_many only reaches them when the
// cuda backend was chosen, which such a build refuses first (choose_backend).
#include "align/batch/batch_cuda.hpp"
#include "tropic/core/error.hpp"

namespace tropic::align::detail::cuda {

std::vector<PairAlignment> align_pairs_cuda(std::span<const AlignPairInput>, const AlignParams&,
                                            int, ThreadPool*) {
    throw ResourceError("this build of tropic has no CUDA support");
}

}  // namespace tropic::align::detail::cuda
