#include "map/mapper/read_hits.hpp"

#include <algorithm>

#include "map/seed/seed_diagonals.hpp"
#include "tropic/core/dna_encoding.hpp"

namespace tropic::map::detail {

namespace {

// Two hits of one strand that start or end at the same reference base are one placement found
// from two windows (the better stays). Hits shifted against each other, as in a tandem repeat,
// are distinct placements: they make the read ambiguous.
bool same_placement(const StrandHit& a, const StrandHit& b) {
    return a.reverse == b.reverse && a.contig == b.contig &&
           (a.hit.reference_begin == b.hit.reference_begin ||
            a.hit.reference_end == b.hit.reference_end);
}

void keep_distinct(std::vector<StrandHit>& hits) {
    std::sort(hits.begin(), hits.end(), better_hit);
    std::vector<StrandHit> kept;
    for (StrandHit& hit : hits)
        if (std::none_of(kept.begin(), kept.end(),
                         [&](const StrandHit& k) { return same_placement(k, hit); }))
            kept.push_back(std::move(hit));
    hits = std::move(kept);
}

}  // namespace

EncodedRead::EncodedRead(const SequenceRecord& read)
    : forward(encode_dna(read.residues)), reverse(reverse_complement_dna(forward)) {}

bool better_hit(const StrandHit& a, const StrandHit& b) noexcept {
    if (a.hit.score != b.hit.score) return a.hit.score > b.hit.score;
    if (a.reverse != b.reverse) return !a.reverse;
    if (a.hit.reference_begin != b.hit.reference_begin)
        return a.hit.reference_begin < b.hit.reference_begin;
    return a.hit.reference_end < b.hit.reference_end;
}

HitFinder::HitFinder(const ReferenceIndex& index, const MapParams& params)
    : index_(index), params_(params) {}

void HitFinder::collect(std::span<const std::uint8_t> read, std::uint32_t slot,
                        std::vector<FlatCandidate>& out, HitCounts& counts) const {
    const auto length = static_cast<std::int64_t>(read.size());
    const int edits = max_edits(params_, static_cast<int>(length));
    std::vector<std::int64_t> diagonals;
    append_seed_diagonals(index_, read, diagonals);
    if (diagonals.empty()) return;
    const auto total = static_cast<std::int64_t>(index_.total_length());
    for (const DiagonalRange& range : merge_diagonals(diagonals, std::max(edits, 1))) {
        const std::int64_t middle = std::clamp<std::int64_t>(range.low + length / 2, 0, total - 1);
        const std::size_t contig = index_.contig_of(middle);
        const ReferenceContig& where = index_.contigs()[contig];
        const auto contig_begin = static_cast<std::int64_t>(where.start);
        const auto contig_end = contig_begin + static_cast<std::int64_t>(where.length);
        const std::int64_t begin = std::max(range.low - edits, contig_begin);
        const std::int64_t end = std::min(range.high + length + edits, contig_end);
        if (end - begin < length - edits) continue;  // no room for the read with its edits
        ++counts.candidates;
        out.push_back(FlatCandidate{slot, static_cast<std::uint32_t>(contig),
                                    static_cast<std::uint32_t>(begin),
                                    static_cast<std::uint32_t>(end - begin),
                                    static_cast<std::int32_t>(range.low - edits - begin),
                                    static_cast<std::int32_t>(range.high + edits - begin), edits});
    }
}

std::vector<StrandHit> HitFinder::extend(const CandidateBatch& batch,
                                         std::span<const FlatCandidate> candidates,
                                         std::span<const FilterOutcome> outcomes,
                                         HitCounts& counts) const {
    std::vector<StrandHit> hits;
    std::vector<std::uint8_t> window;
    for (std::size_t k = 0; k < candidates.size(); ++k) {
        counts.filters.add(outcomes[k]);
        if (outcomes[k] != FilterOutcome::Passed) continue;
        const FlatCandidate& c = candidates[k];
        ++counts.extended;
        index_.extract(c.window_begin, std::int64_t{c.window_begin} + c.window_length, window);
        // The filters' band with the edit budget to spare on each side (docs/map.md, "Extension").
        const DiagonalBand band{std::int64_t{c.delta_low} - c.max_edits,
                                std::int64_t{c.delta_high} + c.max_edits};
        auto hit = extend_read(batch.read(c.read), window, c.window_begin, params_.scoring, band);
        if (!hit || hit->score < params_.min_score) continue;
        hits.push_back(StrandHit{std::move(*hit), (c.read & 1) != 0, c.contig});
    }
    keep_distinct(hits);
    return hits;
}

std::optional<StrandHit> HitFinder::rescue(std::span<const std::uint8_t> oriented, bool reverse,
                                           std::size_t contig, std::int64_t begin, std::int64_t end,
                                           HitCounts& counts) const {
    const ReferenceContig& where = index_.contigs()[contig];
    const auto contig_begin = static_cast<std::int64_t>(where.start);
    begin = std::max(begin, contig_begin);
    end = std::min(end, contig_begin + static_cast<std::int64_t>(where.length));
    if (end - begin < static_cast<std::int64_t>(oriented.size()) / 2) return std::nullopt;
    std::vector<std::uint8_t> window;
    index_.extract(begin, end, window);
    ++counts.extended;
    auto hit = extend_read(oriented, window, begin, params_.scoring);
    if (!hit || hit->score < params_.min_score) return std::nullopt;
    return StrandHit{std::move(*hit), reverse, contig};
}

}  // namespace tropic::map::detail
