// Joint structures of BPMax: re-scoring with validity checks, and the dot-bracket text.
#include <fmt/format.h>

#include <algorithm>
#include <string>
#include <utility>
#include <vector>

#include "tropic/core/error.hpp"
#include "tropic/rna/bpmax.hpp"

namespace tropic::rna {

namespace {

// Intra pairs of one strand must nest: scanning 5'->3', a closing base closes the last open.
void check_nested(const std::vector<std::pair<std::size_t, std::size_t>>& arcs, std::size_t n,
                  const char* strand) {
    std::vector<std::size_t> partner(n, n);
    for (const auto& [i, j] : arcs) partner[i] = j, partner[j] = i;
    std::vector<std::size_t> open;
    for (std::size_t k = 0; k < n; ++k) {
        if (partner[k] == n) continue;
        if (partner[k] > k) {
            open.push_back(k);
        } else if (open.empty() || open.back() != partner[k]) {
            throw InputError(fmt::format("{}: the pair ({}, {}) crosses another", strand,
                                         partner[k] + 1, k + 1));
        } else {
            open.pop_back();
        }
    }
}

}  // namespace

std::int64_t score_bpmax_structure(std::span<const std::uint8_t> s1,
                                   std::span<const std::uint8_t> s2,
                                   const std::vector<BpmaxPair>& pairs,
                                   const BpmaxWeights& weights) {
    std::vector<bool> used1(s1.size()), used2(s2.size());
    std::vector<std::pair<std::size_t, std::size_t>> arcs1, arcs2, inter;
    std::int64_t score = 0;
    auto take = [](std::vector<bool>& used, std::size_t k, const char* strand) {
        if (used[k]) throw InputError(fmt::format("{}: base {} has two partners", strand, k + 1));
        used[k] = true;
    };
    for (const BpmaxPair& p : pairs) {
        const bool on1 = p.kind != BpmaxPairKind::Intra2, on2 = p.kind != BpmaxPairKind::Intra1;
        const std::size_t n_i = on1 ? s1.size() : s2.size();
        const std::size_t n_j = on2 ? s2.size() : s1.size();
        if (p.i >= n_i || p.j >= n_j)
            throw InputError(fmt::format("pair ({}, {}) is out of range", p.i + 1, p.j + 1));
        std::uint8_t a = on1 ? s1[p.i] : s2[p.i];
        std::uint8_t b = on2 ? s2[p.j] : s1[p.j];
        if (p.kind == BpmaxPairKind::Inter) {
            take(used1, p.i, "strand 1");
            take(used2, p.j, "strand 2");
            inter.emplace_back(p.i, p.j);
        } else {
            const char* strand = on1 ? "strand 1" : "strand 2";
            if (p.j < p.i || p.j - p.i < kBpmaxMinPairSpan)
                throw InputError(fmt::format("{}: pair ({}, {}) spans less than {}", strand,
                                             p.i + 1, p.j + 1, kBpmaxMinPairSpan));
            take(on1 ? used1 : used2, p.i, strand);
            take(on1 ? used1 : used2, p.j, strand);
            (on1 ? arcs1 : arcs2).emplace_back(p.i, p.j);
        }
        const int w = weights.weight(static_cast<Base>(a), static_cast<Base>(b));
        if (w <= 0) throw InputError(fmt::format("pair ({}, {}) cannot form", p.i + 1, p.j + 1));
        score += w;
    }
    check_nested(arcs1, s1.size(), "strand 1");
    check_nested(arcs2, s2.size(), "strand 2");
    // Strand 2 runs 3'->5' against strand 1: along s1, the s2 ends must fall.
    std::sort(inter.begin(), inter.end());
    for (std::size_t k = 1; k < inter.size(); ++k)
        if (inter[k].second >= inter[k - 1].second)
            throw InputError(fmt::format("inter-molecular pairs ({}, {}) and ({}, {}) cross",
                                         inter[k - 1].first + 1, inter[k - 1].second + 1,
                                         inter[k].first + 1, inter[k].second + 1));
    return score;
}

std::string bpmax_dot_bracket(std::size_t length1, std::size_t length2,
                              const std::vector<BpmaxPair>& pairs) {
    std::string text(length1 + 1 + length2, '.');
    text[length1] = '&';
    char* s1 = text.data();
    char* s2 = text.data() + length1 + 1;
    for (const BpmaxPair& p : pairs) {
        switch (p.kind) {
            case BpmaxPairKind::Intra1:
                s1[p.i] = '(', s1[p.j] = ')';
                break;
            case BpmaxPairKind::Intra2:
                s2[p.i] = '(', s2[p.j] = ')';
                break;
            case BpmaxPairKind::Inter:
                s1[p.i] = '[', s2[p.j] = ']';
                break;
        }
    }
    return text;
}

}  // namespace tropic::rna
