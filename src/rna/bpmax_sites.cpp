// The best non-overlapping sites of a filled F (rule: bpmax.hpp), by scanning every box of the
// windowed domain once per site.
#include <tuple>

#include "rna/bpmax_tables.hpp"

namespace tropic::rna::bpmax {

namespace {

// True when a ranks before b: higher score, then smaller box, then smaller i1, i2, j1.
bool ranks_before(const SiteBox& a, const SiteBox& b) {
    const std::size_t size_a = (a.j1 - a.i1) + (a.j2 - a.i2),
                      size_b = (b.j1 - b.i1) + (b.j2 - b.i2);
    return std::make_tuple(-a.score, size_a, a.i1, a.i2, a.j1) <
           std::make_tuple(-b.score, size_b, b.i1, b.i2, b.j1);
}

bool overlaps(const SiteBox& a, const SiteBox& b) {
    return a.i1 <= b.j1 && b.i1 <= a.j1 && a.i2 <= b.j2 && b.i2 <= a.j2;
}

}  // namespace

template <typename Score>
std::vector<SiteBox> best_sites(const InteractionTables<Score>& f, std::size_t top) {
    std::vector<SiteBox> sites;
    const std::size_t n1 = f.length1, n2 = f.length2, w = f.width2;
    while (sites.size() < top) {
        bool found = false;
        SiteBox best{};
        for (std::size_t d1 = 0; d1 < f.window1; ++d1)
            for (std::size_t i1 = 0; i1 + d1 < n1; ++i1) {
                const Score* t = f.table(i1, i1 + d1);
                for (std::size_t i2 = 0; i2 < n2; ++i2)
                    for (std::size_t len = 1; len < w && i2 + len <= n2; ++len) {
                        const SiteBox box{t[i2 * w + len], i1, i1 + d1, i2, i2 + len - 1};
                        if (found && (box.score < best.score || !ranks_before(box, best))) continue;
                        bool free = true;
                        for (const SiteBox& s : sites) free = free && !overlaps(box, s);
                        if (!free) continue;
                        best = box;
                        found = true;
                    }
            }
        if (!found || (!sites.empty() && best.score <= 0)) break;
        sites.push_back(best);
    }
    return sites;
}

template std::vector<SiteBox> best_sites<std::int16_t>(const InteractionTables<std::int16_t>&,
                                                       std::size_t);
template std::vector<SiteBox> best_sites<std::int32_t>(const InteractionTables<std::int32_t>&,
                                                       std::size_t);

}  // namespace tropic::rna::bpmax
