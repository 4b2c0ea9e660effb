// The default score: the weighted share of published criteria a candidate meets, among those
// that its evidence lets us test (docs/mirscan-classifier.md lists each with its source).
#include <algorithm>

#include "mirna/classifier/published_thresholds.hpp"
#include "tropic/mirna/classifier.hpp"

namespace tropic::mirna {

namespace {

class WeightedCriteria {
  public:
    void add(bool met, double weight) {
        total_ += weight;
        if (met) met_ += weight;
    }
    [[nodiscard]] double share() const { return total_ > 0 ? met_ / total_ : 0.0; }

  private:
    double met_ = 0;
    double total_ = 0;
};

void add_structure(WeightedCriteria& criteria, const HairpinFeatures& hairpin) {
    criteria.add(hairpin.mfei >= detail::kScoreMinMfei, detail::kScoreMfeiWeight);
    criteria.add(hairpin.hairpin_loops == 1 && hairpin.length >= detail::kScoreMinLength,
                 detail::kScoreShapeWeight);
}

void add_reads(WeightedCriteria& criteria, const ReadEvidence& reads) {
    const std::uint32_t mature = std::max(reads.reads_5p_arm, reads.reads_3p_arm);
    criteria.add(mature > 0 && reads.homogeneity_5p >= detail::kScoreMinHomogeneity,
                 detail::kScoreHomogeneityWeight);
    criteria.add(reads.reads_5p_arm > 0 && reads.reads_3p_arm > 0, detail::kScoreStarWeight);
}

}  // namespace

double default_score(const CandidateFeatures& features) {
    WeightedCriteria criteria;
    add_structure(criteria, features.hairpin);
    if (features.significance)
        criteria.add(features.significance->pvalue <= detail::kScoreMaxPvalue,
                     detail::kScorePvalueWeight);
    if (features.reads) add_reads(criteria, *features.reads);
    return criteria.share();
}

}  // namespace tropic::mirna
