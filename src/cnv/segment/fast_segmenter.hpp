#pragma once
// cn.mops' fast segmentation in three steps, so that the costly one (scoring candidate
// breakpoints, each an independent run of t tests) can be split over threads within one long
// sequence: construct, score_range over any partition of [0, positions()), then finish().
#include <cstddef>
#include <span>
#include <vector>

#include "tropic/cnv/cnmops_params.hpp"
#include "tropic/cnv/segmentation.hpp"

namespace tropic::cnv::detail {

class FastSegmenter {
  public:
    struct Run {
        std::size_t first, last;  // inclusive
    };

    FastSegmenter(std::span<const double> values, const CnmopsParams& params);
    std::size_t positions() const noexcept { return x_.size(); }
    // Scores the candidate breakpoints in [begin, end); ranges may run on different threads.
    void score_range(std::size_t begin, std::size_t end);
    // Once every position is scored: the segments.
    std::vector<SegmentRange> finish();
    // The scores so far (before the local-maximum filter), for tests.
    const std::vector<double>& scores() const noexcept { return score_; }

  private:
    std::vector<double> x_;
    CnmopsParams params_;
    int min_seg_ = 2, max_int_ = 7;
    double cyber_weight_ = 50, eps_ = 0, variance_ = 0;
    std::vector<double> sums_, squares_, score_;
};

}  // namespace tropic::cnv::detail
