#include "reference/search_reference.hpp"

#include <algorithm>

#include "tropic/core/dna_encoding.hpp"

namespace tropic::reference {

std::vector<std::vector<ReferenceHit>> search_reference(
    const std::vector<std::vector<std::uint8_t>>& queries,
    const std::vector<std::vector<std::uint8_t>>& targets, const align::SearchParams& params) {
    align::AlignParams align_params = params.align;
    align_params.score_only = false;
    const std::optional<align::KarlinAltschul> statistics =
        params.align.mode == align::AlignMode::Local ? align::karlin_altschul(params.align.scoring)
                                                     : std::nullopt;
    std::uint64_t residues = 0;
    for (const auto& target : targets) residues += target.size();
    std::vector<std::vector<ReferenceHit>> out;
    for (const auto& query : queries) {
        std::vector<std::vector<std::uint8_t>> strands{query};
        if (params.both_strands) strands.push_back(reverse_complement_dna(query));
        std::vector<ReferenceHit> hits;
        for (std::size_t s = 0; s < strands.size(); ++s)
            for (std::size_t t = 0; t < targets.size(); ++t)
                hits.push_back({t, s == 0 ? align::Strand::Plus : align::Strand::Minus,
                                align::align_pair(strands[s], targets[t], align_params)});
        std::stable_sort(
            hits.begin(), hits.end(), [](const ReferenceHit& a, const ReferenceHit& b) {
                if (a.alignment.score != b.alignment.score)
                    return a.alignment.score > b.alignment.score;
                if (a.ordinal != b.ordinal) return a.ordinal < b.ordinal;
                return a.strand == align::Strand::Plus && b.strand == align::Strand::Minus;
            });
        std::vector<ReferenceHit> kept;
        for (const ReferenceHit& hit : hits) {
            if (kept.size() == params.top) break;
            if (hit.alignment.score < align::minimum_hit_score(params)) continue;
            if (params.max_evalue && align::search_evalue(*statistics, hit.alignment.score,
                                                          static_cast<std::int64_t>(query.size()),
                                                          residues) > *params.max_evalue)
                continue;
            kept.push_back(hit);
        }
        out.push_back(std::move(kept));
    }
    return out;
}

}  // namespace tropic::reference
