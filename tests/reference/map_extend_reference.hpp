#pragma once
// Plain read extension for tests: the glocal Gotoh alignment of a read against its window over
// three whole matrices (recurrences, end cell and traceback tie rule of tropic/align/pairwise.hpp),
// then the clip rule of map/extend/end_clip.hpp tried on every pair of cut points, and NM and MD
// from the two aligned rows written out as text. Written for clarity, not speed.
#include <cstdint>
#include <optional>
#include <span>
#include <string>
#include <vector>

#include "map/extend/extend_read.hpp"
#include "tropic/map/map_params.hpp"

namespace tropic::test {

struct GlocalReference {
    std::int64_t score = 0;
    std::int64_t target_begin = 0, target_end = 0;
    std::string ops;  // one letter a column: M, I or D
    // The best H(m, j) with |j - end| >= 3 + the path's I and D columns that is at least
    // score - match (a shifted placement).
    std::optional<std::int64_t> shifted_score;
};

// The end-to-end (read) alignment with free window ends, N scoring -1 against anything.
GlocalReference glocal_reference(std::span<const std::uint8_t> read,
                                 std::span<const std::uint8_t> window,
                                 const map::MapScoring& scoring);

// extend_read, the plain way.
std::optional<map::detail::ReadHit> extend_reference(std::span<const std::uint8_t> read,
                                                     std::span<const std::uint8_t> window,
                                                     std::int64_t window_start,
                                                     const map::MapScoring& scoring);

// MD and NM from the CIGAR (M I D S) the plain way: the aligned read and reference rows as text,
// then one pass over them.
std::string md_reference(std::span<const std::uint8_t> read,
                         std::span<const std::uint8_t> reference,
                         std::span<const CigarElement> cigar);
std::int32_t nm_reference(std::span<const std::uint8_t> read,
                          std::span<const std::uint8_t> reference,
                          std::span<const CigarElement> cigar);

}  // namespace tropic::test
