#pragma once
// The parameters of read mapping (`tropic map`): how reads are scored against the reference and
// how many differences a hit may have. Defaults follow bwa mem's scoring (match 1, mismatch 4,
// gap open 6, gap extend 1, a gap of k bases costing open + k * extend; clipping penalty 5) so that
// AS and XS read alike in both tools' output.
#include <cstdint>

namespace tropic::map {

struct MapScoring {
    std::int32_t match = 1;
    std::int32_t mismatch = 4;  // subtracted; an N in the read or the reference scores -1
    std::int32_t gap_open = 6;
    std::int32_t gap_extend = 1;
    // Soft-clipping a read end costs this much: an end is clipped when the alignment without it
    // scores more than this above the end-to-end alignment.
    std::int32_t clip_penalty = 5;
    bool operator==(const MapScoring&) const = default;
};

struct MapParams {
    MapScoring scoring;
    // Largest number of edits (mismatches, inserted and deleted bases) a hit may have, as a
    // fraction of the read length, rounded up. The seeds and every filter are lossless for
    // hits within it (docs/map.md).
    double max_error_rate = 0.08;
    // Reads with an end-to-end alignment scoring below this are unmapped (bwa mem's -T).
    std::int32_t min_score = 30;
    // Longest read accepted.
    std::int32_t max_read_length = 1000;
    // Secondary records (flag 0x100, MAPQ 0) per read: its next distinct hits, best first, that
    // score at least kSecondaryScoreRatio of the primary's score. 0: primary records only.
    std::int32_t secondary = 0;
};

// A hit is reported as secondary when it scores at least this fraction of the primary hit.
inline constexpr double kSecondaryScoreRatio = 0.8;

// Throws InputError naming the bad value.
void validate(const MapParams& params);

// The edit budget of a read of `read_length` bases: ceil(max_error_rate * read_length).
[[nodiscard]] int max_edits(const MapParams& params, int read_length) noexcept;

}  // namespace tropic::map
