// Windows of `tropic mirscan` against a plain reference that applies the documented rules base by
// base: segments, starts every step, a shorter last window, the reverse strand mirrored.
#include <gtest/gtest.h>

#include <algorithm>
#include <random>
#include <string>
#include <tuple>
#include <vector>

#include "reference/mirna_scan_reference.hpp"
#include "support/random_rna.hpp"
#include "tropic/core/error.hpp"
#include "tropic/mirna/scan_windows.hpp"

namespace tropic::mirna {
namespace {

std::string random_genome(std::mt19937_64& rng, std::size_t n) {
    std::string letters = "ACGUACGUACGUacguNNR";
    std::uniform_int_distribution<std::size_t> pick(0, letters.size() - 1);
    std::uniform_int_distribution<int> run(1, 40);
    std::string s;
    while (s.size() < n) s.append(static_cast<std::size_t>(run(rng)), letters[pick(rng)]);
    s.resize(n);
    return s;
}

auto as_tuple(const ScanWindow& w) {
    return std::make_tuple(w.start, w.length, w.strand);
}

// Every window for_each_window_by_start hands out, in its order.
std::vector<ScanWindow> windows_of(std::string_view genome, const WindowParams& p) {
    std::vector<ScanWindow> windows;
    for_each_window_by_start(genome, p, [&](const ScanWindow& w) { windows.push_back(w); });
    return windows;
}

void expect_same(const std::vector<ScanWindow>& got, const std::vector<ScanWindow>& want) {
    ASSERT_EQ(got.size(), want.size());
    for (std::size_t i = 0; i < got.size(); ++i)
        EXPECT_EQ(as_tuple(got[i]), as_tuple(want[i])) << "window " << i;
}

TEST(ScanWindows, HandCheckedSegmentWithShortLastWindow) {
    // One segment of 50 bases, windows of 20 every 15: 0-20, 15-35, 30-50 reaches the end.
    std::string s(50, 'A');
    WindowParams p{20, 15, ScanStrands::Both, false, 1};
    std::vector<ScanWindow> w = windows_of(s, p);
    ASSERT_EQ(w.size(), 6u);
    EXPECT_EQ(as_tuple(w[0]), std::make_tuple(0ull, 20u, '+'));
    EXPECT_EQ(as_tuple(w[1]), std::make_tuple(0ull, 20u, '-'));
    EXPECT_EQ(as_tuple(w[2]), std::make_tuple(15ull, 20u, '+'));
    EXPECT_EQ(as_tuple(w[3]), std::make_tuple(15ull, 20u, '-'));
    EXPECT_EQ(as_tuple(w[4]), std::make_tuple(30ull, 20u, '+'));
    EXPECT_EQ(as_tuple(w[5]), std::make_tuple(30ull, 20u, '-'));
    // Windows of 20 every 20 over 45 bases: the last one is 5 long, kept only with min_length <= 5.
    std::string t(45, 'G');
    WindowParams q{20, 20, ScanStrands::Forward, false, 6};
    w = windows_of(t, q);
    ASSERT_EQ(w.size(), 2u);
    q.min_length = 5;
    w = windows_of(t, q);
    ASSERT_EQ(w.size(), 3u);
    EXPECT_EQ(as_tuple(w[2]), std::make_tuple(40ull, 5u, '+'));
}

TEST(ScanWindows, NRunsAndMaskedBasesSplitSegments) {
    std::string s = "ACGUNNNNacguacguRACGU";
    std::vector<Segment> all = scan_segments(s, false);
    ASSERT_EQ(all.size(), 3u);
    EXPECT_EQ(all[0].begin, 0u);
    EXPECT_EQ(all[0].end, 4u);
    EXPECT_EQ(all[1].begin, 8u);
    EXPECT_EQ(all[1].end, 16u);
    EXPECT_EQ(all[2].begin, 17u);
    std::vector<Segment> unmasked = scan_segments(s, true);
    ASSERT_EQ(unmasked.size(), 2u);
    EXPECT_EQ(unmasked[1].begin, 17u);
    EXPECT_TRUE(scan_segments("NNNN", false).empty());
    EXPECT_TRUE(scan_segments("", false).empty());
}

TEST(ScanWindows, ReverseWindowsAreReverseComplementsInForwardCoordinates) {
    std::string s = "AACCGGUUaT";
    ScanWindow w{1, 6, '-'};
    // Forward bases 1..6 are ACCGGU; their reverse complement is ACCGGU as well; use 2..8 instead.
    EXPECT_EQ(window_sequence(s, w), "ACCGGU");
    ScanWindow v{4, 6, '-'};  // GGUUaT -> reverse complement AuAACC upper-cased
    EXPECT_EQ(window_sequence(s, v), "AUAACC");
    ScanWindow f{4, 6, '+'};
    EXPECT_EQ(window_sequence(s, f), "GGUUAU");
    // Local [1, 3) of a '-' window of forward [4, 10) is forward [7, 9).
    Segment r = forward_range(v, 1, 3);
    EXPECT_EQ(r.begin, 7u);
    EXPECT_EQ(r.end, 9u);
    Segment g = forward_range(f, 1, 3);
    EXPECT_EQ(g.begin, 5u);
    EXPECT_EQ(g.end, 7u);
}

// The reference lists each segment's '+' walk, then its '-' walk; the scan hands them out by start.
TEST(ScanWindows, MatchTheReferenceOnRandomGenomes) {
    for (std::uint64_t seed : std::vector<std::uint64_t>{1, 2, 3, 5, 6, 42, test::test_seed()}) {
        std::mt19937_64 rng(seed);
        for (int trial = 0; trial < 60; ++trial) {
            std::uniform_int_distribution<int> window(1, 60), step(1, 70), min_len(1, 30),
                strands(0, 2), length(0, 400);
            WindowParams p;
            p.window = window(rng);
            p.step = step(rng);
            p.min_length = min_len(rng);
            p.strands = static_cast<ScanStrands>(strands(rng));
            p.skip_masked = trial % 2 == 0;
            std::string genome = random_genome(rng, static_cast<std::size_t>(length(rng)));
            std::vector<ScanWindow> want = test::reference_scan_windows(genome, p);
            std::stable_sort(want.begin(), want.end(), [](const auto& a, const auto& b) {
                return a.start != b.start ? a.start < b.start
                                          : (a.strand == '+' && b.strand == '-');
            });
            SCOPED_TRACE(testing::Message() << "seed " << seed << " trial " << trial);
            expect_same(windows_of(genome, p), want);
        }
    }
}

TEST(ScanWindows, EveryScannedBaseIsCoveredOnEachStrand) {
    std::mt19937_64 rng(7);
    std::string genome = random_genome(rng, 5000);
    WindowParams p{120, 20, ScanStrands::Both, false, 1};
    std::vector<int> forward(genome.size(), 0), reverse(genome.size(), 0);
    for (const ScanWindow& w : windows_of(genome, p))
        for (std::uint64_t i = w.start; i < w.start + w.length; ++i)
            ++(w.strand == '+' ? forward : reverse)[i];
    for (std::size_t i = 0; i < genome.size(); ++i) {
        bool in_segment = std::string("ACGUTacgut").find(genome[i]) != std::string::npos;
        EXPECT_EQ(forward[i] > 0, in_segment) << i;
        EXPECT_EQ(reverse[i] > 0, in_segment) << i;
    }
}

TEST(ScanWindows, BadParametersAreRefused) {
    EXPECT_THROW(validate(WindowParams{0, 20, ScanStrands::Both, false, 1}), InputError);
    EXPECT_THROW(validate(WindowParams{120, 0, ScanStrands::Both, false, 1}), InputError);
    EXPECT_THROW((void)windows_of("ACGU", WindowParams{120, -1, ScanStrands::Both, false, 1}),
                 InputError);
}

}  // namespace
}  // namespace tropic::mirna
