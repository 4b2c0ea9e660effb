// The feature filter that decides which hairpins are shuffled (docs/mirscan-classifier.md).
#include "mirna/classifier/published_thresholds.hpp"
#include "tropic/mirna/classifier.hpp"

namespace tropic::mirna {

FeatureFilter default_feature_filter() {
    FeatureFilter filter;
    filter.min_mfei = detail::kFilterMinMfei;
    filter.max_amfe = detail::kFilterMaxAmfe;
    filter.min_base_pairs = detail::kFilterMinBasePairs;
    filter.max_hairpin_loops = detail::kFilterMaxHairpinLoops;
    return filter;
}

bool passes(const FeatureFilter& filter, const HairpinFeatures& hairpin) {
    return hairpin.mfei >= filter.min_mfei && hairpin.amfe <= filter.max_amfe &&
           hairpin.base_pairs >= filter.min_base_pairs && hairpin.hairpin_loops >= 1 &&
           hairpin.hairpin_loops <= filter.max_hairpin_loops;
}

}  // namespace tropic::mirna
