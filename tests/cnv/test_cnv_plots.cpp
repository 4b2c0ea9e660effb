// The cnv plots: region plots and the heatmap as well-formed SVG (or PNG where cairo is built
// in), the cap on region plots, the heatmap's pooling, and no file without finish().
#include <gtest/gtest.h>

#include <cstdlib>
#include <filesystem>
#include <fstream>
#include <regex>
#include <sstream>

#include "cnv/output/heatmap.hpp"
#include "cnv/output/output_format.hpp"
#include "cnv/output/plot_style.hpp"
#include "output_fixture.hpp"
#include "support/samtools.hpp"  // read_text
#include "support/temp_dir.hpp"
#include "tropic/cnv/cnv_plots.hpp"
#include "tropic/core/error.hpp"

namespace fs = std::filesystem;

namespace tropic::cnv {
namespace {

std::size_t count(const std::string& text, const std::string& what) {
    std::size_t n = 0;
    for (auto at = text.find(what); at != std::string::npos; at = text.find(what, at + 1)) ++n;
    return n;
}

// Well-formed enough for our writer: one root <svg>, every element closed in order, and
// quoted attributes without stray '<' or '&'.
::testing::AssertionResult well_formed_svg(const std::string& text) {
    std::vector<std::string> open;
    std::size_t at = text.find("<svg");
    if (text.rfind("<?xml", 0) != 0 || at == std::string::npos)
        return ::testing::AssertionFailure() << "no XML declaration or <svg>";
    const std::regex tag(R"(<(/?)([a-zA-Z]+)((?:\s+[a-zA-Z][a-zA-Z0-9:-]*="[^"<&]*")*)\s*(/?)>)");
    std::size_t roots = 0;
    while (at < text.size()) {
        auto lt = text.find('<', at);
        if (lt == std::string::npos) break;
        auto gt = text.find('>', lt);
        std::smatch m;
        const std::string piece = text.substr(lt, gt - lt + 1);
        if (!std::regex_match(piece, m, tag))
            return ::testing::AssertionFailure() << "malformed tag " << piece;
        if (m[1] == "/") {
            if (open.empty() || open.back() != m[2])
                return ::testing::AssertionFailure() << "unbalanced " << piece;
            open.pop_back();
        } else if (m[4] != "/") {
            if (open.empty()) ++roots;
            open.push_back(m[2]);
        }
        at = gt + 1;
    }
    if (!open.empty() || roots != 1)
        return ::testing::AssertionFailure() << open.size() << " unclosed, " << roots << " roots";
    return ::testing::AssertionSuccess();
}

class CnvPlotsTest : public ::testing::Test {
  protected:
    test::TempDir temp_{"tropic-cnv-plots"};
    fs::path dir_ = temp_.path() / "plots";
    test::SyntheticCohort cohort_ = test::small_cohort();
};

TEST_F(CnvPlotsTest, SvgRegionPlotsAndHeatmap) {
    CnvPlotWriter writer(dir_.string());
    cohort_.run(writer);
    for (const char* name :
         {"chr1_3000_9000.svg", "chr1_12000_15000.svg", "chr2_x_0_1500.svg", "cn_heatmap.svg"})
        ASSERT_TRUE(fs::exists(dir_ / name)) << name;
    EXPECT_EQ(std::distance(fs::directory_iterator(dir_), fs::directory_iterator()), 4);

    const std::string region = test::read_text(dir_ / "chr1_3000_9000.svg");
    EXPECT_TRUE(well_formed_svg(region));
    EXPECT_EQ(count(region, "<polyline"), 3u * 3u) << "three panels, one line per sample";
    EXPECT_EQ(count(region, "stroke=\"#2166ac\""), 3u + 1u) << "s1's loss in each panel, legend";
    EXPECT_EQ(count(region, "stroke=\"#b2182b\""), 3u + 1u) << "s3's gain in each panel, legend";
    EXPECT_NE(region.find("CNV region chr1:3,001-9,000"), std::string::npos);
    EXPECT_NE(region.find("Normalized read counts"), std::string::npos);
    EXPECT_NE(region.find(">s1  CN1<"), std::string::npos);

    const std::string heatmap = test::read_text(dir_ / "cn_heatmap.svg");
    EXPECT_TRUE(well_formed_svg(heatmap));
    EXPECT_NE(heatmap.find(">s3<"), std::string::npos);
    EXPECT_NE(heatmap.find(">chr2/x<"), std::string::npos);
    // One rectangle per CNV (runs of equal cells), plus background, legend and frame.
    for (int cn : {0, 1, 3, 4}) {
        auto c = detail::copy_number_color(cn);
        char fill[16];
        std::snprintf(fill, sizeof fill, "#%02x%02x%02x", c.r, c.g, c.b);
        EXPECT_EQ(count(heatmap, std::string("fill=\"") + fill + '"'), 2u) << "CN" << cn;
    }
}

TEST_F(CnvPlotsTest, RegionPlotsAreCappedToTheLargest) {
    std::vector<std::string> notices;
    PlotOptions options;
    options.max_region_plots = 2;
    options.heatmap = false;
    options.on_notice = [&](const Notice& notice) { notices.push_back(notice.text); };
    CnvPlotWriter writer(dir_.string(), options);
    cohort_.run(writer);
    EXPECT_TRUE(fs::exists(dir_ / "chr1_3000_9000.svg"));
    EXPECT_TRUE(fs::exists(dir_ / "chr1_12000_15000.svg"));
    EXPECT_FALSE(fs::exists(dir_ / "chr2_x_0_1500.svg"));
    EXPECT_FALSE(fs::exists(dir_ / "cn_heatmap.svg"));
    ASSERT_EQ(notices.size(), 1u);
    EXPECT_NE(notices[0].find("2 largest of 3"), std::string::npos) << notices[0];
}

TEST_F(CnvPlotsTest, NothingWithoutFinish) {
    {
        CnvPlotWriter writer(dir_.string());
        writer.begin(cohort_.info);
        writer.sequence(cohort_.results[0]);
    }
    EXPECT_FALSE(fs::exists(dir_));
}

TEST_F(CnvPlotsTest, PngWhenBuiltWithCairo) {
    PlotOptions options;
    options.format = PlotFormat::Png;
    if (!png_supported()) {
        try {
            CnvPlotWriter writer(dir_.string(), options);
            FAIL() << "PNG accepted without cairo";
        } catch (const InputError& e) {
            EXPECT_NE(std::string(e.what()).find("cairo"), std::string::npos) << e.what();
        }
        GTEST_SKIP() << "built without cairo: PNG plots are refused, as checked";
    }
    CnvPlotWriter writer(dir_.string(), options);
    cohort_.run(writer);
    for (const char* name : {"chr1_3000_9000.png", "cn_heatmap.png"}) {
        const std::string png = test::read_text(dir_ / name);
        EXPECT_EQ(png.substr(0, 8), std::string("\x89PNG\r\n\x1a\n", 8)) << name;
    }
}

TEST(CnvHeatmap, PoolsWindowsAndKeepsTheExtremeClass) {
    EXPECT_EQ(detail::more_extreme(2, 3), 3);
    EXPECT_EQ(detail::more_extreme(1, 3), 1) << "a loss before an equally far gain";
    EXPECT_EQ(detail::more_extreme(0, 4), 0);
    EXPECT_EQ(detail::more_extreme(5, 0), 5);
    EXPECT_EQ(detail::more_extreme(-1, 2), 2);
    EXPECT_EQ(detail::more_extreme(-1, -1), -1);

    // 5000 windows into at most 100 columns; one single-window loss must stay visible.
    auto cohort = test::make_cohort({"a", "b"}, {{"chrA", 3000, 100}, {"chrB", 2000, 100}},
                                    {{1, 1, 1234, 1234, 0}});
    detail::Heatmap heatmap({"a", "b"}, 100);
    for (const auto& result : cohort.results) heatmap.add(cohort.info.params, result);
    const std::string svg = heatmap.render(PlotFormat::Svg);
    EXPECT_LE(heatmap.columns(), 100u);
    EXPECT_GT(heatmap.columns(), 50u);
    EXPECT_EQ(heatmap.windows_per_column(), 64u);
    EXPECT_TRUE(well_formed_svg(svg));
    EXPECT_EQ(count(svg, "fill=\"#084594\""), 2u) << "the CN0 cell and its legend key";
}

TEST(CnvOutputFormat, SafeFileNames) {
    EXPECT_EQ(detail::safe_file_name("chrUn/1 x"), "chrUn_1_x");
    EXPECT_EQ(detail::safe_file_name("HLA-A*01:01"), "HLA-A_01_01");
    EXPECT_EQ(detail::safe_file_name("../x"), ".._x");
    EXPECT_EQ(detail::group_thousands(1234567), "1,234,567");
    EXPECT_EQ(detail::format_real(0.1234567, 6), "0.123457");
    EXPECT_EQ(detail::format_real(std::nan(""), 6), "NA");
}

// Writes docs/images' examples from a synthetic cohort when TROPIC_CNV_EXAMPLES names a folder:
//   TROPIC_CNV_EXAMPLES=docs/images build-cpu/tests/cnv/... --gtest_filter='*Examples*'
TEST(CnvPlotExamples, WriteDocsImages) {
    const char* target = std::getenv("TROPIC_CNV_EXAMPLES");
    if (!target) GTEST_SKIP() << "set TROPIC_CNV_EXAMPLES=DIR to write the example pictures";
    std::vector<std::string> samples;
    for (int s = 1; s <= 12; ++s) samples.push_back("sample" + std::to_string(s));
    auto cohort = test::make_cohort(
        samples, {{"chr1", 400, 25000}, {"chr2", 300, 25000}, {"chr3", 250, 25000}},
        {{0, 2, 120, 131, 1},
         {0, 7, 124, 129, 0},
         {0, 4, 300, 318, 3},
         {1, 9, 40, 62, 4},
         {1, 0, 200, 204, 1},
         {2, 5, 100, 140, 3},
         {2, 11, 180, 186, 0}},
        1.0);
    for (PlotFormat format : {PlotFormat::Svg, PlotFormat::Png}) {
        if (format == PlotFormat::Png && !png_supported()) continue;
        test::TempDir temp("tropic-cnv-examples");
        PlotOptions options;
        options.format = format;
        CnvPlotWriter writer(temp.path().string(), options);
        cohort.run(writer);
        const std::string ext = format == PlotFormat::Png ? ".png" : ".svg";
        fs::copy_file(temp.path() / ("chr1_3000000_3300000" + ext),
                      fs::path(target) / ("cnv_region_example" + ext),
                      fs::copy_options::overwrite_existing);
        fs::copy_file(temp.path() / ("cn_heatmap" + ext),
                      fs::path(target) / ("cnv_heatmap_example" + ext),
                      fs::copy_options::overwrite_existing);
    }
}

}  // namespace
}  // namespace tropic::cnv
