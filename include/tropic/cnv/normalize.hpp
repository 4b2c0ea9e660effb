#pragma once
// cn.mops' normalizeChromosomes for one reference sequence (all samples diploid, as cn.mops
// calls it): every sample's counts are scaled by one factor per sequence so that the samples'
// size factors agree. normType "poisson" further divides by the mode of the windows'
// variance-to-mean ratio, so that counts behave as Poisson across samples (docs/cnv.md).
#include <cstddef>
#include <span>
#include <string>
#include <vector>

#include "tropic/cnv/cnmops_params.hpp"
#include "tropic/cnv/count_matrix.hpp"

namespace tropic {
class ThreadPool;
}

namespace tropic::cnv {

// Scales `sequence` (samples columns) into [w * samples + s]. `column_sums` are every sample's
// counts summed over the whole matrix, which cn.mops falls back to when a sequence gives no size
// factor. cn.mops' warnings (normalisation not applicable, global factors used) are appended to
// `warnings`. Throws InputError where cn.mops stops (a size factor of zero). Samples' size
// factors and windows' ratios are computed on `pool` when given.
[[nodiscard]] std::vector<double> normalize_sequence(const SequenceCounts& sequence,
                                                     std::size_t samples,
                                                     const CnmopsParams& params,
                                                     std::span<const double> column_sums,
                                                     std::vector<std::string>& warnings,
                                                     ThreadPool* pool = nullptr);

}  // namespace tropic::cnv
