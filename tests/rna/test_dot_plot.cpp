// SVG checks of both rna pictures: dot plots (dot_plot.hpp) and structure drawings
// (structure_plot.hpp): well-formed enough to open, one element per thing shown.
#include <gtest/gtest.h>

#include <cstdio>
#include <fstream>
#include <string>
#include <vector>

#include "support/input_error.hpp"
#include "tropic/rna/dot_plot.hpp"
#include "tropic/rna/structure_plot.hpp"

namespace tropic::rna {
namespace {

// Tags balance like parentheses (self-closing ones count as both), the root is <svg>.
::testing::AssertionResult balanced_svg(const std::string& svg) {
    std::vector<std::string> open;
    for (std::size_t at = svg.find('<'); at != std::string::npos; at = svg.find('<', at + 1)) {
        const std::size_t end = svg.find('>', at);
        if (end == std::string::npos) return ::testing::AssertionFailure() << "unclosed '<'";
        const std::string tag = svg.substr(at + 1, end - at - 1);
        if (tag[0] == '?') continue;
        const std::string name =
            tag.substr(tag[0] == '/', tag.find_first_of(" /", 1) - (tag[0] == '/'));
        if (tag[0] == '/') {
            if (open.empty() || open.back() != name)
                return ::testing::AssertionFailure() << "</" << name << "> closes nothing";
            open.pop_back();
        } else if (tag.back() != '/') {
            if (open.empty() && name != "svg")
                return ::testing::AssertionFailure() << "root <" << name << ">";
            open.push_back(name);
        }
    }
    if (!open.empty()) return ::testing::AssertionFailure() << "<" << open.back() << "> open";
    return ::testing::AssertionSuccess();
}

std::size_t count(const std::string& text, const std::string& what) {
    std::size_t n = 0;
    for (std::size_t at = text.find(what); at != std::string::npos; at = text.find(what, at + 1))
        ++n;
    return n;
}

TEST(DotPlot, OneSquarePerPairAboveTheThreshold) {
    const PairProbabilities pairs = {{0, 8, 0.9}, {1, 7, 0.5}, {2, 6, 1e-6}, {0, 7, 0.02}};
    const DotPlotInput input{"hp <&>", "GGGAAACCC", &pairs, "((.....))"};
    const std::string svg = dot_plot_svg(input);
    EXPECT_TRUE(balanced_svg(svg));
    EXPECT_EQ(count(svg, "fill=\"#141414\""), 3u);  // 1e-6 is below the default 1e-5
    EXPECT_EQ(count(svg, "fill=\"#1e64c8\""), 2u);  // the structure's pairs
    EXPECT_NE(svg.find("hp &lt;&amp;&gt;"), std::string::npos);
}

TEST(DotPlot, LongSequencesStaySmall) {
    const int n = 3000;
    PairProbabilities pairs;
    for (int i = 0; i + 10 < n; i += 3) pairs.push_back({i, i + 10, 0.3});
    const DotPlotInput input{"long", std::string(n, 'A'), &pairs, std::string(n, '.')};
    const std::string svg = dot_plot_svg(input);
    EXPECT_TRUE(balanced_svg(svg));
    EXPECT_LT(svg.size(), 200 * pairs.size());
    EXPECT_NE(svg.find("width=\"9"), std::string::npos);  // about 970 px wide
}

TEST(DotPlot, PairOutsideTheSequenceIsAnInputError) {
    const PairProbabilities pairs = {{0, 20, 0.5}};
    EXPECT_NE(test::input_error_of([&] {
                  (void)dot_plot_svg(DotPlotInput{"x", "GGGAAACCC", &pairs, ""});
              }).find("(1, 21)"),
              std::string::npos);
}

TEST(StructurePlotSvg, OneDiscPerBaseAndAColourBar) {
    const StructurePlotInput plain{"t", "GGGAAACCCA", "(((...))).", {}, ""};
    const std::string svg = structure_plot_svg(plain);
    EXPECT_TRUE(balanced_svg(svg));
    EXPECT_EQ(count(svg, "<circle"), 10u);
    EXPECT_EQ(count(svg, "<line"), 9u + 3u);  // backbone and pairs
    StructurePlotInput coloured = plain;
    coloured.base_values.assign(10, 0.5);
    coloured.value_label = "pair probability";
    EXPECT_NE(structure_plot_svg(coloured).find("pair probability"), std::string::npos);
    coloured.base_values.pop_back();
    EXPECT_NE(
        test::input_error_of([&] { (void)structure_plot_svg(coloured); }).find("9 base values"),
        std::string::npos);
}

TEST(DotPlot, PngWrittenWithCairo) {
    if (!rna_png_supported()) GTEST_SKIP() << "this build has no cairo for the rna pictures";
    const std::string path = ::testing::TempDir() + "tropic_dot_plot_test.png";
    const PairProbabilities pairs = {{0, 8, 0.9}};
    write_dot_plot_png(DotPlotInput{"hp", "GGGAAACCC", &pairs, "(.......)"}, path);
    std::ifstream file(path, std::ios::binary);
    std::string magic(4, '\0');
    file.read(magic.data(), 4);
    EXPECT_EQ(magic, "\x89PNG");
    std::remove(path.c_str());
}

}  // namespace
}  // namespace tropic::rna
