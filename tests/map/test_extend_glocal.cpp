// The extension's own glocal alignment (map/extend/glocal_alignment.hpp) equals align_pair's in
// glocal mode: score, window range and path, ties included, on random pairs. Within a band of
// diagonals it gives the full matrix's path whenever that path lies inside the band, and never a
// better score otherwise.
#include <gtest/gtest.h>

#include <random>
#include <string>
#include <vector>

#include "map/extend/glocal_alignment.hpp"
#include "support/random_alignment.hpp"
#include "support/random_rna.hpp"
#include "tropic/align/pairwise.hpp"

namespace tropic::map::detail {
namespace {

using Codes = std::vector<std::uint8_t>;

std::string ops_of(const std::vector<CigarElement>& cigar) {
    std::string ops;
    for (const CigarElement& e : cigar)
        ops.append(e.length, e.op == CigarOp::Insertion  ? 'I'
                             : e.op == CigarOp::Deletion ? 'D'
                                                         : 'M');
    return ops;
}

void expect_path_equal(const Codes& read, const Codes& window, const MapScoring& scoring,
                       std::uint64_t max_direct_cells, const align::PairAlignment& expected);

void expect_equal_to_align_pair(const Codes& read, const Codes& window, const MapScoring& scoring) {
    align::AlignParams params;
    params.mode = align::AlignMode::Glocal;
    params.scoring.matrix = align::dna_matrix(scoring.match, -scoring.mismatch, -1);
    params.scoring.gaps = {scoring.gap_open, scoring.gap_extend};
    const align::PairAlignment expected = align::align_pair(read, window, params);
    // Directly, and through align_pair (as for pairs beyond kMaxDirectCells).
    for (const std::uint64_t max_direct_cells : {kMaxDirectCells, std::uint64_t{0}}) {
        SCOPED_TRACE("max_direct_cells " + std::to_string(max_direct_cells));
        expect_path_equal(read, window, scoring, max_direct_cells, expected);
    }
}

void expect_path_equal(const Codes& read, const Codes& window, const MapScoring& scoring,
                       std::uint64_t max_direct_cells, const align::PairAlignment& expected) {
    GlocalPath path;
    align_glocal(read, window, scoring, path, max_direct_cells);
    ASSERT_EQ(path.score, expected.score);
    ASSERT_EQ(path.target_begin, expected.target_begin);
    ASSERT_EQ(path.target_end, expected.target_end);
    std::string ops;
    std::int64_t column_sum = 0;
    for (const AlignedColumn& column : path.columns) {
        ops += column.op == CigarOp::Insertion ? 'I' : column.op == CigarOp::Deletion ? 'D' : 'M';
        column_sum += column.score;
    }
    ASSERT_EQ(ops, ops_of(expected.cigar));
    ASSERT_EQ(column_sum, expected.score);
}

void run_pairs(std::uint64_t seed, int count) {
    std::mt19937_64 rng(seed);
    const std::vector<MapScoring> scorings = {
        {}, {2, 3, 5, 2, 0}, {1, 4, 0, 1, 5}, {3, 1, 10, 3, 5}, {1, 0, 1, 1, 5}};
    for (int n = 0; n < count; ++n) {
        const std::size_t window_length = 1 + rng() % 200;
        const Codes window = test::random_dna(rng, window_length, rng() % 4 == 0 ? 0.05 : 0.0);
        Codes read;
        if (rng() % 5 == 0) {
            read = test::random_dna(rng, 1 + rng() % 160, 0.02);
        } else {
            const std::size_t begin = rng() % window_length;
            const Codes piece(window.begin() + static_cast<long>(begin), window.end());
            read = test::mutate(rng, piece, rng() % 3 == 0 ? 5 : 4, 0.05, 0.03);
            if (read.empty()) read.push_back(static_cast<std::uint8_t>(rng() % 5));
        }
        // Low-complexity pairs (two letters) make many ties.
        if (rng() % 6 == 0) {
            for (auto& b : read) b &= 1;
        }
        const MapScoring& scoring = scorings[rng() % scorings.size()];
        SCOPED_TRACE("seed " + std::to_string(seed) + " pair " + std::to_string(n));
        expect_equal_to_align_pair(read, window, scoring);
        if (::testing::Test::HasFatalFailure()) return;
    }
}

// The diagonals j - i the path's cells lie on, from (0, target_begin) on.
std::pair<std::int64_t, std::int64_t> path_diagonals(const GlocalPath& path) {
    std::int64_t i = 0, j = path.target_begin;
    std::int64_t low = j, high = j;
    for (const AlignedColumn& column : path.columns) {
        i += column.op != CigarOp::Deletion;
        j += column.op != CigarOp::Insertion;
        low = std::min(low, j - i);
        high = std::max(high, j - i);
    }
    return {low, high};
}

void run_banded(std::uint64_t seed, int count) {
    SCOPED_TRACE("seed " + std::to_string(seed));
    std::mt19937_64 rng(seed);
    int inside = 0;
    for (int n = 0; n < count; ++n) {
        const std::size_t window_length = 20 + rng() % 200;
        const Codes window = test::random_dna(rng, window_length, rng() % 4 == 0 ? 0.05 : 0.0);
        const std::size_t begin = rng() % (window_length / 2);
        const Codes piece(
            window.begin() + static_cast<long>(begin),
            window.begin() + static_cast<long>(begin + (window_length - begin) / 2 +
                                               rng() % ((window_length - begin) / 2)));
        Codes read = test::mutate(rng, piece, 4, 0.04, 0.03);
        if (read.empty()) read.push_back(0);
        const MapScoring scoring = rng() % 2 ? MapScoring{} : MapScoring{2, 3, 5, 2, 0};
        GlocalPath full, banded;
        align_glocal(read, window, scoring, full);
        const auto [low, high] = path_diagonals(full);
        const std::int64_t slack_low = static_cast<std::int64_t>(rng() % 8) - 2;
        const std::int64_t slack_high = static_cast<std::int64_t>(rng() % 8) - 2;
        const DiagonalBand band{low - slack_low, high + slack_high};
        align_glocal(read, window, scoring, banded, kMaxDirectCells, band);
        SCOPED_TRACE("pair " + std::to_string(n));
        if (slack_low < 0 || slack_high < 0) {  // the path leaves the band (or just touches it)
            ASSERT_LE(banded.score, full.score);
            continue;
        }
        ++inside;
        ASSERT_EQ(banded.score, full.score);
        ASSERT_EQ(banded.target_begin, full.target_begin);
        ASSERT_EQ(banded.target_end, full.target_end);
        ASSERT_EQ(banded.columns.size(), full.columns.size());
        for (std::size_t k = 0; k < full.columns.size(); ++k) {
            ASSERT_EQ(banded.columns[k].op, full.columns[k].op) << "column " << k;
            ASSERT_EQ(banded.columns[k].score, full.columns[k].score) << "column " << k;
        }
    }
    EXPECT_GT(inside, count / 3);
}

TEST(ExtendGlocal, BandHoldingThePathGivesThePathOnFixedSeeds) {
    for (const std::uint64_t seed : {2ULL, 11ULL, 20261127ULL}) run_banded(seed, 400);
}

TEST(ExtendGlocal, BandHoldingThePathGivesThePathOnFreshSeed) {
    run_banded(test::test_seed(), 800);
}

TEST(ExtendGlocal, BandWithoutCellsInARowIsWidened) {
    const Codes window = {0, 1, 2, 3, 0, 1, 2, 3, 3, 2, 1, 0};
    const Codes read = {2, 3, 0, 1};
    GlocalPath full, banded;
    align_glocal(read, window, MapScoring{}, full);
    align_glocal(read, window, MapScoring{}, banded, kMaxDirectCells, DiagonalBand{50, 60});
    EXPECT_EQ(banded.score, full.score);
    EXPECT_EQ(banded.target_begin, full.target_begin);
}

TEST(ExtendGlocal, EqualsAlignPairOnFixedSeeds) {
    for (const std::uint64_t seed : {1ULL, 7ULL, 99ULL, 20261127ULL}) run_pairs(seed, 400);
}

TEST(ExtendGlocal, EqualsAlignPairOnFreshSeed) {
    run_pairs(test::test_seed(), 800);
}

TEST(ExtendGlocal, EqualsAlignPairOnRepeats) {
    // Tandem repeats: every shift of the read scores alike, so only the tie rule decides.
    const Codes window = {0, 1, 0, 1, 0, 1, 0, 1, 0, 1, 0, 1, 0, 1, 0, 1, 0, 1};
    for (const Codes& read :
         {Codes{0, 1, 0, 1}, Codes{0, 1, 1, 0, 1}, Codes{1, 0, 0, 1}, Codes{4, 4, 0, 1},
          Codes{2, 2, 2, 2, 2, 2, 2, 2, 2, 2, 2, 2, 2, 2, 2, 2, 2, 2, 2, 2, 2, 2, 2, 2}})
        for (const MapScoring& scoring : {MapScoring{}, MapScoring{2, 3, 5, 2, 0}})
            expect_equal_to_align_pair(read, window, scoring);
}

}  // namespace
}  // namespace tropic::map::detail
