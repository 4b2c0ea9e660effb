#include "bpmax_reference.hpp"

#include <algorithm>
#include <string>
#include <tuple>

namespace tropic::reference {

namespace {

int pair_weight(std::uint8_t a, std::uint8_t b, const rna::BpmaxWeights& weights) {
    const char letters[] = "ACGUN";
    if (a > 4 || b > 4) return 0;
    std::string pair{letters[a], letters[b]};
    if (pair == "AU" || pair == "UA") return weights.au;
    if (pair == "GC" || pair == "CG") return weights.gc;
    if (pair == "GU" || pair == "UG") return weights.gu;
    return 0;
}

// Weighted Nussinov of a strand, full n x n, S(i,j) = 0 for j - i <= 3.
std::vector<std::int32_t> nussinov(const std::vector<std::uint8_t>& s,
                                   const rna::BpmaxWeights& weights) {
    const std::size_t n = s.size();
    std::vector<std::int32_t> t(n * n, 0);
    for (std::size_t d = 4; d < n; ++d)
        for (std::size_t i = 0; i + d < n; ++i) {
            std::size_t j = i + d;
            std::int32_t best = t[(i + 1) * n + j - 1] + pair_weight(s[i], s[j], weights);
            for (std::size_t k = i; k < j; ++k)
                best = std::max(best, t[i * n + k] + t[(k + 1) * n + j]);
            t[i * n + j] = best;
        }
    return t;
}

}  // namespace

BpmaxTable bpmax_reference_table(std::span<const std::uint8_t> s1, std::span<const std::uint8_t> s2,
                                 const rna::BpmaxWeights& weights) {
    const std::size_t n1 = s1.size(), n2 = s2.size();
    std::vector<std::uint8_t> a(s1.begin(), s1.end()), r(s2.rbegin(), s2.rend());
    const std::vector<std::int32_t> S1 = nussinov(a, weights), S2 = nussinov(r, weights);
    BpmaxTable table;
    table.n1 = n1;
    table.n2 = n2;
    table.cells.assign(n1 * n1 * n2 * n2, 0);
    auto F = [&](std::size_t i1, std::size_t j1, std::size_t i2, std::size_t j2) -> std::int32_t& {
        return table.cells[((i1 * n1 + j1) * n2 + i2) * n2 + j2];
    };
    // Every term reads a box with a shorter s1 interval, or the same one and a shorter r interval.
    for (std::size_t d1 = 0; d1 < n1; ++d1)
        for (std::size_t i1 = 0; i1 + d1 < n1; ++i1) {
            const std::size_t j1 = i1 + d1;
            for (std::size_t d2 = 0; d2 < n2; ++d2)
                for (std::size_t i2 = 0; i2 + d2 < n2; ++i2) {
                    const std::size_t j2 = i2 + d2;
                    if (d1 == 0 && d2 == 0) {
                        F(i1, j1, i2, j2) = pair_weight(a[i1], r[i2], weights);
                        continue;
                    }
                    std::int32_t best = std::max(0, S1[i1 * n1 + j1] + S2[i2 * n2 + j2]);
                    if (d1 >= 4)
                        best = std::max(
                            best, F(i1 + 1, j1 - 1, i2, j2) + pair_weight(a[i1], a[j1], weights));
                    if (d2 >= 4)
                        best = std::max(
                            best, F(i1, j1, i2 + 1, j2 - 1) + pair_weight(r[i2], r[j2], weights));
                    for (std::size_t k1 = i1; k1 < j1; ++k1)
                        for (std::size_t k2 = i2; k2 < j2; ++k2)
                            best = std::max(best, F(i1, k1, i2, k2) + F(k1 + 1, j1, k2 + 1, j2));
                    for (std::size_t k1 = i1; k1 < j1; ++k1) {
                        best = std::max(best, S1[i1 * n1 + k1] + F(k1 + 1, j1, i2, j2));
                        best = std::max(best, F(i1, k1, i2, j2) + S1[(k1 + 1) * n1 + j1]);
                    }
                    for (std::size_t k2 = i2; k2 < j2; ++k2) {
                        best = std::max(best, F(i1, j1, i2, k2) + S2[(k2 + 1) * n2 + j2]);
                        best = std::max(best, S2[i2 * n2 + k2] + F(i1, j1, k2 + 1, j2));
                    }
                    F(i1, j1, i2, j2) = best;
                }
        }
    return table;
}

std::vector<rna::BpmaxSite> bpmax_reference_sites(std::span<const std::uint8_t> s1,
                                                  std::span<const std::uint8_t> s2,
                                                  const rna::BpmaxParams& params) {
    const std::size_t n1 = s1.size(), n2 = s2.size();
    std::vector<rna::BpmaxSite> sites;
    if (n1 == 0 || n2 == 0) return sites;
    const BpmaxTable F = bpmax_reference_table(s1, s2, params.weights);
    const std::size_t w1 = params.window1 == 0 ? n1 : std::min(params.window1, n1);
    const std::size_t w2 = params.window2 == 0 ? n2 : std::min(params.window2, n2);
    // In r coordinates: (score desc, size asc, i1 asc, i2 asc) is the order of bpmax.hpp.
    std::vector<
        std::tuple<std::int64_t, std::size_t, std::size_t, std::size_t, std::size_t, std::size_t>>
        boxes;
    for (std::size_t i1 = 0; i1 < n1; ++i1)
        for (std::size_t j1 = i1; j1 < n1 && j1 - i1 < w1; ++j1)
            for (std::size_t i2 = 0; i2 < n2; ++i2)
                for (std::size_t j2 = i2; j2 < n2 && j2 - i2 < w2; ++j2)
                    boxes.emplace_back(-static_cast<std::int64_t>(F(i1, j1, i2, j2)),
                                       (j1 - i1) + (j2 - i2), i1, i2, j1, j2);
    std::sort(boxes.begin(), boxes.end());
    for (const auto& [neg_score, size, i1, i2, j1, j2] : boxes) {
        if (sites.size() == params.top) break;
        if (!sites.empty() && neg_score == 0) break;
        // s2 coordinates of the r interval [i2, j2].
        const std::size_t b2 = n2 - 1 - j2, e2 = n2 - 1 - i2;
        bool overlaps = false;
        for (const auto& s : sites)
            overlaps =
                overlaps || (i1 <= s.end1 && s.begin1 <= j1 && b2 <= s.end2 && s.begin2 <= e2);
        if (overlaps) continue;
        rna::BpmaxSite site;
        site.score = -neg_score;
        site.begin1 = i1;
        site.end1 = j1;
        site.begin2 = b2;
        site.end2 = e2;
        sites.push_back(site);
    }
    return sites;
}

// A zigzag: an intra arc A on s1 and an intra arc B on s2 such that some inter pair has its
// s1 end inside A and its s2 end inside B, yet neither arc's set of enclosed inter pairs holds
// the other's. BPMax's recurrence cannot build it: every way of cutting the box that holds both
// arcs would cut one of them (for its two ends to stay together, the cut must keep one arc's
// inter pairs on one side, and these include some, but not all, of the other arc's). The
// literature on joint structures (Chitsaz et al. 2009, piRNA) excludes zigzags for that reason.
std::optional<std::int64_t> reference_bpmax_structure_score(
    std::span<const std::uint8_t> s1, std::span<const std::uint8_t> s2,
    const std::vector<rna::BpmaxPair>& pairs, const rna::BpmaxWeights& weights) {
    const std::size_t n1 = s1.size(), n2 = s2.size();
    std::vector<int> used1(n1, 0), used2(n2, 0);
    std::vector<std::pair<std::size_t, std::size_t>> arcs1, arcs2, inter;  // s2 coordinates
    std::int64_t score = 0;
    for (const rna::BpmaxPair& p : pairs) {
        int w = 0;
        if (p.kind == rna::BpmaxPairKind::Inter) {
            if (p.i >= n1 || p.j >= n2) return std::nullopt;
            if (used1[p.i]++ || used2[p.j]++) return std::nullopt;
            w = pair_weight(s1[p.i], s2[p.j], weights);
            inter.emplace_back(p.i, p.j);
        } else {
            bool first = p.kind == rna::BpmaxPairKind::Intra1;
            std::span<const std::uint8_t> s = first ? s1 : s2;
            std::vector<int>& used = first ? used1 : used2;
            if (p.i >= p.j || p.j >= s.size() || p.j - p.i < 4) return std::nullopt;
            if (used[p.i]++ || used[p.j]++) return std::nullopt;
            w = pair_weight(s[p.i], s[p.j], weights);
            (first ? arcs1 : arcs2).emplace_back(p.i, p.j);
        }
        if (w <= 0) return std::nullopt;
        score += w;
    }
    for (const auto* arcs : {&arcs1, &arcs2})
        for (const auto& [a, b] : *arcs)
            for (const auto& [c, d] : *arcs)
                if (a < c && c < b && b < d) return std::nullopt;  // crossing arcs
    // s2 runs 3'->5' against s1: a later s1 end needs an earlier s2 end.
    for (const auto& [a, b] : inter)
        for (const auto& [c, d] : inter)
            if (a < c && !(b > d)) return std::nullopt;
    for (const auto& [p, q] : arcs1)
        for (const auto& [x, y] : arcs2) {
            bool shared = false, all_a_in_b = true, all_b_in_a = true;
            for (const auto& [a, b] : inter) {
                bool in_a = p < a && a < q, in_b = x < b && b < y;
                shared = shared || (in_a && in_b);
                all_a_in_b = all_a_in_b && (!in_a || in_b);
                all_b_in_a = all_b_in_a && (!in_b || in_a);
            }
            if (shared && !all_a_in_b && !all_b_in_a) return std::nullopt;
        }
    return score;
}

}  // namespace tropic::reference
