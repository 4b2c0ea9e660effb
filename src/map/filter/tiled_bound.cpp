#include "map/filter/tiled_bound.hpp"

#include <algorithm>
#include <cstdlib>

#include "map/filter/scratch_row.hpp"

namespace tropic::map::detail {
namespace {

// The packed l-mer of bases[0, l), an N looked up as A.
std::uint32_t pack(const std::uint8_t* bases, int l) {
    std::uint32_t code = 0;
    for (int k = 0; k < l; ++k) code = (code << 2) | (bases[k] & 3u);
    return code;
}

// f_t(d) for the diagonals d of row a (cost[d]): the tile's table distance to the window
// l-mer at a + d.
void tile_costs(const LmerDistanceTable& table, const BandedWindow& c, int a, RowDiagonals row,
                std::int16_t* cost) {
    const int l = table.l();
    const int m = static_cast<int>(c.window.size());
    const std::uint8_t* distances = table.row(pack(c.read.data() + a, l));
    const std::uint32_t mask = (1u << (2 * l)) - 1;
    std::uint32_t lmer = 0;
    int filled = 0;  // bases of the current window l-mer rolled in so far
    for (int d = row.first; d < row.end; ++d) {
        const int j = a + d;
        if (j + l > m) {
            cost[d] = 0;
            continue;
        }
        if (filled == 0) {
            lmer = pack(c.window.data() + j, l);
            filled = l;
        } else {
            lmer = ((lmer << 2) | (c.window[j + l - 1] & 3u)) & mask;
        }
        cost[d] = distances[lmer];
    }
}

}  // namespace

int tiled_bound(const LmerDistanceTable& table, const BandedWindow& c, int stop_above) {
    const int l = table.l();
    const int width = c.delta_high - c.delta_low + 1;
    if (width <= 0) return kUnreachable;
    // Rows of V and f indexed by k = kTiledMaxShift + d - delta_low, kTiledMaxShift cells of
    // padding on each side (V kTiledCapped, f 0) so that the shifts need no bounds checks; 16-bit
    // cells so that the passes below run 8 or 16 cells a vector instruction.
    const int padded = width + 2 * kTiledMaxShift;
    ScratchRow<std::int16_t> value_row(padded), next_row_values(padded), cost_row(padded);
    std::int16_t* value = value_row.data();
    std::int16_t* next = next_row_values.data();
    std::int16_t* cost = cost_row.data() + kTiledMaxShift - c.delta_low;  // cost[d]
    RowDiagonals row = row_diagonals(c, 0);
    if (row.first >= row.end) return kUnreachable;
    auto at = [&](std::int16_t* values, int d) {
        return values + kTiledMaxShift + d - c.delta_low;
    };
    std::fill(value, value + padded, kTiledCapped);
    std::fill(at(value, row.first), at(value, row.end), 0);
    std::fill(cost_row.data(), cost_row.data() + padded, 0);
    int best = 0;  // min of V_t
    const int tiles = static_cast<int>(c.read.size()) / l;
    for (int t = 0; t < tiles; ++t) {
        const int a = t * l;
        tile_costs(table, c, a, row, cost);
        const RowDiagonals next_row = row_diagonals(c, a + l);
        if (next_row.first >= next_row.end) return kUnreachable;
        // V_{t+1} over the next row; outside it V stays kTiledCapped.
        std::fill(next, next + padded, kTiledCapped);
        const int far = std::min(best + kTiledMaxShift + 1, int{kTiledCapped});  // longer shifts
        std::int16_t* target = at(next, next_row.first);
        const std::int16_t* from = at(value, next_row.first);
        const std::int16_t* f = &cost[next_row.first];
        const int count = next_row.end - next_row.first;
        for (int k = 0; k < count; ++k) target[k] = static_cast<std::int16_t>(far);
        for (int shift = -kTiledMaxShift; shift <= kTiledMaxShift; ++shift) {
            const std::int16_t length = static_cast<std::int16_t>(shift < 0 ? -shift : shift);
            const std::int16_t* source = from - shift;
            const std::int16_t* source_cost = f - shift;
            for (int k = 0; k < count; ++k) {
                const std::int16_t step = std::max<std::int16_t>(
                    static_cast<std::int16_t>(source_cost[k] - length), length);
                target[k] = std::min(target[k], static_cast<std::int16_t>(source[k] + step));
            }
        }
        for (int k = 0; k < count; ++k) target[k] = std::min(target[k], kTiledCapped);
        const int next_best = *std::min_element(target, target + count);
        // f outside the next tile's row stays 0: clear what this tile wrote there.
        std::fill(&cost[row.first], &cost[row.end], 0);
        std::swap(value, next);
        row = next_row;
        best = next_best;
        if (best > stop_above) return best;
    }
    return best;
}

}  // namespace tropic::map::detail
