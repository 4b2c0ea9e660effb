#pragma once
// How the reads of a pair are placed together: mates rescued next to each other's hits, then the
// best proper pairing against the best placements apart (docs/map.md, "Pairs").
#include <optional>
#include <span>
#include <vector>

#include "map/mapper/read_hits.hpp"
#include "map/record/map_records.hpp"
#include "tropic/map/mapper.hpp"

namespace tropic::map::detail {

struct PairChoice {
    std::optional<Placement> first, second;
    bool proper = false;
};

// The placement of hits[chosen] among a read's hits (best first): its MAPQ from the best other
// hit (XS) and the hits that tie with it; a hit chosen below the read's best (by pairing) has MAPQ
// 0 of its own.
[[nodiscard]] Placement place_hit(const std::vector<StrandHit>& hits, std::size_t chosen,
                                  int read_length, const MapScoring& scoring);

// `first_hits` and `second_hits` (best first) gain the mates rescued within the insert-size
// window of each read's best hits; `first` and `second` are the reads as sequenced and their
// reverse complements.
void rescue_mates(const HitFinder& finder, const InsertSizeModel& insert_size,
                  std::span<const std::uint8_t> first_forward,
                  std::span<const std::uint8_t> first_reverse,
                  std::span<const std::uint8_t> second_forward,
                  std::span<const std::uint8_t> second_reverse, std::vector<StrandHit>& first_hits,
                  std::vector<StrandHit>& second_hits, HitCounts& counts);

// The placements of both reads and whether they form a proper pair.
[[nodiscard]] PairChoice choose_pair(const std::vector<StrandHit>& first_hits,
                                     const std::vector<StrandHit>& second_hits,
                                     const InsertSizeModel& insert_size, int first_length,
                                     int second_length, const MapScoring& scoring);

}  // namespace tropic::map::detail
