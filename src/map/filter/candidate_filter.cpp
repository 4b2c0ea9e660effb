#include "map/filter/candidate_filter.hpp"

#include "map/filter/banded_edit_distance.hpp"
#include "map/filter/nucleotide_count_bound.hpp"
#include "map/filter/tiled_bound.hpp"

namespace tropic::map::detail {

CandidateFilter::CandidateFilter() : table_(kTileLength) {}

bool CandidateFilter::passes(const BandedWindow& candidate, int max_edits,
                             FilterCounts& counts) const {
    ++counts.tested;
    if (nucleotide_count_bound(candidate) > max_edits) {
        ++counts.rejected_count;
        return false;
    }
    if (tiled_bound(table_, candidate, max_edits) > max_edits) {
        ++counts.rejected_tiled;
        return false;
    }
    if (banded_edit_distance(candidate, max_edits) > max_edits) {
        ++counts.rejected_exact;
        return false;
    }
    return true;
}

}  // namespace tropic::map::detail
