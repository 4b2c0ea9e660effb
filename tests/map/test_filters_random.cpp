// The candidate filters of read mapping (src/map/filter) on random read-sized candidates: reads
// of 50..250 bases with a planted alignment of 0..15% edits (substitutions, insertions,
// deletions) inside a random window, unrelated windows, Ns in both. Every bound is at most the
// reference edit distance, the banded DP equals it, and the cascade passes exactly the
// candidates with E <= max_edits. Fresh seeds each run (printed) and fixed regression seeds.
#include <gtest/gtest.h>

#include <algorithm>
#include <random>
#include <vector>

#include "map/filter/banded_edit_distance.hpp"
#include "map/filter/candidate_filter.hpp"
#include "map/filter/lmer_distance_table.hpp"
#include "map/filter/nucleotide_count_bound.hpp"
#include "map/filter/tiled_bound.hpp"
#include "reference/map_filter_reference.hpp"
#include "support/random_rna.hpp"

namespace tropic::map::detail {
namespace {

using Seq = std::vector<std::uint8_t>;

struct Candidate {
    Seq read, window;
    int delta_low = 0, delta_high = 0;
    BandedWindow view() const { return {read, window, delta_low, delta_high}; }
};

int uniform(std::mt19937_64& rng, int low, int high) {
    return std::uniform_int_distribution<int>(low, high)(rng);
}

// A read copied from a stretch of the window with edits at rate `edit_rate`, and a band around
// the stretch's diagonal (sometimes off it); or, one time in four, an unrelated window.
Candidate random_candidate(std::mt19937_64& rng) {
    const double n_fraction = uniform(rng, 0, 3) == 0 ? 0.02 : 0.0;
    const int length = uniform(rng, 50, 250);
    const int left = uniform(rng, 0, 30), right = uniform(rng, 0, 30);
    Candidate c;
    c.window =
        test::random_rna(rng, static_cast<std::size_t>(left + length + right), 0.5, n_fraction);
    if (uniform(rng, 0, 3) == 0) {
        c.read = test::random_rna(rng, static_cast<std::size_t>(length), 0.5, n_fraction);
    } else {
        const double edit_rate = uniform(rng, 0, 150) / 1000.0;
        std::uniform_real_distribution<double> unit(0, 1);
        for (int j = left; j < left + length; ++j) {
            if (unit(rng) >= edit_rate) {
                c.read.push_back(c.window[j]);
                continue;
            }
            switch (uniform(rng, 0, 2)) {
                case 0:
                    c.read.push_back(
                        static_cast<std::uint8_t>((c.window[j] + uniform(rng, 1, 3)) % 4));
                    break;
                case 1:
                    c.read.push_back(c.window[j]);
                    c.read.push_back(static_cast<std::uint8_t>(uniform(rng, 0, 3)));
                    break;
                default:
                    break;  // the window base deleted from the read
            }
        }
        if (n_fraction > 0)
            for (auto& b : c.read)
                if (unit(rng) < n_fraction) b = 4;
    }
    const int half = uniform(rng, 0, 20);
    const int centre = left + uniform(rng, -3, 3) * (uniform(rng, 0, 4) == 0 ? 5 : 1);
    c.delta_low = centre - half;
    c.delta_high = centre + half;
    return c;
}

// Returns the cascade's counts over all candidates.
FilterCounts check_seed(std::uint64_t seed, int candidates) {
    std::mt19937_64 rng(seed);
    static const LmerDistanceTable table4(4);
    static const CandidateFilter filter;
    int failures = 0;
    FilterCounts total;
    for (int k = 0; k < candidates && failures < 3; ++k) {
        const Candidate candidate = random_candidate(rng);
        const BandedWindow c = candidate.view();
        const int e = test::reference_banded_edit_distance(candidate.read, candidate.window,
                                                           c.delta_low, c.delta_high)
                          .value_or(kUnreachable);
        const int max_edits = uniform(rng, 0, 40);
        FilterCounts counts;
        const bool passes = filter.passes(c, max_edits, counts);
        const int exact_stopped = banded_edit_distance(c, max_edits);
        const bool ok = nucleotide_count_bound(c) <= e && tiled_bound(table4, c, 1000) <= e &&
                        tiled_bound(filter.table(), c, 1000) <= e &&
                        tiled_bound(filter.table(), c, max_edits) <= e &&
                        banded_edit_distance(c, 1000) == e && exact_stopped <= e &&
                        (e <= max_edits ? exact_stopped == e : exact_stopped > max_edits) &&
                        passes == (e <= max_edits) && counts.tested == 1 &&
                        counts.passed() == (passes ? 1u : 0u);
        total += counts;
        if (!ok) {
            ++failures;
            ADD_FAILURE() << "seed " << seed << " candidate " << k << ": read "
                          << candidate.read.size() << " window " << candidate.window.size()
                          << " band [" << c.delta_low << ", " << c.delta_high << "] E " << e
                          << " max_edits " << max_edits << ": count " << nucleotide_count_bound(c)
                          << ", tiled l=4 " << tiled_bound(table4, c, 1000) << ", l=5 "
                          << tiled_bound(filter.table(), c, 1000) << ", exact "
                          << banded_edit_distance(c, 1000) << ", passes " << passes;
        }
    }
    return total;
}

TEST(MapFiltersRandom, BoundsBelowExactAndCascadeExactOnFreshSeeds) {
    for (int round = 0; round < 3; ++round) (void)check_seed(test::test_seed(), 400);
}

TEST(MapFiltersRandom, BoundsBelowExactAndCascadeExactOnRegressionSeeds) {
    FilterCounts total;
    for (std::uint64_t seed : {1ull, 2ull, 42ull, 20261127ull}) {
        total += check_seed(seed, 400);
    }
    // The candidates reach every stage of the cascade: each rejects some, and some pass.
    EXPECT_GT(total.rejected_tiled, 0u);
    EXPECT_GT(total.rejected_exact, 0u);
    EXPECT_GT(total.passed(), 0u) << "no candidate passed";
}

TEST(MapFiltersRandom, WideMergedBandsAgreeWithTheReference) {
    // Bands wider than the filters' stack rows (128 diagonals) use the heap.
    std::mt19937_64 rng(test::test_seed());
    static const CandidateFilter filter;
    for (int k = 0; k < 20; ++k) {
        Candidate c = random_candidate(rng);
        c.delta_low -= uniform(rng, 60, 150);
        c.delta_high += uniform(rng, 60, 150);
        const int e =
            test::reference_banded_edit_distance(c.read, c.window, c.delta_low, c.delta_high)
                .value_or(kUnreachable);
        EXPECT_EQ(banded_edit_distance(c.view(), 1000), e) << "candidate " << k;
        EXPECT_LE(tiled_bound(filter.table(), c.view(), 1000), e) << "candidate " << k;
        FilterCounts counts;
        EXPECT_EQ(filter.passes(c.view(), 20, counts), e <= 20) << "candidate " << k;
    }
}

// On a band of one diagonal no shift is possible, so the tiled bound is exactly the sum over the
// tiles of their distance to the window's l-mer on that diagonal, each capped at 3 by the term
// that stands for shifts longer than 2 (tiled_bound.hpp).
TEST(MapFiltersRandom, TiledBoundOnOneDiagonalSumsTheTileDistances) {
    std::mt19937_64 rng(test::test_seed());
    static const CandidateFilter filter;
    const int l = filter.table().l();
    for (int k = 0; k < 50; ++k) {
        const Candidate c = random_candidate(rng);
        const int d = c.delta_low + uniform(rng, 0, c.delta_high - c.delta_low);
        if (d < 0 || d > static_cast<int>(c.window.size() - c.read.size())) continue;
        int sum = 0;
        for (int a = 0; a + l <= static_cast<int>(c.read.size()); a += l) {
            Seq tile(c.read.begin() + a, c.read.begin() + a + l);
            Seq lmer(c.window.begin() + a + d, c.window.begin() + a + d + l);
            for (auto& b : tile) b &= 3;  // the table looks N up as A
            for (auto& b : lmer) b &= 3;
            sum += std::min(test::reference_edit_distance(tile, lmer), 3);
        }
        EXPECT_EQ(tiled_bound(filter.table(), {c.read, c.window, d, d}, 100000), sum)
            << "candidate " << k;
    }
}

// The letter-count bound equals its formula: the read's Ns plus, per letter, the read's count in
// excess of the count in the window positions the band reaches.
TEST(MapFiltersRandom, CountBoundEqualsItsFormula) {
    std::mt19937_64 rng(test::test_seed());
    for (int k = 0; k < 100; ++k) {
        const Candidate c = random_candidate(rng);
        const int n = static_cast<int>(c.read.size()), m = static_cast<int>(c.window.size());
        int expected = static_cast<int>(std::count(c.read.begin(), c.read.end(), 4));
        for (std::uint8_t letter = 0; letter < 4; ++letter) {
            int in_reach = 0;
            for (int j = 0; j < m; ++j)
                in_reach += c.window[j] == letter && j >= c.delta_low && j <= n - 1 + c.delta_high;
            expected += std::max(
                0, static_cast<int>(std::count(c.read.begin(), c.read.end(), letter)) - in_reach);
        }
        EXPECT_EQ(nucleotide_count_bound(c.view()), expected) << "candidate " << k;
    }
}

// The bounds are useful, not only true: unrelated 150-base candidates with a budget of 12 are
// rejected by the tiled bound (all but a few).
TEST(MapFiltersRandom, TiledBoundRejectsUnrelatedCandidates) {
    std::mt19937_64 rng(7);
    static const CandidateFilter filter;
    int rejected = 0;
    for (int k = 0; k < 200; ++k) {
        const Seq read = test::random_rna(rng, 150), window = test::random_rna(rng, 174);
        rejected += tiled_bound(filter.table(), {read, window, 0, 24}, 12) > 12;
    }
    EXPECT_GE(rejected, 195);
}

}  // namespace
}  // namespace tropic::map::detail
