// layout_structure(): planar drawings of random and hand-made structures; the per-base values
// (base_values.hpp); structure drawings as PNG. The SVG checks of both pictures are in
// test_dot_plot.cpp.
#include <gtest/gtest.h>

#include <cmath>
#include <filesystem>
#include <fstream>
#include <random>
#include <string>

#include "support/input_error.hpp"
#include "support/random_rna.hpp"
#include "support/temp_dir.hpp"
#include "tropic/rna/base_values.hpp"
#include "tropic/rna/structure_plot.hpp"

namespace tropic::rna {
namespace {

// A random balanced structure: helices of 1 to 7 stacked pairs around regions of at least 3
// bases, which may hold further helices (multiloops, interior loops, bulges).
void fill_random(std::mt19937_64& rng, std::string& s, int begin, int end) {
    std::uniform_real_distribution<double> unit(0, 1);
    for (int k = begin; k < end;) {
        const int room = end - k;
        if (room >= 5 && unit(rng) < 0.3) {
            const int stack =
                std::uniform_int_distribution<int>(1, std::min(7, (room - 3) / 2))(rng);
            const int inner = std::uniform_int_distribution<int>(
                3, std::min(room - 2 * stack, 3 + room / 2))(rng);
            for (int p = 0; p < stack; ++p) s[k + p] = '(', s[k + 2 * stack + inner - 1 - p] = ')';
            fill_random(rng, s, k + stack, k + stack + inner);
            k += 2 * stack + inner;
        } else {
            ++k;
        }
    }
}

std::string random_structure(std::mt19937_64& rng, int n) {
    std::string s(n, '.');
    fill_random(rng, s, 0, n);
    return s;
}

double distance(Point2 a, Point2 b) {
    return std::hypot(a.x - b.x, a.y - b.y);
}

// Proper or touching intersection of segments ab and cd (they share no endpoint here).
bool segments_meet(Point2 a, Point2 b, Point2 c, Point2 d) {
    auto cross = [](Point2 o, Point2 p, Point2 q) {
        return (p.x - o.x) * (q.y - o.y) - (p.y - o.y) * (q.x - o.x);
    };
    constexpr double kEps = 1e-9;
    const double d1 = cross(c, d, a), d2 = cross(c, d, b), d3 = cross(a, b, c), d4 = cross(a, b, d);
    if (((d1 > kEps && d2 < -kEps) || (d1 < -kEps && d2 > kEps)) &&
        ((d3 > kEps && d4 < -kEps) || (d3 < -kEps && d4 > kEps)))
        return true;
    auto on_segment = [&](Point2 p, Point2 q, Point2 r, double side) {
        return std::abs(side) <= kEps && std::min(p.x, q.x) - kEps <= r.x &&
               r.x <= std::max(p.x, q.x) + kEps && std::min(p.y, q.y) - kEps <= r.y &&
               r.y <= std::max(p.y, q.y) + kEps;
    };
    return on_segment(c, d, a, d1) || on_segment(c, d, b, d2) || on_segment(a, b, c, d3) ||
           on_segment(a, b, d, d4);
}

std::vector<int> partners(const std::string& s) {
    std::vector<int> partner(s.size(), -1), open;
    for (int k = 0; k < static_cast<int>(s.size()); ++k) {
        if (s[k] == '(') open.push_back(k);
        if (s[k] == ')') partner[k] = open.back(), partner[open.back()] = k, open.pop_back();
    }
    return partner;
}

// Every property layout_structure() promises, as a gtest failure naming the structure.
void expect_planar_layout(const std::string& s) {
    SCOPED_TRACE(s);
    const std::vector<Point2> points = layout_structure(s);
    ASSERT_EQ(points.size(), s.size());
    const std::vector<int> partner = partners(s);
    const int n = static_cast<int>(s.size());
    struct Segment {
        int a, b;
    };
    std::vector<Segment> segments;
    for (int k = 0; k + 1 < n; ++k) segments.push_back({k, k + 1});
    for (int k = 0; k < n; ++k)
        if (partner[k] > k) segments.push_back({k, partner[k]});
    for (int k = 0; k < n; ++k) {
        ASSERT_TRUE(std::isfinite(points[k].x) && std::isfinite(points[k].y)) << "base " << k;
        if (partner[k] > k) {
            EXPECT_NEAR(distance(points[k], points[partner[k]]), 1, 1e-9);
        }
        if (k + 1 < n) {
            EXPECT_GE(distance(points[k], points[k + 1]), 1 - 1e-9)
                << "bases " << k << ", " << k + 1;
            // Inside a helix (stacked pairs), the ladder keeps the backbone at exactly 1.
            if (partner[k] > k + 1 && partner[k + 1] == partner[k] - 1) {
                EXPECT_NEAR(distance(points[k], points[k + 1]), 1, 1e-9);
            }
        }
    }
    for (std::size_t u = 0; u < segments.size(); ++u)
        for (std::size_t v = u + 1; v < segments.size(); ++v) {
            const Segment p = segments[u], q = segments[v];
            if (p.a == q.a || p.a == q.b || p.b == q.a || p.b == q.b) continue;
            ASSERT_FALSE(segments_meet(points[p.a], points[p.b], points[q.a], points[q.b]))
                << "segments " << p.a + 1 << "-" << p.b + 1 << " and " << q.a + 1 << "-" << q.b + 1
                << " cross";
        }
}

TEST(StructureLayout, CrossingCheckSeesCrossings) {
    EXPECT_TRUE(segments_meet({0, 0}, {2, 2}, {0, 2}, {2, 0}));
    EXPECT_TRUE(segments_meet({0, 0}, {2, 0}, {1, 0}, {3, 0}));  // overlapping, collinear
    EXPECT_FALSE(segments_meet({0, 0}, {1, 0}, {2, 0}, {3, 0}));
    EXPECT_FALSE(segments_meet({0, 0}, {1, 1}, {0, 1}, {0.4, 0.6}));
}

TEST(StructureLayout, HandMadeStructuresArePlanar) {
    for (const char* s : {"", ".", "....", "(...)", "((((....))))", "((...))((...))",
                          "..((((...))))...((((...))))..", "((((...))((...))((...))))",
                          "(((..((((...)))).((((...)))).((((...))))..)))",
                          ".((((.((((((...))))))..((((((...)))))).((((...)))).))))..",
                          "((((((((((((((((((((....)))))))))))))))))))).((((....))))"})
        expect_planar_layout(s);
}

TEST(StructureLayout, HairpinIsARegularPolygon) {
    // (...) : the loop is a regular pentagon with sides of 1.
    const std::vector<Point2> p = layout_structure("(...)");
    for (int k = 0; k < 5; ++k) EXPECT_NEAR(distance(p[k], p[(k + 1) % 5]), 1, 1e-9);
}

TEST(StructureLayout, RandomStructuresArePlanarFixedSeeds) {
    for (std::uint64_t seed : {1u, 2u, 3u, 42u, 2024u}) {
        std::mt19937_64 rng(seed);
        for (int n : {20, 60, 150, 300}) expect_planar_layout(random_structure(rng, n));
    }
}

TEST(StructureLayout, RandomStructuresArePlanarFreshSeed) {
    std::mt19937_64 rng(test::test_seed());
    for (int round = 0; round < 6; ++round)
        expect_planar_layout(
            random_structure(rng, std::uniform_int_distribution<int>(10, 400)(rng)));
}

TEST(StructureLayout, UnbalancedBracketsNameThePosition) {
    EXPECT_NE(test::input_error_of([] { (void)layout_structure("((..)"); }).find("position 1"),
              std::string::npos);
    EXPECT_NE(test::input_error_of([] { (void)layout_structure("(..))."); }).find("position 5"),
              std::string::npos);
}

TEST(BaseValues, PairedProbabilityAndEntropyByHand) {
    // Base 0 pairs with 3 (p 0.5) and 4 (p 0.25): unpaired 0.25.
    const PairProbabilities pairs = {{0, 3, 0.5}, {0, 4, 0.25}, {1, 4, 0.7}};
    const std::vector<double> paired = paired_probability(5, pairs);
    ASSERT_EQ(paired.size(), 5u);
    EXPECT_DOUBLE_EQ(paired[0], 0.75);
    EXPECT_DOUBLE_EQ(paired[1], 0.7);
    EXPECT_DOUBLE_EQ(paired[2], 0.0);
    EXPECT_DOUBLE_EQ(paired[3], 0.5);
    EXPECT_DOUBLE_EQ(paired[4], 0.95);
    const std::vector<double> entropy = positional_entropy(5, pairs);
    // S_0 = -(0.5 ln 0.5 + 0.25 ln 0.25 + 0.25 ln 0.25) = 1.5 ln 2.
    EXPECT_NEAR(entropy[0], 1.5 * std::log(2.0), 1e-12);
    EXPECT_NEAR(entropy[2], 0.0, 1e-12);
    EXPECT_NEAR(entropy[3], std::log(2.0), 1e-12);
    EXPECT_NEAR(entropy[4], -(0.25 * std::log(0.25) + 0.7 * std::log(0.7) + 0.05 * std::log(0.05)),
                1e-12);
}

TEST(BaseValues, ClampsRoundingAndIgnoresPairsOutside) {
    const PairProbabilities pairs = {{0, 1, 0.6}, {0, 2, 0.4000001}, {1, 9, 1.0}};
    const std::vector<double> paired = paired_probability(3, pairs);
    EXPECT_DOUBLE_EQ(paired[0], 1.0);
    EXPECT_DOUBLE_EQ(paired[1], 0.6);
    const std::vector<double> entropy = positional_entropy(3, pairs);
    EXPECT_NEAR(entropy[0], -(0.6 * std::log(0.6) + 0.4000001 * std::log(0.4000001)), 1e-12);
}

TEST(BaseValues, StructureAccuracy) {
    const PairProbabilities pairs = {{0, 4, 0.8}, {1, 4, 0.1}};
    const std::vector<double> accuracy = structure_accuracy("(...)", pairs);
    EXPECT_DOUBLE_EQ(accuracy[0], 0.8);
    EXPECT_DOUBLE_EQ(accuracy[4], 0.8);
    EXPECT_NEAR(accuracy[1], 0.9, 1e-12);
    EXPECT_DOUBLE_EQ(accuracy[2], 1.0);
}

TEST(StructurePlot, PngWrittenWithCairo) {
    test::TempDir dir("tropic-structure-plot");
    const std::string path = (dir.path() / "hairpin.png").string();
    const StructurePlotInput input{"hairpin", "GGGAAACCC", "(((...)))", {}, ""};
    if (!rna_png_supported()) {
        EXPECT_NE(
            test::input_error_of([&] { write_structure_plot_png(input, path); }).find("cairo"),
            std::string::npos);
        EXPECT_FALSE(std::filesystem::exists(path));
        GTEST_SKIP() << "this build has no cairo for the rna pictures: PNG not tested";
    }
    write_structure_plot_png(input, path);
    std::ifstream file(path, std::ios::binary);
    std::string magic(8, '\0');
    file.read(magic.data(), 8);
    EXPECT_EQ(magic, std::string("\x89PNG\r\n\x1a\n", 8));
}

}  // namespace
}  // namespace tropic::rna
