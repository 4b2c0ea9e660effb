// Brute force: on tiny sequences, enumerate every secondary structure and check that the reference
// (and the optimised CPU fold) finds the best score.
#include <gtest/gtest.h>

#include <algorithm>
#include <cstdint>
#include <random>
#include <string>
#include <vector>

#include "reference/nussinov_reference.hpp"
#include "rna/nussinov/nussinov_cpu.hpp"
#include "support/random_rna.hpp"
#include "tropic/rna/nussinov.hpp"

namespace {

using tropic::rna::NussinovParams;
using tropic::rna::PairWeights;

// Calls visit(structure) for every non-crossing structure whose pairs have j - i > min_loop and
// are allowed (allowed(i, j)); a pair's legality is checked when it closes.
template <typename Allowed, typename Visit>
void enumerate(std::size_t n, int min_loop, const Allowed& allowed, const Visit& visit) {
    std::string s(n, '.');
    std::vector<std::size_t> open;
    auto rec = [&](auto&& self, std::size_t p) -> void {
        if (open.size() > n - p) return;  // cannot close them all
        if (p == n) {
            visit(s);
            return;
        }
        s[p] = '.';
        self(self, p + 1);
        s[p] = '(';
        open.push_back(p);
        self(self, p + 1);
        open.pop_back();
        if (!open.empty()) {
            std::size_t i = open.back();
            if (static_cast<long>(p - i) > min_loop && allowed(i, p)) {
                s[p] = ')';
                open.pop_back();
                self(self, p + 1);
                open.push_back(i);
            }
        }
        s[p] = '.';
    };
    rec(rec, 0);
}

TEST(NussinovBruteForce, ReferenceFindsTheBestOfAllStructures) {
    std::uint64_t seed = tropic::test::test_seed();
    std::mt19937_64 rng(seed);
    const PairWeights weight_sets[] = {{1, 1, 1}, {2, 3, 1}, {0, 5, 2}, {7, 0, 0}};
    std::uniform_int_distribution<std::size_t> length(0, 12);
    std::size_t structures_seen = 0;
    for (int min_loop = 0; min_loop <= 4; ++min_loop) {
        for (const PairWeights& w : weight_sets) {
            NussinovParams params{min_loop, w};
            for (int trial = 0; trial < 12; ++trial) {
                std::size_t n = trial == 0 ? 12 : length(rng);
                auto seq = tropic::test::random_rna(rng, n, 0.5, trial % 3 == 0 ? 0.15 : 0.0);
                SCOPED_TRACE(::testing::Message() << "seed " << seed << " min_loop " << min_loop
                                                  << " weights AU=" << w.au << " GC=" << w.gc
                                                  << " GU=" << w.gu << " n " << n);
                std::int64_t best = 0;
                std::size_t count = 0;
                // Independent of PairWeights::weight: a structure holding only (i,j) is valid.
                auto allowed = [&](std::size_t i, std::size_t j) {
                    std::string single(n, '.');
                    single[i] = '(';
                    single[j] = ')';
                    return tropic::reference::reference_structure_score(seq, single, params)
                        .has_value();
                };
                enumerate(n, min_loop, allowed, [&](const std::string& s) {
                    auto score = tropic::reference::reference_structure_score(seq, s, params);
                    ASSERT_TRUE(score.has_value()) << s;
                    best = std::max(best, *score);
                    ++count;
                });
                structures_seen += count;
                ASSERT_GE(count, 1u);  // the open chain is always a structure

                auto ref = tropic::reference::nussinov_reference_fold(seq, params);
                EXPECT_EQ(ref.score, best);
                EXPECT_EQ(tropic::reference::reference_structure_score(seq, ref.structure, params),
                          ref.score)
                    << ref.structure;
                EXPECT_EQ(tropic::rna::score_structure(seq, ref.structure, params), ref.score);
                auto cpu = tropic::rna::detail::fold_nussinov_cpu(seq, params, nullptr);
                EXPECT_EQ(cpu.score, best);
                EXPECT_EQ(cpu.structure, ref.structure);
            }
        }
    }
    EXPECT_GT(structures_seen, 1000u);
}

// The enumerator itself: with every pair allowed and min_loop 0, length n has Motzkin(n)
// structures.
TEST(NussinovBruteForce, EnumeratorCountsMotzkinNumbers) {
    const std::size_t motzkin[] = {1, 1, 2, 4, 9, 21, 51, 127, 323, 835, 2188, 5798, 15511};
    for (std::size_t n = 0; n <= 12; ++n) {
        std::size_t count = 0;
        enumerate(
            n, 0, [](std::size_t, std::size_t) { return true; },
            [&](const std::string&) { ++count; });
        EXPECT_EQ(count, motzkin[n]) << "n " << n;
    }
}

}  // namespace
