#pragma once
// Segmentation of one sample's sI/NI calls along one reference sequence into runs of windows
// with a common level: cn.mops' own fast algorithm (segment()) or circular binary segmentation
// in the manner of DNAcopy (segAlgorithm "DNAcopy").
#include <cstddef>
#include <cstdint>
#include <span>
#include <vector>

#include "tropic/cnv/cnmops_params.hpp"

namespace tropic::cnv {

// A run of windows [first, last] (indices within the sequence, inclusive) and the mean and
// median of the values over it.
struct SegmentRange {
    std::size_t first = 0;
    std::size_t last = 0;
    double mean = 0;
    double median = 0;
    bool operator==(const SegmentRange&) const = default;
};

// cn.mops' segment(x, alpha, segMedianT = NULL, minSeg = minWidth, eps = quantile(|diff x|, .75),
// delta, maxInt, cyberWeight): exactly its rules (docs/cnv.md). The ranges cover x in order.
[[nodiscard]] std::vector<SegmentRange> segment_fast(std::span<const double> x,
                                                     const CnmopsParams& params);

// Circular binary segmentation (Olshen et al. 2004) with permutation p-values, as cn.mops runs
// DNAcopy::segment (alpha = params.cbs_alpha, nperm = params.cbs_permutations, min.width =
// min(params.min_width, 5)); `seed` fixes the permutations and the jitter cn.mops adds. The
// ranges cover x in order.
[[nodiscard]] std::vector<SegmentRange> segment_cbs(std::span<const double> x,
                                                    const CnmopsParams& params, std::uint64_t seed);

}  // namespace tropic::cnv
