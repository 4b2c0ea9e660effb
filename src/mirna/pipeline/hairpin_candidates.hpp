#pragma once
// Hairpin sequences folded alone and characterised: features, the filter, the score so far.
#include <string>
#include <vector>

#include "tropic/mirna/mirscan.hpp"

namespace tropic::mirna::detail {

// Folds every candidate's `sequence` (one batch) and fills its structure, features
// (significance and reads left empty), passed_filter and score.
void characterize(std::vector<MirnaCandidate>& candidates, const rna::EnergyParams& energy,
                  const MirscanParams& params, const RunOptions& run);

// The score from what the candidate's features hold: the model's, or default_score.
[[nodiscard]] double candidate_score(const CandidateFeatures& features,
                                     const MirscanParams& params);

// Folds params.shuffles dinucleotide shuffles of each candidate with `needs[i]` (identical
// hairpin sequences shuffled and folded once) and sets its significance.
void add_significance(std::vector<MirnaCandidate>& candidates, const std::vector<bool>& needs,
                      const rna::EnergyParams& energy, const MirscanParams& params,
                      const RunOptions& run, std::uint64_t& shuffles_folded);

}  // namespace tropic::mirna::detail
