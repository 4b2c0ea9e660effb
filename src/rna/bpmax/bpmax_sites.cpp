// The best non-overlapping sites of a filled F (rule: bpmax.hpp), by scanning every box of the
// windowed domain once per site; best_box also serves F computed block by block along r.
#include <algorithm>
#include <tuple>

#include "rna/bpmax/bpmax_tables.hpp"

namespace tropic::rna::detail {

bool overlaps(const SiteBox& a, const SiteBox& b) {
    return a.i1 <= b.j1 && b.i1 <= a.j1 && a.i2 <= b.j2 && b.i2 <= a.j2;
}

bool ranks_before(const SiteBox& a, const SiteBox& b) {
    const std::size_t size_a = (a.j1 - a.i1) + (a.j2 - a.i2),
                      size_b = (b.j1 - b.i1) + (b.j2 - b.i2);
    return std::make_tuple(-a.score, size_a, a.i1, a.i2, a.j1) <
           std::make_tuple(-b.score, size_b, b.i1, b.i2, b.j1);
}

template <typename Score>
std::optional<SiteBox> best_box(const InteractionTables<Score>& f, std::size_t r_offset,
                                std::size_t owned, const std::vector<SiteBox>& taken) {
    std::optional<SiteBox> best;
    const std::size_t n1 = f.length1, n2 = f.length2, w = f.width2;
    for (std::size_t d1 = 0; d1 < f.window1; ++d1)
        for (std::size_t i1 = 0; i1 + d1 < n1; ++i1) {
            const Score* t = f.table(i1, i1 + d1);
            for (std::size_t i2 = 0; i2 < std::min(owned, n2); ++i2)
                for (std::size_t len = 1; len < w && i2 + len <= n2; ++len) {
                    const SiteBox box{t[i2 * w + len], i1, i1 + d1, r_offset + i2,
                                      r_offset + i2 + len - 1};
                    if (best && (box.score < best->score || !ranks_before(box, *best))) continue;
                    bool free = true;
                    for (const SiteBox& s : taken) free = free && !overlaps(box, s);
                    if (free) best = box;
                }
        }
    return best;
}

template <typename Score>
std::vector<SiteBox> best_sites(const InteractionTables<Score>& f, std::size_t top) {
    std::vector<SiteBox> sites;
    while (sites.size() < top) {
        std::optional<SiteBox> best = best_box(f, 0, f.length2, sites);
        if (!best || (!sites.empty() && best->score <= 0)) break;
        sites.push_back(*best);
    }
    return sites;
}

#define TROPIC_INSTANTIATE(Score)                                                                 \
    template std::optional<SiteBox> best_box<Score>(const InteractionTables<Score>&, std::size_t, \
                                                    std::size_t, const std::vector<SiteBox>&);    \
    template std::vector<SiteBox> best_sites<Score>(const InteractionTables<Score>&, std::size_t);
TROPIC_INSTANTIATE(std::int16_t)
TROPIC_INSTANTIATE(std::int32_t)
#undef TROPIC_INSTANTIATE

}  // namespace tropic::rna::detail
