#pragma once
// Plain reference circular binary segmentation, used only by tests: the rules of
// cnv/segment/cbs_detail.hpp (statistic, allowed arcs, seeded jitter and permutations, hybrid
// tail, decision) with the exhaustive O(n^2) arc search, every permutation's maximum computed in
// full over all nperm permutations, and plain recursion.
#include <cstddef>
#include <cstdint>
#include <span>
#include <vector>

#include "cnv/segment/cbs_detail.hpp"
#include "tropic/cnv/cnmops_params.hpp"
#include "tropic/cnv/segmentation.hpp"

namespace tropic::reference {

// The best allowed arc over all (i, j), by detail::arc_better.
cnv::detail::Arc cbs_reference_best_arc(std::span<const double> c, std::size_t min_width);

// The number of the nperm permutations of the segment y (at `first`) whose maximal statistic
// (over the short arcs when hybrid) reaches `observed`.
std::int64_t cbs_reference_exceedances(std::span<const double> y, std::size_t first,
                                       const cnv::detail::CbsConfig& config, bool hybrid,
                                       double observed, std::uint64_t seed);

std::vector<cnv::SegmentRange> cbs_reference(std::span<const double> x,
                                             const cnv::CnmopsParams& params, std::uint64_t seed);

}  // namespace tropic::reference
