// The R summaries behind cn.mops' normalisation against R 4.2 itself: values that
// tests/oracle/cnmops_stats/make_r_stats_cases.R computed with R on random vectors.
#include <gtest/gtest.h>

#include <cmath>
#include <fstream>
#include <sstream>
#include <string>
#include <vector>

#include "cnv/stats/r_summary.hpp"

namespace tropic::cnv::detail {
namespace {

std::vector<double> numbers(const std::string& list) {
    std::vector<double> out;
    std::stringstream in(list);
    std::string item;
    while (std::getline(in, item, ',')) out.push_back(std::stod(item));
    return out;
}

void expect_close(double expected, double actual, const char* what, int line) {
    EXPECT_LE(std::fabs(expected - actual), 1e-12 * std::max(1.0, std::fabs(expected)))
        << what << " on case line " << line << ": R " << expected << ", tropic " << actual;
}

TEST(RSummary, MatchesR42OnRecordedCases) {
    // Built in two steps: GCC 12 warns falsely (-Warray-bounds) on string + literal inlined here.
    std::string path = TROPIC_TEST_DATA_DIR;
    path += "/cnv/r_stats_cases.tsv";
    std::ifstream in(path);
    ASSERT_TRUE(in) << "tests/data/cnv/r_stats_cases.tsv is missing";
    std::string line;
    std::getline(in, line);  // header
    int line_number = 1, cases = 0;
    while (std::getline(in, line)) {
        ++line_number;
        std::stringstream fields(line);
        std::vector<std::string> f;
        std::string field;
        while (std::getline(fields, field, '\t')) f.push_back(field);
        ASSERT_EQ(f.size(), 8u) << "line " << line_number;
        const std::vector<double> x = numbers(f[7]);
        const double uut = std::stod(f[0]);
        expect_close(uut, r_quantile7(x, 0.95), "quantile(0.95)", line_number);
        const std::optional<double> mode = r_density_mode(x, uut);
        ASSERT_TRUE(mode.has_value()) << "line " << line_number;
        // The mode is a grid point: equal unless two grid densities tie within rounding.
        expect_close(std::stod(f[1]), *mode, "density mode", line_number);
        expect_close(std::stod(f[3]), r_quantile7(x, std::stod(f[2])), "quantile", line_number);
        expect_close(std::stod(f[4]), r_var(x), "var", line_number);
        expect_close(std::stod(f[5]), r_median(x), "median", line_number);
        expect_close(std::stod(f[6]), r_mean(x), "mean", line_number);
        ++cases;
    }
    EXPECT_GE(cases, 40);
}

TEST(RSummary, StatmodTakesTheSmallestOfTiedValues) {
    const std::vector<double> x{3, 1, 2, 3, 1, 5};
    EXPECT_EQ(r_statmod(x).value(), 1.0);
    EXPECT_FALSE(r_statmod(std::vector<double>{}).has_value());
}

TEST(RSummary, SeqEndsExactlyAtTo) {
    const std::vector<double> s = r_seq(0.1, 2.3456789, 333);
    ASSERT_EQ(s.size(), 333u);
    EXPECT_EQ(s.front(), 0.1);
    EXPECT_EQ(s.back(), 2.3456789);
    const double by = (2.3456789 - 0.1) / 332;
    for (std::size_t i = 1; i + 1 < s.size(); ++i)
        EXPECT_EQ(s[i], 0.1 + static_cast<double>(i) * by);
}

}  // namespace
}  // namespace tropic::cnv::detail
