#include "map/mapper/pair_choice.hpp"

#include <algorithm>

#include "map/extend/extend_read.hpp"
#include "map/extend/mapping_quality.hpp"
#include "map/pair/insert_size.hpp"

namespace tropic::map::detail {

namespace {

constexpr int kUnpairedPenalty = 17;  // bwa mem's -U
constexpr int kPairMapqRaise = 40;    // a pair raises a read's own MAPQ by at most this
constexpr std::size_t kRescuedHits = 2;
constexpr std::size_t kPairingHits = 16;  // hits per read tried in pairings

bool proper(const StrandHit& a, const StrandHit& b, const InsertSizeModel& insert_size) {
    const auto span = forward_reverse_span(a, b);
    return span && *span >= insert_size.low && *span <= insert_size.high;
}

// Rescues the mate (`mate_forward`/`mate_reverse`) of each of the first kRescuedHits `hits`
// that has no proper partner among `mate_hits` yet.
void rescue_for(const HitFinder& finder, const InsertSizeModel& insert_size,
                const std::vector<StrandHit>& hits, std::span<const std::uint8_t> mate_forward,
                std::span<const std::uint8_t> mate_reverse, std::vector<StrandHit>& mate_hits,
                HitCounts& counts) {
    const std::size_t tried = std::min(hits.size(), kRescuedHits);
    for (std::size_t k = 0; k < tried; ++k) {
        const StrandHit& anchor = hits[k];
        if (std::any_of(mate_hits.begin(), mate_hits.end(),
                        [&](const StrandHit& m) { return proper(anchor, m, insert_size); }))
            continue;
        // The mate lies on the other strand, to the right of a forward anchor, to the left of a
        // reverse one, within the longest proper template.
        const std::int64_t begin = anchor.reverse ? anchor.hit.reference_end - insert_size.high
                                                  : anchor.hit.reference_begin;
        const std::int64_t end = anchor.reverse ? anchor.hit.reference_end
                                                : anchor.hit.reference_begin + insert_size.high;
        const bool mate_reverse_strand = !anchor.reverse;
        auto rescued = finder.rescue(mate_reverse_strand ? mate_reverse : mate_forward,
                                     mate_reverse_strand, anchor.contig, begin, end, counts);
        if (rescued && proper(anchor, *rescued, insert_size))
            mate_hits.push_back(std::move(*rescued));
    }
    std::sort(mate_hits.begin(), mate_hits.end(), better_hit);
}

}  // namespace

Placement place_hit(const std::vector<StrandHit>& hits, std::size_t chosen, int read_length,
                    const MapScoring& scoring) {
    const ReadHit& hit = hits[chosen].hit;
    int count = 0;
    std::optional<int> other;
    for (std::size_t k = 0; k < hits.size(); ++k) {
        if (hits[k].hit.score == hit.score) ++count;
        if (k != chosen && !other) other = hits[k].hit.score;
    }
    // A shifted placement in the same window is another hit that the window hid.
    if (hit.shifted_score) {
        if (*hit.shifted_score >= hit.score) ++count;
        if (!other || *hit.shifted_score > *other) other = *hit.shifted_score;
    }
    Placement placement{hits[chosen], 0, other, hit.shifted_score.has_value()};
    // A hit that pairing chose below the read's best has no confidence of its own.
    if (!(other && *other > hit.score))
        placement.mapq = mapping_quality(hit.score, other.value_or(0), count, read_length, scoring);
    return placement;
}

void rescue_mates(const HitFinder& finder, const InsertSizeModel& insert_size,
                  std::span<const std::uint8_t> first_forward,
                  std::span<const std::uint8_t> first_reverse,
                  std::span<const std::uint8_t> second_forward,
                  std::span<const std::uint8_t> second_reverse, std::vector<StrandHit>& first_hits,
                  std::vector<StrandHit>& second_hits, HitCounts& counts) {
    if (!insert_size.known()) return;
    const std::vector<StrandHit> first_before = first_hits;
    rescue_for(finder, insert_size, first_before, second_forward, second_reverse, second_hits,
               counts);
    rescue_for(finder, insert_size, second_hits, first_forward, first_reverse, first_hits, counts);
}

PairChoice choose_pair(const std::vector<StrandHit>& first_hits,
                       const std::vector<StrandHit>& second_hits,
                       const InsertSizeModel& insert_size, int first_length, int second_length,
                       const MapScoring& scoring) {
    PairChoice choice;
    if (first_hits.empty() && second_hits.empty()) return choice;
    if (first_hits.empty() || second_hits.empty() || !insert_size.known()) {
        if (!first_hits.empty()) choice.first = place_hit(first_hits, 0, first_length, scoring);
        if (!second_hits.empty()) choice.second = place_hit(second_hits, 0, second_length, scoring);
        return choice;
    }
    // The best proper pairing, the next best's score and how many tie with the best.
    std::optional<int> best, next;
    int best_count = 0;
    std::size_t best_first = 0, best_second = 0;
    const std::size_t first_tried = std::min(first_hits.size(), kPairingHits);
    const std::size_t second_tried = std::min(second_hits.size(), kPairingHits);
    for (std::size_t i = 0; i < first_tried; ++i)
        for (std::size_t j = 0; j < second_tried; ++j) {
            if (!proper(first_hits[i], second_hits[j], insert_size)) continue;
            const int score = first_hits[i].hit.score + second_hits[j].hit.score;
            if (!best || score > *best) {
                next = best;
                best = score;
                best_count = 1;
                best_first = i;
                best_second = j;
            } else {
                if (score == *best) ++best_count;
                if (!next || score > *next) next = score;
            }
        }
    const int apart = first_hits[0].hit.score + second_hits[0].hit.score - kUnpairedPenalty;
    if (!best || *best < apart) {
        choice.first = place_hit(first_hits, 0, first_length, scoring);
        choice.second = place_hit(second_hits, 0, second_length, scoring);
        return choice;
    }
    choice.proper = true;
    choice.first = place_hit(first_hits, best_first, first_length, scoring);
    choice.second = place_hit(second_hits, best_second, second_length, scoring);
    const int rival = std::max(next.value_or(0), apart);
    const int pair_mapq =
        mapping_quality(*best, rival, best_count, first_length + second_length, scoring);
    for (Placement* placement : {&*choice.first, &*choice.second})
        if (!placement->shifted)
            placement->mapq =
                std::max(placement->mapq, std::min(pair_mapq, placement->mapq + kPairMapqRaise));
    return choice;
}

}  // namespace tropic::map::detail
