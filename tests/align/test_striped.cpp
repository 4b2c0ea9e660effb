// The striped SIMD tile kernels (every lane width in every instruction set this CPU runs) against
// the scalar kernel: single tiles with random edges (bit for bit, or saturated exactly when some
// H leaves the lanes' range), whole pairs through fill_pair in one tile and in many, and
// align_pair through the ladder against the reference, with the width it reports.
#include <gtest/gtest.h>

#include <algorithm>
#include <array>
#include <limits>
#include <random>
#include <string>
#include <vector>

#include "align/pairwise/pair_fill.hpp"
#include "align/pairwise/tile_kernels.hpp"
#include "align/pairwise/tile_striped.hpp"
#include "reference/align_reference.hpp"
#include "support/random_alignment.hpp"
#include "support/random_rna.hpp"
#include "tropic/align/pairwise.hpp"

namespace tropic::align {
namespace {

using detail::EndCell;
using detail::kMinusInfinity;
using detail::TileBounds;
using detail::TileEdges;
using detail::TileKernel;
using detail::TileProblem;
using Seq = std::vector<std::uint8_t>;

constexpr AlignMode kModes[] = {AlignMode::Local, AlignMode::Global, AlignMode::Glocal,
                                AlignMode::Overlap};
constexpr std::size_t kLengths[] = {0, 1, 2, 7, 8, 9, 15, 16, 17, 31, 32, 33, 100, 1000};

struct NamedKernel {
    TileKernel kernel;
    int bits;
    std::string name;
};

// Every striped kernel this CPU runs.
std::vector<NamedKernel> striped_kernels() {
    std::vector<NamedKernel> kernels;
    for (detail::SimdIsa isa : detail::kSimdIsas) {
        if (!detail::cpu_supports(isa)) continue;
        for (int bits : {8, 16, 32})
            if (TileKernel kernel = detail::striped_kernel(isa, bits))
                kernels.push_back(
                    {kernel, bits,
                     std::string(detail::isa_name(isa)) + "/" + std::to_string(bits)});
    }
    return kernels;
}

TEST(AlignStriped, ThisMachineHasKernels) {
#if defined(__x86_64__)
    if (!detail::cpu_supports(detail::SimdIsa::Sse41)) GTEST_SKIP() << "no SSE4.1 on this CPU";
    EXPECT_GE(striped_kernels().size(), 3u);
#else
    GTEST_SKIP() << "the striped kernels are x86-64 only";
#endif
}

TileProblem make_problem(const Seq& q, const Seq& t, const Scoring& scoring, AlignMode mode) {
    return detail::make_tile_problem(q, t, mode, scoring);
}

// The range of a `bits`-bit lane.
std::int64_t lane_min(int bits) {
    return -(std::int64_t{1} << (bits - 1));
}
std::int64_t lane_max(int bits) {
    return (std::int64_t{1} << (bits - 1)) - 1;
}

// What a kernel of `bits`-bit lanes returns for an I or D whose exact value is v.
std::int32_t narrowed_gap(std::int32_t v, int bits) {
    return bits < 32 && v <= lane_min(bits) ? kMinusInfinity : v;
}

// A bottom I (tile_striped.hpp): as narrowed_gap, except that local alignment may return an I of
// at most 0 as any value of at most 0 below the exact one (such an I cannot lift an H).
::testing::AssertionResult bottom_i_matches(std::int32_t got, std::int32_t exact, int bits,
                                            AlignMode mode) {
    const std::int32_t want = narrowed_gap(exact, bits);
    if (got == want) return ::testing::AssertionSuccess();
    if (mode == AlignMode::Local && exact <= 0 && got <= exact)
        return ::testing::AssertionSuccess();
    return ::testing::AssertionFailure() << "I " << got << ", exact " << exact;
}

// One tile's edges, as full-length arrays indexed by DP index.
struct Edges {
    std::vector<std::int32_t> top_h, top_i, bottom_h, bottom_i, left_h, left_d;
    TileEdges view() {
        return {top_h.data(),    top_i.data(),  bottom_h.data(),
                bottom_i.data(), left_h.data(), left_d.data()};
    }
};

// The tile's H, I and D cell by cell (the recurrences of pairwise.hpp), for the extremes of H.
struct HRange {
    std::int64_t low = INT64_MAX, high = INT64_MIN;
};
HRange tile_h_range(const TileProblem& p, const TileBounds& tile, const Edges& in) {
    const std::int32_t floor = detail::h_floor(p.mode);
    std::vector<std::int32_t> h(in.top_h.begin(), in.top_h.end()), vi(in.top_i);
    HRange range;
    for (std::int64_t i = tile.r0; i < tile.r1; ++i) {
        std::int32_t diag = i == tile.r0 ? in.top_h[tile.c0 - 1] : in.left_h[i - 1];
        std::int32_t left = in.left_h[i], d = in.left_d[i];
        for (std::int64_t j = tile.c0; j < tile.c1; ++j) {
            const auto cell = detail::update_cell(diag, h[j], vi[j], left, d,
                                                  p.matrix->score(p.query[i - 1], p.target[j - 1]),
                                                  p.gaps, floor);
            diag = h[j];
            h[j] = left = cell.h;
            vi[j] = cell.i;
            d = cell.d;
            range.low = std::min<std::int64_t>(range.low, cell.h);
            range.high = std::max<std::int64_t>(range.high, cell.h);
        }
    }
    return range;
}

Scoring random_scoring(std::mt19937_64& rng, bool protein) {
    std::uniform_int_distribution<int> cost(0, 6);
    if (protein) return {test::random_protein_matrix(rng), {cost(rng) + 1, cost(rng) / 2 + 1}};
    return {dna_matrix(1 + cost(rng) % 3, -1 - cost(rng) % 4, -1 - cost(rng) % 2),
            {cost(rng), 1 + cost(rng) % 3}};
}

// Random edges for a tile: H in [-spread, spread] (local: [0, spread]), I and D likewise or
// minus infinity now and then.
Edges random_edges(std::mt19937_64& rng, const TileProblem& p, const TileBounds& tile,
                   std::int32_t spread) {
    Edges e;
    const auto columns = static_cast<std::size_t>(p.n + 1),
               rows = static_cast<std::size_t>(p.m + 1);
    std::uniform_int_distribution<std::int32_t> value(p.mode == AlignMode::Local ? 0 : -spread,
                                                      spread);
    std::uniform_int_distribution<std::int32_t> gap(-2 * spread, spread);
    std::uniform_int_distribution<int> coin(0, 7);
    const auto gap_value = [&] { return coin(rng) == 0 ? kMinusInfinity : gap(rng); };
    e.top_h.assign(columns, 0);
    e.top_i.assign(columns, kMinusInfinity);
    e.bottom_h.assign(columns, 12345);
    e.bottom_i.assign(columns, 12345);
    e.left_h.assign(rows, 0);
    e.left_d.assign(rows, kMinusInfinity);
    for (std::int64_t j = tile.c0 - 1; j < tile.c1; ++j) e.top_h[j] = value(rng);
    for (std::int64_t j = tile.c0; j < tile.c1; ++j) e.top_i[j] = gap_value();
    for (std::int64_t i = tile.r0; i < tile.r1; ++i) {
        e.left_h[i] = value(rng);
        e.left_d[i] = gap_value();
    }
    return e;
}

// One kernel on one tile against the scalar kernel: the same edges and end cell, or false exactly
// when an H of the tile or its edges leaves the lanes' range.
void check_tile(const NamedKernel& k, const TileProblem& p, const TileBounds& tile,
                const Edges& input, const std::string& where) {
    Edges want = input, got = input;
    EndCell want_end, got_end;
    detail::fill_tile_scalar(p, tile, want.view(), want_end);
    const bool filled = k.kernel(p, tile, got.view(), got_end);
    if (k.bits == 32) {
        ASSERT_TRUE(filled) << where;
    } else {
        const HRange range = tile_h_range(p, tile, input);
        bool fits = range.low > lane_min(k.bits) && range.high < lane_max(k.bits);
        // Edges: H strictly inside the range, I and D below its top.
        for (std::int64_t j = tile.c0 - 1; j < tile.c1; ++j)
            fits = fits && input.top_h[j] > lane_min(k.bits) && input.top_h[j] < lane_max(k.bits);
        for (std::int64_t j = tile.c0; j < tile.c1; ++j)
            fits = fits && input.top_i[j] < lane_max(k.bits);
        for (std::int64_t i = tile.r0; i < tile.r1; ++i)
            fits = fits && input.left_h[i] > lane_min(k.bits) &&
                   input.left_h[i] < lane_max(k.bits) && input.left_d[i] < lane_max(k.bits);
        fits = fits && p.gaps.open_extend < lane_max(k.bits);
        for (std::int32_t s : p.matrix->scores)
            fits = fits && s >= lane_min(k.bits) && s <= lane_max(k.bits);
        ASSERT_EQ(filled, fits) << where << ": H in [" << range.low << ", " << range.high << "]";
        if (!filled) return;
    }
    for (std::int64_t j = tile.c0; j < tile.c1; ++j) {
        ASSERT_EQ(got.bottom_h[j], want.bottom_h[j]) << where << " bottom H, column " << j;
        ASSERT_TRUE(bottom_i_matches(got.bottom_i[j], want.bottom_i[j], k.bits, p.mode))
            << where << " bottom I, column " << j;
    }
    for (std::int64_t i = tile.r0; i < tile.r1; ++i) {
        ASSERT_EQ(got.left_h[i], want.left_h[i]) << where << " right H, row " << i;
        ASSERT_EQ(got.left_d[i], narrowed_gap(want.left_d[i], k.bits))
            << where << " right D, row " << i;
    }
    ASSERT_EQ(got_end.score, want_end.score) << where;
    ASSERT_EQ(got_end.i, want_end.i) << where;
    ASSERT_EQ(got_end.j, want_end.j) << where;
}

void check_random_tiles(std::mt19937_64& rng, int rounds) {
    const std::vector<NamedKernel> kernels = striped_kernels();
    std::uniform_int_distribution<std::size_t> pick(1, std::size(kLengths) - 2);  // 1 .. 100
    std::uniform_int_distribution<int> offset(0, 5);
    std::uniform_int_distribution<std::int32_t> spread_pick(0, 3);
    for (int round = 0; round < rounds; ++round) {
        const bool protein = round % 2 == 1;
        const Scoring scoring = random_scoring(rng, protein);
        const std::size_t rows = kLengths[pick(rng)], columns = kLengths[pick(rng)];
        const TileBounds tile{1 + offset(rng), 0, 1 + offset(rng), 0};
        const TileBounds bounds{tile.r0, tile.r0 + static_cast<std::int64_t>(rows), tile.c0,
                                tile.c0 + static_cast<std::int64_t>(columns)};
        // The tile sometimes ends at the last row or column (the end cells of glocal, overlap).
        const std::size_t m = bounds.r1 - 1 + offset(rng) % 2, n = bounds.c1 - 1 + offset(rng) % 2;
        const Seq q = protein ? test::random_protein(rng, m, true) : test::random_dna(rng, m, 0.05);
        const Seq t = round % 3 == 0
                          ? test::mutate(rng, q, protein ? 24 : 4, 0.1, 0.05)
                          : (protein ? test::random_protein(rng, n) : test::random_dna(rng, n));
        const Seq target = t.size() >= n ? Seq(t.begin(), t.begin() + n) : [&] {
            Seq padded = t;
            while (padded.size() < n) padded.push_back(0);
            return padded;
        }();
        // Edges near 0, near the int8 range, and up to the int16 range.
        const std::int32_t spread =
            std::array<std::int32_t, 4>{20, 120, 3000, 40000}[spread_pick(rng)];
        for (AlignMode mode : kModes) {
            const TileProblem p = make_problem(q, target, scoring, mode);
            const Edges edges = random_edges(rng, p, bounds, spread);
            for (const NamedKernel& k : kernels) {
                const std::string where = k.name + " " + std::string(mode_name(mode)) + " tile " +
                                          std::to_string(rows) + " x " + std::to_string(columns) +
                                          " round " + std::to_string(round);
                check_tile(k, p, bounds, edges, where);
                if (::testing::Test::HasFatalFailure()) return;
            }
        }
    }
}

TEST(AlignStriped, TilesMatchTheScalarKernel) {
    std::mt19937_64 rng(test::test_seed());
    check_random_tiles(rng, 300);
}

TEST(AlignStriped, TilesMatchTheScalarKernelWithFixedSeeds) {
    for (std::uint64_t seed : {3u, 11u, 2026u}) {
        std::mt19937_64 rng(seed);
        check_random_tiles(rng, 150);
    }
}

// A whole pair through fill_pair: the same end and checkpoints as the scalar kernel, in one tile
// and in many (and false only when a lane range is exceeded, which these small scores avoid for
// 16 and 32 bits).
void check_pair(const NamedKernel& k, const TileProblem& p, const detail::FillPlan& plan,
                const detail::FillOutcome& want, const std::string& where) {
    const detail::FillOutcome got = detail::fill_pair(p, plan, k.kernel, true, nullptr, {}, 0);
    if (got.saturated) {
        ASSERT_LT(k.bits, 32) << where;
        return;
    }
    ASSERT_EQ(got.end.score, want.end.score) << where;
    ASSERT_EQ(got.end.i, want.end.i) << where;
    ASSERT_EQ(got.end.j, want.end.j) << where;
    const detail::Checkpoints &g = got.checkpoints, &w = want.checkpoints;
    ASSERT_EQ(g.row_h.size(), w.row_h.size()) << where;
    for (std::size_t b = 0; b < w.row_h.size(); ++b) {
        ASSERT_EQ(g.row_h[b], w.row_h[b]) << where << " checkpoint row " << b;
        for (std::size_t j = 0; j < w.row_i[b].size(); ++j)
            ASSERT_TRUE(bottom_i_matches(g.row_i[b][j], w.row_i[b][j], k.bits, p.mode))
                << where << " checkpoint row " << b << " I " << j;
    }
    ASSERT_EQ(g.column_h.size(), w.column_h.size()) << where;
    for (std::size_t c = 0; c < w.column_h.size(); ++c) {
        ASSERT_EQ(g.column_h[c], w.column_h[c]) << where << " checkpoint column " << c;
        for (std::size_t i = 0; i < w.column_d[c].size(); ++i)
            ASSERT_EQ(g.column_d[c][i], narrowed_gap(w.column_d[c][i], k.bits))
                << where << " checkpoint column " << c << " D " << i;
    }
}

void check_pairs(std::mt19937_64& rng, bool long_pairs) {
    const std::vector<NamedKernel> kernels = striped_kernels();
    int round = 0;
    for (std::size_t m : kLengths)
        for (std::size_t n : kLengths) {
            if ((m >= 1000 || n >= 1000) != long_pairs) continue;
            const bool protein = ++round % 2 == 0;
            const Scoring scoring = random_scoring(rng, protein);
            const Seq q = protein ? test::random_protein(rng, m, true) : test::random_dna(rng, m);
            Seq t = test::mutate(rng, q, protein ? 24 : 4, 0.15, 0.05);
            t.resize(n, 1);
            for (AlignMode mode : kModes) {
                const TileProblem p = make_problem(q, t, scoring, mode);
                const detail::FillPlan one{std::max<std::int64_t>(1, p.m),
                                           std::max<std::int64_t>(1, p.n)};
                const detail::FillPlan tiled{7 + round % 30, 5 + round % 41};
                for (const detail::FillPlan& plan : {one, tiled}) {
                    const detail::FillOutcome want = detail::fill_pair(
                        p, plan,
                        [](const TileProblem& a, const TileBounds& b, const TileEdges& c,
                           EndCell& d) {
                            detail::fill_tile_scalar(a, b, c, d);
                            return true;
                        },
                        true, nullptr, {}, 0);
                    for (const NamedKernel& k : kernels) {
                        const std::string where =
                            k.name + " " + std::string(mode_name(mode)) + " " + std::to_string(m) +
                            " x " + std::to_string(n) + " plan " + std::to_string(plan.block_rows) +
                            "/" + std::to_string(plan.block_columns);
                        check_pair(k, p, plan, want, where);
                        if (::testing::Test::HasFatalFailure()) return;
                    }
                }
            }
        }
}

TEST(AlignStriped, PairsMatchTheScalarKernel) {
    std::mt19937_64 rng(test::test_seed());
    check_pairs(rng, false);
}

TEST(AlignStriped, LongPairsMatchTheScalarKernel) {
    std::mt19937_64 rng(test::test_seed());
    check_pairs(rng, true);
}

TEST(AlignStriped, PairsMatchTheScalarKernelWithFixedSeeds) {
    for (std::uint64_t seed : {5u, 77u}) {
        std::mt19937_64 rng(seed);
        check_pairs(rng, false);
    }
}

// A score beyond the lanes: the narrow kernels say so, and align_pair refills with wider lanes
// and reports the width.
TEST(AlignStriped, SaturationFallsBackToWiderLanes) {
    std::mt19937_64 rng(test::test_seed());
    const Scoring scoring{dna_matrix(2, -3, -3), {5, 2}};
    for (std::size_t length : {40u, 70u, 16500u}) {
        const Seq q = test::random_dna(rng, length);
        const TileProblem p = make_problem(q, q, scoring, AlignMode::Local);
        const detail::FillPlan plan{static_cast<std::int64_t>(length),
                                    static_cast<std::int64_t>(length)};
        const std::int64_t score = 2 * static_cast<std::int64_t>(length);
        for (const NamedKernel& k : striped_kernels()) {
            if (length > 1000 && k.bits == 8) continue;
            const detail::FillOutcome filled =
                detail::fill_pair(p, plan, k.kernel, false, nullptr, {}, 0);
            EXPECT_EQ(filled.saturated, score >= lane_max(k.bits)) << k.name << " " << length;
            if (!filled.saturated) {
                EXPECT_EQ(filled.end.score, score) << k.name;
            }
        }
        for (bool score_only : {true, false}) {
            if (length > 1000 && !score_only) continue;
            const PairAlignment got = align_pair(q, q, {AlignMode::Local, scoring, score_only});
            EXPECT_EQ(got.score, score);
            EXPECT_EQ(got.query_end, static_cast<std::int64_t>(length));
            if (detail::cpu_supports(detail::SimdIsa::Sse41)) {
                EXPECT_EQ(got.score_bits, score < 127 ? 8 : score < 32767 ? 16 : 32) << length;
            }
        }
    }
    // Global: the boundary alone leaves 8 bits for a long pair.
    const Seq q = test::random_dna(rng, 300), t = test::random_dna(rng, 200);
    const PairAlignment global = align_pair(q, t, {AlignMode::Global, scoring, false});
    EXPECT_EQ(global.score, test::align_reference(q, t, AlignMode::Global, scoring).score);
    if (detail::cpu_supports(detail::SimdIsa::Sse41)) {
        EXPECT_GE(global.score_bits, 16);
    }
}

// align_pair through the ladder gives the reference's alignment, whatever width it took.
TEST(AlignStriped, AlignPairThroughTheLadderMatchesTheReference) {
    std::mt19937_64 rng(test::test_seed());
    std::uniform_int_distribution<std::size_t> length(0, 120);
    for (int k = 0; k < 120; ++k) {
        const bool protein = k % 2 == 1;
        const Scoring scoring = random_scoring(rng, protein);
        const Seq q = protein ? test::random_protein(rng, length(rng), true)
                              : test::random_dna(rng, length(rng), 0.05);
        const Seq t = k % 3 ? test::mutate(rng, q, protein ? 24 : 4, 0.1, 0.05)
                            : (protein ? test::random_protein(rng, length(rng))
                                       : test::random_dna(rng, length(rng)));
        for (AlignMode mode : kModes) {
            const PairAlignment want = test::align_reference(q, t, mode, scoring);
            for (bool score_only : {false, true}) {
                const PairAlignment got = align_pair(q, t, {mode, scoring, score_only});
                const std::string where = std::string(mode_name(mode)) + " pair " +
                                          std::to_string(k) + (score_only ? " score only" : "");
                EXPECT_EQ(got.score, want.score) << where;
                EXPECT_EQ(got.query_end, want.query_end) << where;
                EXPECT_EQ(got.target_end, want.target_end) << where;
                if (!score_only) {
                    EXPECT_EQ(got.query_begin, want.query_begin) << where;
                    EXPECT_EQ(got.target_begin, want.target_begin) << where;
                    EXPECT_EQ(cigar_string(got.cigar), cigar_string(want.cigar)) << where;
                }
                EXPECT_TRUE(got.score_bits == 8 || got.score_bits == 16 || got.score_bits == 32);
                if (got.score_bits < 32) {
                    EXPECT_LT(want.score, lane_max(got.score_bits)) << where;
                    EXPECT_GT(want.score, lane_min(got.score_bits)) << where;
                }
            }
        }
        if (::testing::Test::HasFailure()) return;
    }
}

}  // namespace
}  // namespace tropic::align
