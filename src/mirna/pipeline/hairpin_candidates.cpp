#include "mirna/pipeline/hairpin_candidates.hpp"

#include <string_view>
#include <unordered_map>

#include "mirna/pipeline/fold_batch.hpp"
#include "tropic/core/thread_pool.hpp"
#include "tropic/mirna/hairpin.hpp"
#include "tropic/mirna/significance.hpp"

namespace tropic::mirna::detail {

double candidate_score(const CandidateFeatures& features, const MirscanParams& params) {
    return params.model ? params.model->predict(features) : default_score(features);
}

void characterize(std::vector<MirnaCandidate>& candidates, const rna::EnergyParams& energy,
                  const MirscanParams& params, const RunOptions& run) {
    std::vector<std::string> sequences(candidates.size());
    for (std::size_t i = 0; i < candidates.size(); ++i) sequences[i] = candidates[i].sequence;
    std::vector<rna::MfeResult> folds = fold_batch(sequences, energy, params.mfe, run);
    parallel_for(
        run.pool, 0, candidates.size(),
        [&](std::size_t i) {
            MirnaCandidate& c = candidates[i];
            c.structure = std::move(folds[i].structure);
            c.features.hairpin = hairpin_features(c.sequence, c.structure, folds[i].energy);
            c.features.significance.reset();
            c.features.reads.reset();
            c.passed_filter = passes(params.filter, c.features.hairpin);
            c.score = candidate_score(c.features, params);
        },
        256);
}

void add_significance(std::vector<MirnaCandidate>& candidates, const std::vector<bool>& needs,
                      const rna::EnergyParams& energy, const MirscanParams& params,
                      const RunOptions& run, std::uint64_t& shuffles_folded) {
    if (params.shuffles == 0) return;
    // One set of shuffles per distinct hairpin sequence (repeats recur across a genome).
    std::unordered_map<std::string_view, std::size_t> distinct_index;
    std::vector<std::size_t> owner;  // the candidate whose sequence each distinct one is
    std::vector<std::size_t> distinct_of(candidates.size(), 0);
    for (std::size_t i = 0; i < candidates.size(); ++i) {
        if (!needs[i]) continue;
        auto [it, inserted] = distinct_index.try_emplace(candidates[i].sequence, owner.size());
        if (inserted) owner.push_back(i);
        distinct_of[i] = it->second;
    }
    const std::size_t n = params.shuffles;
    std::vector<std::string> shuffled(owner.size() * n);
    parallel_for(
        run.pool, 0, shuffled.size(),
        [&](std::size_t k) {
            const std::string& hairpin = candidates[owner[k / n]].sequence;
            shuffled[k] = dinucleotide_shuffle(
                hairpin, shuffle_seed(params.seed, hairpin, static_cast<std::uint32_t>(k % n)));
        },
        256);
    std::vector<rna::MfeResult> folds = fold_batch(shuffled, energy, params.mfe, run);
    shuffles_folded += folds.size();
    std::vector<Significance> significance(owner.size());
    std::vector<int> energies(n);
    for (std::size_t d = 0; d < owner.size(); ++d) {
        for (std::size_t k = 0; k < n; ++k) energies[k] = folds[d * n + k].energy;
        significance[d] = shuffle_significance(candidates[owner[d]].features.hairpin.mfe, energies);
    }
    for (std::size_t i = 0; i < candidates.size(); ++i)
        if (needs[i]) candidates[i].features.significance = significance[distinct_of[i]];
}

}  // namespace tropic::mirna::detail
