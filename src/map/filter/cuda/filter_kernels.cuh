#pragma once
// The two filter stages for one candidate per thread, as tiled_bound.cpp and
// banded_edit_distance.cpp compute them (the same recurrences, cells and early stops, so that the
// outcomes agree bit for bit), reading the window's bases from the 2-bit packed reference.
#include <cstdint>

#include "map/filter/banded_edit_distance.hpp"
#include "map/filter/banded_window.hpp"
#include "map/filter/candidate_batch.hpp"
#include "map/filter/candidate_filter.hpp"
#include "map/filter/device_filter.hpp"
#include "map/filter/tiled_bound.hpp"

namespace tropic::map::detail::cuda {

inline constexpr int kTile = CandidateFilter::kTileLength;

// Base p of the reference, N read as A (as the packed array holds it).
__device__ inline std::uint32_t reference_base(const std::uint64_t* packed, std::uint32_t p) {
    return static_cast<std::uint32_t>(packed[p >> 5] >> (2 * (p & 31))) & 3u;
}

// The tiled bound of the read's first min(n / l, max_edits + 1) tiles (CandidateFilter's
// prefix), stopping above max_edits. V and f live in per-thread rows indexed by
// kTiledMaxShift + d - delta_low, padded on both sides as on the CPU.
__device__ inline int tiled_prefix_bound(const FlatCandidate& c, const std::uint8_t* read, int n,
                                         const std::uint64_t* packed, const std::uint8_t* table) {
    constexpr int kPadded = kDeviceMaxBand + 2 * kTiledMaxShift;
    const int width = c.delta_high - c.delta_low + 1;
    if (width <= 0) return kUnreachable;
    const int m = static_cast<int>(c.window_length);
    const int tiles = min(n / kTile, max(0, c.max_edits) + 1);
    const int padded = width + 2 * kTiledMaxShift;
    const int origin = kTiledMaxShift - c.delta_low;  // row index of diagonal 0
    std::int16_t rows[2][kPadded], cost[kPadded];
    std::int16_t* value = rows[0];
    std::int16_t* next = rows[1];
    RowDiagonals row = row_diagonals(m, c.delta_low, c.delta_high, 0);
    if (row.first >= row.end) return kUnreachable;
    for (int k = 0; k < padded; ++k) {
        value[k] = kTiledCapped;
        cost[k] = 0;
    }
    for (int d = row.first; d < row.end; ++d) value[origin + d] = 0;
    int best = 0;
    for (int t = 0; t < tiles; ++t) {
        const int a = t * kTile;
        std::uint32_t tile = 0;
        for (int k = 0; k < kTile; ++k) tile = (tile << 2) | (read[a + k] & 3u);
        const std::uint8_t* distances = table + (static_cast<std::size_t>(tile) << (2 * kTile));
        constexpr std::uint32_t kMask = (1u << (2 * kTile)) - 1;
        std::uint32_t lmer = 0;
        bool filled = false;
        for (int d = row.first; d < row.end; ++d) {
            const int j = a + d;
            if (j + kTile > m) {
                cost[origin + d] = 0;
                continue;
            }
            const std::uint32_t start = c.window_begin + static_cast<std::uint32_t>(j);
            if (!filled) {
                for (int k = 0; k < kTile; ++k)
                    lmer = (lmer << 2) | reference_base(packed, start + k);
                filled = true;
            } else {
                lmer = ((lmer << 2) | reference_base(packed, start + kTile - 1)) & kMask;
            }
            cost[origin + d] = distances[lmer];
        }
        const RowDiagonals next_row = row_diagonals(m, c.delta_low, c.delta_high, a + kTile);
        if (next_row.first >= next_row.end) return kUnreachable;
        for (int k = 0; k < padded; ++k) next[k] = kTiledCapped;
        const int far = min(best + kTiledMaxShift + 1, int{kTiledCapped});
        int next_best = kTiledCapped;
        for (int d = next_row.first; d < next_row.end; ++d) {
            int target = far;
            for (int shift = -kTiledMaxShift; shift <= kTiledMaxShift; ++shift) {
                const int length = shift < 0 ? -shift : shift;
                const int from = origin + d - shift;
                target = min(target, value[from] + max(cost[from] - length, length));
            }
            target = min(target, int{kTiledCapped});
            next[origin + d] = static_cast<std::int16_t>(target);
            next_best = min(next_best, target);
        }
        for (int d = row.first; d < row.end; ++d) cost[origin + d] = 0;
        std::int16_t* swap = value;
        value = next;
        next = swap;
        row = next_row;
        best = next_best;
        if (best > c.max_edits) return best;
    }
    return best;
}

// The first row >= i on diagonal d where read and window differ, or an end (a read N never
// matches; device windows hold no N).
__device__ inline int slide(const FlatCandidate& c, const std::uint8_t* read, int n,
                            const std::uint64_t* packed, int i, int d) {
    const int end = min(n, static_cast<int>(c.window_length) - d);
    while (i < end) {
        const std::uint32_t base = read[i];
        if (base == kNeverMatches ||
            base != reference_base(packed, c.window_begin + static_cast<std::uint32_t>(i + d)))
            break;
        ++i;
    }
    return i;
}

// banded_edit_distance's wavefront, fronts indexed 1 + d - delta_low.
__device__ inline int banded_distance(const FlatCandidate& c, const std::uint8_t* read, int n,
                                      const std::uint64_t* packed) {
    constexpr int kCells = kDeviceMaxBand + 2;
    const int m = static_cast<int>(c.window_length);
    const int width = c.delta_high - c.delta_low + 1;
    const RowDiagonals top = row_diagonals(m, c.delta_low, c.delta_high, 0);
    const RowDiagonals bottom = row_diagonals(m, c.delta_low, c.delta_high, n);
    if (width <= 0 || top.first >= top.end || bottom.first >= bottom.end) return kUnreachable;
    int fronts[2][kCells];
    int* previous = fronts[0];
    int* current = fronts[1];
    const int origin = 1 - c.delta_low;
    for (int k = 0; k < width + 2; ++k) previous[k] = current[k] = kWavefrontNotReached;
    for (int d = top.first; d < top.end; ++d) {
        current[origin + d] = slide(c, read, n, packed, 0, d);
        if (current[origin + d] == n) return 0;
    }
    const int first = max(c.delta_low, -n), end = min(c.delta_high, m) + 1;
    for (int s = 1; s <= c.max_edits; ++s) {
        int* swap = previous;
        previous = current;
        current = swap;
        for (int d = first; d < end; ++d) {
            const int same = previous[origin + d], below = previous[origin + d - 1];
            const int substitution = same + (same + d < m ? 1 : 0);
            const int insertion = previous[origin + d + 1] + 1;
            const int deletion = below + d <= m ? below : kWavefrontNotReached;
            const int row = max(substitution, max(insertion, deletion));
            if (row < 0 || row + d < 0) {
                current[origin + d] = kWavefrontNotReached;
                continue;
            }
            current[origin + d] = slide(c, read, n, packed, row, d);
            if (current[origin + d] == n) return s;
        }
    }
    return c.max_edits + 1;
}

}  // namespace tropic::map::detail::cuda
