// The candidate filters of read mapping (src/map/filter) on every small case: each bound is at
// most the reference edit distance (tests/reference/map_filter_reference), the banded DP equals
// it; the l-mer table equals plain edit distance; diagonals merge into ranges.
#include <gtest/gtest.h>

#include <algorithm>
#include <random>
#include <vector>

#include "map/filter/banded_edit_distance.hpp"
#include "map/filter/candidate_filter.hpp"
#include "map/filter/lmer_distance_table.hpp"
#include "map/filter/merge_diagonals.hpp"
#include "map/filter/nucleotide_count_bound.hpp"
#include "map/filter/tiled_bound.hpp"
#include "reference/map_filter_reference.hpp"
#include "support/random_rna.hpp"

namespace tropic::map::detail {
namespace {

using Seq = std::vector<std::uint8_t>;

// Every sequence of length 0..max_length over `letters`.
std::vector<Seq> all_sequences(const Seq& letters, int max_length) {
    std::vector<Seq> all = {{}};
    for (std::size_t begin = 0; begin < all.size(); ++begin) {
        if (static_cast<int>(all[begin].size()) == max_length) continue;
        for (std::uint8_t letter : letters) {
            Seq longer = all[begin];
            longer.push_back(letter);
            all.push_back(longer);
        }
    }
    return all;
}

std::string text(const Seq& s) {
    std::string t;
    for (std::uint8_t c : s) t += "ACGTN"[std::min<int>(c, 4)];
    return t;
}

struct Band {
    int low, high;
};

// Checks every bound and the exact distance on every read x window x band.
void check_all(const Seq& letters, int max_read, int max_window, const std::vector<Band>& bands) {
    const std::vector<Seq> reads = all_sequences(letters, max_read);
    const std::vector<Seq> windows = all_sequences(letters, max_window);
    const LmerDistanceTable tables[] = {LmerDistanceTable(1), LmerDistanceTable(2),
                                        LmerDistanceTable(3)};
    int failures = 0;
    for (const Seq& read : reads) {
        for (const Seq& window : windows) {
            for (Band band : bands) {
                const BandedWindow c{read, window, band.low, band.high};
                const int e =
                    test::reference_banded_edit_distance(read, window, band.low, band.high)
                        .value_or(kUnreachable);
                bool ok = nucleotide_count_bound(c) <= e && banded_edit_distance(c, 100) == e;
                for (const LmerDistanceTable& table : tables)
                    ok = ok && tiled_bound(table, c, 100) <= e && tiled_bound(table, c, 0) <= e;
                for (int stop : {0, 1, 2}) {
                    const int stopped = banded_edit_distance(c, stop);
                    ok = ok && stopped <= e && (e > stop ? stopped > stop : stopped == e);
                }
                if (!ok && ++failures <= 5)
                    ADD_FAILURE() << "read " << text(read) << " window " << text(window)
                                  << " band [" << band.low << ", " << band.high << "] E " << e
                                  << ": count " << nucleotide_count_bound(c) << ", tiled l=2 "
                                  << tiled_bound(tables[1], c, 100) << ", l=3 "
                                  << tiled_bound(tables[2], c, 100) << ", exact "
                                  << banded_edit_distance(c, 100);
            }
        }
    }
    EXPECT_EQ(failures, 0);
}

TEST(MapFilters, EveryPairOverTwoLettersUpToSixAndEight) {
    std::vector<Band> bands;
    for (int low = -3; low <= 3; ++low)
        for (int width : {1, 2, 4, 7}) bands.push_back({low, low + width - 1});
    check_all({0, 1}, 6, 8, bands);
}

TEST(MapFilters, EveryPairOverAcgtUpToFourAndFive) {
    check_all({0, 1, 2, 3}, 4, 5, {{0, 0}, {-1, 1}, {0, 2}, {-2, 0}, {1, 3}, {-4, 4}});
}

TEST(MapFilters, EveryPairWithNUpToFourAndSix) {
    check_all({0, 1, 4}, 4, 6, {{0, 0}, {-1, 1}, {0, 2}, {2, 4}, {-3, 3}});
}

TEST(MapFilters, EveryReadOfSixOverAcgtAgainstSampledWindowsOfEight) {
    std::mt19937_64 rng(test::test_seed());
    const std::vector<Seq> reads = all_sequences({0, 1, 2, 3}, 6);
    const LmerDistanceTable table(3);
    int failures = 0;
    for (const Seq& read : reads) {
        for (int sample = 0; sample < 20; ++sample) {
            const Seq window = test::random_rna(rng, 8);
            const int low = static_cast<int>(rng() % 5) - 2,
                      high = low + static_cast<int>(rng() % 5);
            const BandedWindow c{read, window, low, high};
            const int e = test::reference_banded_edit_distance(read, window, low, high)
                              .value_or(kUnreachable);
            if ((nucleotide_count_bound(c) > e || tiled_bound(table, c, 100) > e ||
                 banded_edit_distance(c, 100) != e) &&
                ++failures <= 5)
                ADD_FAILURE() << "read " << text(read) << " window " << text(window) << " band ["
                              << low << ", " << high << "] E " << e;
        }
    }
    EXPECT_EQ(failures, 0);
}

TEST(MapFilters, ShiftedTileIsNotOverCounted) {
    // ACGTA against ACGGTA: one deletion, though both 5-mers of the window are 2 edits away.
    const Seq read = {0, 1, 2, 3, 0}, window = {0, 1, 2, 2, 3, 0};
    const BandedWindow c{read, window, 0, 1};
    EXPECT_EQ(banded_edit_distance(c, 10), 1);
    EXPECT_LE(tiled_bound(LmerDistanceTable(5), c, 10), 1);
    EXPECT_EQ(LmerDistanceTable(5).distance(0b0001101100, 0b0001101011), 2);  // ACGTA, ACGGT
}

TEST(MapFilters, EmptyOrOutsideBandHasNoPath) {
    const Seq read = {0, 1, 2}, window = {0, 1, 2};
    EXPECT_EQ(banded_edit_distance({read, window, 4, 6}, 10), kUnreachable);
    EXPECT_EQ(banded_edit_distance({read, window, 1, 0}, 10), kUnreachable);
    EXPECT_EQ(banded_edit_distance({read, window, -2, 0}, 10), 0);
    EXPECT_EQ(banded_edit_distance({{}, window, 3, 3}, 10), 0);
}

TEST(MapFilters, CountBoundCountsReadNsAndExcessLetters) {
    const Seq read = {0, 0, 0, 4, 1}, window = {0, 1, 1, 1, 2};
    EXPECT_EQ(nucleotide_count_bound({read, window, 0, 0}), 3);  // two As and the N
}

TEST(LmerDistanceTable, EqualsEditDistanceForEveryPairUpToThree) {
    for (int l = 1; l <= 3; ++l) {
        const LmerDistanceTable table(l);
        const std::vector<Seq> all = all_sequences({0, 1, 2, 3}, l);
        std::vector<const Seq*> lmers;
        for (const Seq& s : all)
            if (static_cast<int>(s.size()) == l) lmers.push_back(&s);
        for (const Seq* a : lmers)
            for (const Seq* b : lmers) {
                std::uint32_t code_a = 0, code_b = 0;
                for (int k = 0; k < l; ++k) {
                    code_a = code_a << 2 | (*a)[k];
                    code_b = code_b << 2 | (*b)[k];
                }
                ASSERT_EQ(table.distance(code_a, code_b), test::reference_edit_distance(*a, *b))
                    << text(*a) << " " << text(*b);
            }
    }
}

TEST(LmerDistanceTable, EqualsEditDistanceForSampledPairsOfFourAndFive) {
    std::mt19937_64 rng(test::test_seed());
    for (int l : {4, 5}) {
        const LmerDistanceTable table(l);
        EXPECT_EQ(table.l(), l);
        for (int sample = 0; sample < 20000; ++sample) {
            const Seq a = test::random_rna(rng, l), b = test::random_rna(rng, l);
            std::uint32_t code_a = 0, code_b = 0;
            for (int k = 0; k < l; ++k) {
                code_a = code_a << 2 | a[k];
                code_b = code_b << 2 | b[k];
            }
            ASSERT_EQ(table.distance(code_a, code_b), test::reference_edit_distance(a, b))
                << text(a) << " " << text(b);
        }
    }
    EXPECT_THROW(LmerDistanceTable(6), std::invalid_argument);
}

TEST(MergeDiagonals, MergesDiagonalsCloserThanTheGap) {
    std::vector<std::int64_t> diagonals = {10, 3, 4, 4, 12, -5, 20, 13};
    const auto ranges = merge_diagonals(diagonals, 3);
    ASSERT_EQ(ranges.size(), 4u);
    EXPECT_EQ(ranges[0].low, -5);
    EXPECT_EQ(ranges[0].high, -5);
    EXPECT_EQ(ranges[1].low, 3);
    EXPECT_EQ(ranges[1].high, 4);
    EXPECT_EQ(ranges[2].low, 10);
    EXPECT_EQ(ranges[2].high, 13);
    EXPECT_EQ(ranges[3].low, 20);
    EXPECT_EQ(ranges[3].high, 20);
    std::vector<std::int64_t> same = {7, 7, 8};
    const auto exact = merge_diagonals(same, 1);
    ASSERT_EQ(exact.size(), 2u);
    EXPECT_EQ(exact[0].high, 7);
    std::vector<std::int64_t> none;
    EXPECT_TRUE(merge_diagonals(none, 5).empty());
}

TEST(MergeDiagonals, RangesCoverEveryDiagonalAndKeepTheirDistance) {
    std::mt19937_64 rng(test::test_seed());
    for (int round = 0; round < 200; ++round) {
        std::vector<std::int64_t> diagonals(rng() % 40);
        for (auto& d : diagonals) d = static_cast<std::int64_t>(rng() % 200) - 100;
        const std::int64_t gap = static_cast<std::int64_t>(rng() % 10);
        const std::vector<std::int64_t> original = diagonals;
        const auto ranges = merge_diagonals(diagonals, gap);
        for (std::size_t r = 0; r < ranges.size(); ++r) {
            if (r > 0) {
                EXPECT_GE(ranges[r].low - ranges[r - 1].high, std::max<std::int64_t>(gap, 1));
            }
            // Inside a range, consecutive diagonals are closer than the gap.
            std::int64_t previous = ranges[r].low;
            for (std::int64_t d : diagonals) {
                if (d < ranges[r].low || d > ranges[r].high) continue;
                EXPECT_LT(d - previous, std::max<std::int64_t>(gap, 1));
                previous = d;
            }
            EXPECT_EQ(previous, ranges[r].high);
        }
        for (std::int64_t d : original) {
            EXPECT_TRUE(std::any_of(ranges.begin(), ranges.end(), [&](const DiagonalRange& r) {
                return r.low <= d && d <= r.high;
            }));
        }
    }
}

}  // namespace
}  // namespace tropic::map::detail
