#pragma once
// Full alignments of many short pairs at once on a CUDA device (the hits of a search, `tropic
// align` with many pairs). A plain C++ interface; builds without CUDA get a version that throws
// (no_cuda/).
//
// An alignment is align_pair's (pairwise.hpp: end cell by the tie rule, the same CIGAR),
// whichever lanes computed it.
#include <cstdint>
#include <span>
#include <vector>

#include "tropic/align/pairwise.hpp"

namespace tropic {
class ThreadPool;
}

namespace tropic::align::detail::cuda {

// The longest query or target align_pairs_cuda takes; longer pairs go to align_pair.
inline constexpr std::int64_t kBatchPairMaxLength = 65535;

// Full alignments of many pairs on `device` (params.score_only: scores and end cells only), in
// input order, each equal to align_pair's result for the pair apart from score_bits. Pairs are
// processed in groups that fit the device's free memory (m n direction bytes each); the host's
// part (packing the pairs, building the results) runs on `pool` when given. Throws ResourceError
// when one pair alone does not fit.
std::vector<PairAlignment> align_pairs_cuda(std::span<const AlignPairInput> pairs,
                                            const AlignParams& params, int device,
                                            ThreadPool* pool = nullptr);

}  // namespace tropic::align::detail::cuda
