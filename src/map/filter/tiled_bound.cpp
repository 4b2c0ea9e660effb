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

// f_t(d) for the diagonals of row a: the tile's table distance to the window l-mer at a + d.
void tile_costs(const LmerDistanceTable& table, const BandedWindow& c, int a, RowDiagonals row,
                int* cost) {
    const int l = table.l();
    const int m = static_cast<int>(c.window.size());
    const std::uint8_t* distances = table.row(pack(c.read.data() + a, l));
    const std::uint32_t mask = (1u << (2 * l)) - 1;
    std::uint32_t lmer = 0;
    int filled = 0;  // bases of the current window l-mer rolled in so far
    for (int d = row.first; d < row.end; ++d) {
        const int j = a + d;
        if (j + l > m) {
            cost[d - c.delta_low] = 0;
            continue;
        }
        if (filled == 0) {
            lmer = pack(c.window.data() + j, l);
            filled = l;
        } else {
            lmer = ((lmer << 2) | (c.window[j + l - 1] & 3u)) & mask;
        }
        cost[d - c.delta_low] = distances[lmer];
    }
}

}  // namespace

int tiled_bound(const LmerDistanceTable& table, const BandedWindow& c, int stop_above) {
    const int l = table.l();
    const int width = c.delta_high - c.delta_low + 1;
    if (width <= 0) return kUnreachable;
    ScratchRow value(width), next(width), cost(width);
    const int* v = value.data();
    RowDiagonals row = row_diagonals(c, 0);
    if (row.first >= row.end) return kUnreachable;
    std::fill(value.data(), value.data() + width, kUnreachable);
    std::fill(value.data() + (row.first - c.delta_low), value.data() + (row.end - c.delta_low), 0);
    int best = 0;
    const int tiles = static_cast<int>(c.read.size()) / l;
    for (int t = 0; t < tiles; ++t) {
        const int a = t * l;
        tile_costs(table, c, a, row, cost.data());
        const RowDiagonals next_row = row_diagonals(c, a + l);
        std::fill(next.data(), next.data() + width, kUnreachable);
        for (int d = row.first; d < row.end; ++d) {
            const int from = v[d - c.delta_low];
            if (from >= kUnreachable) continue;
            const int f = cost[d - c.delta_low];
            for (int e = next_row.first; e < next_row.end; ++e) {
                const int shift = std::abs(e - d);
                const int through = from + std::max(f - shift, shift);
                next[e - c.delta_low] = std::min(next[e - c.delta_low], through);
            }
        }
        std::copy(next.data(), next.data() + width, value.data());
        row = next_row;
        if (row.first >= row.end) return kUnreachable;
        best = *std::min_element(v + (row.first - c.delta_low), v + (row.end - c.delta_low));
        if (best > stop_above) return best;
    }
    return best;
}

}  // namespace tropic::map::detail
