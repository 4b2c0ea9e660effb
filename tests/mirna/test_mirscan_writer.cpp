// The mirscan layouts (BED6, GFF3, tsv, JSON lines) on hand-made candidates: coordinates, names,
// scores, escaping and missing values, to the byte. The feature columns are whatever
// feature_names gives: their text is built here from feature_vector and the number rule, which
// NumberText pins to the byte.
#include <gtest/gtest.h>

#include <algorithm>
#include <cmath>
#include <cstdint>
#include <limits>
#include <nlohmann/json.hpp>
#include <string>
#include <vector>

#include "mirna/format/feature_text.hpp"
#include "tropic/mirna/mirscan_writer.hpp"

namespace tropic::mirna {
namespace {

constexpr double kNaN = std::numeric_limits<double>::quiet_NaN();

std::string number(double value, std::string_view missing) {
    std::string out;
    detail::append_number(out, value, missing);
    return out;
}

// Hairpin features as hairpin_features would give them for a simple stem-loop of `pairs`
// stacked pairs (only what the layouts print matters here).
HairpinFeatures hand_features(std::uint32_t length, int mfe, double gc_percent,
                              std::uint32_t pairs) {
    HairpinFeatures f;
    f.length = length;
    f.mfe = mfe;
    f.amfe = mfe / 100.0 / length * 100;
    f.gc_percent = gc_percent;
    f.mfei = -f.amfe / gc_percent;
    f.base_pairs = pairs;
    f.longest_helix = pairs;
    f.terminal_loop = length - 2 * pairs;
    f.hairpin_loops = 1;
    f.complexity = 2.5;
    f.arms = {pairs, length - pairs};
    return f;
}

// A 12-nt "hairpin" at forward [100, 112) of chr1 on '-', merged from 3 windows, significant.
MirnaCandidate minus_candidate() {
    MirnaCandidate c;
    c.sequence_name = "chr1";
    c.start = 100;
    c.end = 112;
    c.strand = '-';
    c.sequence = "GGGAAAUCCCAU";
    c.structure = "(((....)))..";
    c.features.hairpin = hand_features(12, -12, 58.333333333333336, 3);
    c.features.significance = Significance{100, -3.5, 1.25, -2.25, 0.0099009900990099};
    c.passed_filter = true;
    c.score = 0.8125;
    c.windows = 3;
    return c;
}

// A candidate on '+' without significance (it did not pass the filter).
MirnaCandidate plus_candidate() {
    MirnaCandidate c;
    c.sequence_name = "scaffold_7";
    c.start = 0;
    c.end = 9;
    c.strand = '+';
    c.sequence = "GGGAAACCC";
    c.structure = "(((...)))";
    c.features.hairpin = hand_features(9, -10, 66.66666666666667, 3);
    c.score = 0.25;
    return c;
}

// The tsv cells of the candidate's features, tab-joined, each after a tab.
std::string tsv_feature_cells(const MirnaCandidate& c, bool with_reads) {
    std::string cells;
    for (double value : feature_vector(c.features, with_reads)) cells += "\t" + number(value, "NA");
    return cells;
}

std::size_t missing_features(const MirnaCandidate& c, bool with_reads) {
    std::size_t n = 0;
    for (double value : feature_vector(c.features, with_reads)) n += std::isnan(value) ? 1 : 0;
    return n;
}

TEST(MirscanNumberText, WholeNumbersSixDigitsAndMissing) {
    EXPECT_EQ(number(12, "NA"), "12");
    EXPECT_EQ(number(-3, "NA"), "-3");
    EXPECT_EQ(number(-0.0, "NA"), "0");
    EXPECT_EQ(number(1234567, "NA"), "1234567");
    EXPECT_EQ(number(-35.333333333, "NA"), "-35.3333");
    EXPECT_EQ(number(0.0099009900990099, "NA"), "0.00990099");
    EXPECT_EQ(number(0.5, "NA"), "0.5");
    EXPECT_EQ(number(1e-5, "NA"), "1e-05");
    EXPECT_EQ(number(kNaN, "NA"), "NA");
    EXPECT_EQ(number(kNaN, "null"), "null");
    EXPECT_EQ(number(std::numeric_limits<double>::infinity(), "."), ".");
}

TEST(MirscanNames, FormatsNamesAndScores) {
    EXPECT_EQ(format_name(MirscanFormat::Gff3), "gff3");
    for (std::string_view name : {"bed", "gff3", "tsv", "json"})
        EXPECT_EQ(format_name(*parse_mirscan_format(name)), name);
    EXPECT_FALSE(parse_mirscan_format("gff"));
    EXPECT_FALSE(parse_mirscan_format("BED"));
    EXPECT_EQ(candidate_name(minus_candidate()), "chr1:101-112:-");
    EXPECT_EQ(candidate_name(plus_candidate()), "scaffold_7:1-9:+");
    EXPECT_EQ(bed_score(0.8125), 813);  // 812.5 rounds away from zero
    EXPECT_EQ(bed_score(0.0004), 0);
    EXPECT_EQ(bed_score(0.9996), 1000);
    EXPECT_EQ(bed_score(1.5), 1000);
    EXPECT_EQ(bed_score(-0.2), 0);
    EXPECT_EQ(bed_score(kNaN), 0);
}

TEST(MirscanBed, SixColumnsZeroBasedHalfOpen) {
    std::string out;
    append_mirscan_header(out, MirscanFormat::Bed, false);
    EXPECT_EQ(out, "");
    append_mirscan_bed(out, minus_candidate());
    append_mirscan(out, MirscanFormat::Bed, plus_candidate(), false);
    EXPECT_EQ(out,
              "chr1\t100\t112\tchr1:101-112:-\t813\t-\n"
              "scaffold_7\t0\t9\tscaffold_7:1-9:+\t250\t+\n");
}

TEST(MirscanTsv, HeaderNamesEveryFeature) {
    for (bool with_reads : {false, true}) {
        std::string expected = "#chrom\tstart\tend\tname\tscore\tstrand\twindows\tpassed_filter";
        for (const std::string& name : feature_names(with_reads)) expected += "\t" + name;
        expected += "\tsequence\tstructure\n";
        std::string out;
        append_mirscan_header(out, MirscanFormat::Tsv, with_reads);
        EXPECT_EQ(out, expected) << "with_reads " << with_reads;
    }
    EXPECT_GT(feature_names(true).size(), feature_names(false).size());
}

TEST(MirscanTsv, OneLinePerCandidateOneBased) {
    const MirnaCandidate minus = minus_candidate();
    const MirnaCandidate plus = plus_candidate();
    std::string out;
    append_mirscan_tsv(out, minus, false);
    append_mirscan(out, MirscanFormat::Tsv, plus, false);
    EXPECT_EQ(out, "chr1\t101\t112\tchr1:101-112:-\t0.8125\t-\t3\t1" +
                       tsv_feature_cells(minus, false) + "\tGGGAAAUCCCAU\t(((....)))..\n" +
                       "scaffold_7\t1\t9\tscaffold_7:1-9:+\t0.25\t+\t1\t0" +
                       tsv_feature_cells(plus, false) + "\tGGGAAACCC\t(((...)))\n");
}

TEST(MirscanTsv, MissingSignificanceAndReadsAreNA) {
    const MirnaCandidate plus = plus_candidate();
    ASSERT_GT(missing_features(plus, false), 0u) << "significance features are NaN without it";
    ASSERT_GT(missing_features(plus, true), missing_features(plus, false)) << "and reads";
    std::string out;
    append_mirscan_tsv(out, plus, true);
    std::size_t na = 0;
    for (std::size_t at = out.find("\tNA"); at != std::string::npos; at = out.find("\tNA", at + 1))
        ++na;
    EXPECT_EQ(na, missing_features(plus, true));
    EXPECT_EQ(std::count(out.begin(), out.end(), '\t'), 9 + feature_names(true).size());
}

TEST(MirscanGff3, PreMirnaFeaturesAsAttributes) {
    const MirnaCandidate minus = minus_candidate();
    std::string expected =
        "##gff-version 3\nchr1\ttropic\tpre_miRNA\t101\t112\t0.8125\t-\t.\t"
        "ID=chr1:101-112:-;Name=chr1:101-112:-;windows=3;passed_filter=1";
    const std::vector<std::string> names = feature_names(false);
    const std::vector<double> values = feature_vector(minus.features, false);
    for (std::size_t i = 0; i < names.size(); ++i)
        if (!std::isnan(values[i])) expected += ";" + names[i] + "=" + number(values[i], "");
    expected +=
        ";structure=(((....))).."
        "\n";
    std::string out;
    append_mirscan_header(out, MirscanFormat::Gff3, false);
    append_mirscan(out, MirscanFormat::Gff3, minus, false);
    EXPECT_EQ(out, expected);
}

TEST(MirscanGff3, MissingValuesLeftOutAndTextEscaped) {
    MirnaCandidate plus = plus_candidate();
    plus.sequence_name = "chr 1;a=b,c&d%\t>";
    plus.score = kNaN;
    std::string out;
    append_mirscan_gff3(out, plus, true);
    const std::string seqid = "chr%201%3Ba%3Db%2Cc%26d%25%09%3E";
    const std::string name = "chr 1%3Ba%3Db%2Cc%26d%25%09>:1-9:+";
    EXPECT_EQ(out.substr(0, out.find("windows=")),
              seqid + "\ttropic\tpre_miRNA\t1\t9\t.\t+\t.\tID=" + name + ";Name=" + name + ";");
    const std::size_t attributes = std::count(out.begin(), out.end(), '=');
    EXPECT_EQ(attributes, 5 + feature_names(true).size() - missing_features(plus, true));
    EXPECT_EQ(out.substr(out.size() - 21), ";structure=(((...)))\n");
    EXPECT_EQ(std::count(out.begin(), out.end(), '\t'), 8);
}

TEST(MirscanJson, OneObjectPerLine) {
    const MirnaCandidate minus = minus_candidate();
    std::string out;
    append_mirscan_header(out, MirscanFormat::Json, false);
    EXPECT_EQ(out, "");
    append_mirscan(out, MirscanFormat::Json, minus, false);
    std::string features;
    const std::vector<std::string> names = feature_names(false);
    const std::vector<double> values = feature_vector(minus.features, false);
    for (std::size_t i = 0; i < names.size(); ++i)
        features += (i ? ",\"" : "\"") + names[i] + "\":" + number(values[i], "null");
    EXPECT_EQ(out,
              "{\"chrom\":\"chr1\",\"start\":101,\"end\":112,\"name\":\"chr1:101-112:-\","
              "\"score\":0.8125,\"strand\":\"-\",\"windows\":3,\"passed_filter\":true,"
              "\"features\":{" +
                  features +
                  "},\"sequence\":\"GGGAAAUCCCAU\",\"structure\":\"(((....))).."
                  "\"}\n");
}

TEST(MirscanJson, ParsesWithNullsForMissingValues) {
    MirnaCandidate plus = plus_candidate();
    plus.sequence_name = "odd \"name\"\\";
    std::string out;
    append_mirscan_json(out, plus, true);
    ASSERT_EQ(out.back(), '\n');
    const nlohmann::json parsed = nlohmann::json::parse(out);
    EXPECT_EQ(parsed["chrom"], "odd \"name\"\\");
    EXPECT_EQ(parsed["start"], 1);
    EXPECT_EQ(parsed["end"], 9);
    EXPECT_EQ(parsed["passed_filter"], false);
    EXPECT_EQ(parsed["features"].size(), feature_names(true).size());
    std::size_t nulls = 0;
    for (const auto& [key, value] : parsed["features"].items()) nulls += value.is_null() ? 1 : 0;
    EXPECT_EQ(nulls, missing_features(plus, true));
}

}  // namespace
}  // namespace tropic::mirna
