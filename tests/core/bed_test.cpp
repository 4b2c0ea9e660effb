#include "tropic/core/bed.hpp"

#include <gtest/gtest.h>

#include <filesystem>

#include "support/read_all.hpp"
#include "support/redirected_fd.hpp"
#include "support/samtools.hpp"
#include "support/temp_dir.hpp"
#include "tropic/core/error.hpp"

namespace fs = std::filesystem;

namespace tropic {
namespace {

class BedTest : public ::testing::Test {
  protected:
    std::string write(const std::string& name, const std::string& text) {
        const std::string path = (temp_.path() / name).string();
        test::write_text(path, text);
        return path;
    }
    std::string path(const std::string& name) const { return (temp_.path() / name).string(); }

    static std::vector<BedRecord> read_all(const std::string& path) {
        return test::read_all<BedReader>(path);
    }
    static std::string read_error(const std::string& path) {
        return test::read_error<BedReader>(path);
    }

    test::TempDir temp_{"tropic-bed"};
};

const std::string kBed =
    "chr1\t100\t200\n"
    "chr1\t150\t150\tinsertion\n"
    "chr2\t0\t50\tpeak1\t960\n"
    "chr2\t10\t20\tgene\t0\t-\n"
    "chrX\t5\t9\tblock\t.\t+\t5\t9\t255,0,0\t1\t4\t0\n";

TEST_F(BedTest, ReadsBed3ToBed6AndExtraColumns) {
    auto records = read_all(write("a.bed", kBed));
    ASSERT_EQ(records.size(), 5u);
    EXPECT_EQ(records[0], (BedRecord{"chr1", 100, 200, {}, {}, {}, {}}));
    EXPECT_EQ(records[1].start, records[1].end) << "an empty interval is valid";
    EXPECT_EQ(records[1].name, "insertion");
    EXPECT_FALSE(records[1].score);
    EXPECT_EQ(records[2].score, "960");
    EXPECT_FALSE(records[2].strand);
    EXPECT_EQ(records[3].strand, '-');
    EXPECT_EQ(records[4].score, ".");
    std::vector<std::string> extra{"5", "9", "255,0,0", "1", "4", "0"};
    EXPECT_EQ(records[4].extra, extra);
}

TEST_F(BedTest, SkipsHeadersCommentsAndBlankLines) {
    auto records = read_all(write("h.bed",
                                  "browser position chr1:1-1000\r\n"
                                  "track name=peaks description=\"x\"\n"
                                  "track\n"
                                  "# a comment\n"
                                  "\n"
                                  "   \n"
                                  "chr1\t1\t2\r\n"
                                  "tracked\t3\t4\n"));
    ASSERT_EQ(records.size(), 2u);
    EXPECT_EQ(records[0], (BedRecord{"chr1", 1, 2, {}, {}, {}, {}})) << "CRLF";
    EXPECT_EQ(records[1].chrom, "tracked") << "only the word 'track' starts a track line";
}

TEST_F(BedTest, ReportsLineNumbers) {
    BedReader reader(write("n.bed", "# header\nchr1\t1\t2\n\nchr1\t3\t4\n"));
    ASSERT_TRUE(reader.next());
    EXPECT_EQ(reader.line_number(), 2u);
    ASSERT_TRUE(reader.next());
    EXPECT_EQ(reader.line_number(), 4u);
    EXPECT_FALSE(reader.next());
}

TEST_F(BedTest, ReadsGzip) {
    write("a.bed", kBed);
    if (!test::shell("gzip -c '" + path("a.bed") + "' > '" + path("a.bed.gz") + "'"))
        GTEST_SKIP() << "gzip is not installed";
    EXPECT_EQ(read_all(path("a.bed.gz")), read_all(path("a.bed")));
}

TEST_F(BedTest, ReadsStandardInput) {
    write("a.bed", kBed);
    std::vector<BedRecord> records;
    {
        test::RedirectedFd stdin_from(0, path("a.bed"));
        records = read_all("-");
    }
    EXPECT_EQ(records, read_all(path("a.bed")));
}

TEST_F(BedTest, ErrorsNameFileLineAndColumn) {
    struct Case {
        std::string text;
        std::string says;
    };
    const std::vector<Case> cases = {
        {"chr1\t10\n", "line 2, column 3: 2 column(s); BED needs chrom, start and end"},
        {"chr1 10 20\n",
         "line 2, column 2: 1 column(s); BED needs chrom, start and end "
         "(columns are separated by tabs)"},
        {"chr1\tten\t20\n", "line 2, column 2: start 'ten' is not a non-negative integer"},
        {"chr1\t-5\t20\n", "line 2, column 2: start '-5' is not a non-negative integer"},
        {"chr1\t10\t2x\n", "line 2, column 3: end '2x' is not a non-negative integer"},
        {"chr1\t10\t\n", "line 2, column 3: end '' is not a non-negative integer"},
        {"chr1\t200\t100\n", "line 2, column 3: end 100 is before start 200"},
        {"chr1\t1\t2\tn\t0\tx\n", "line 2, column 6: strand 'x' is not '+', '-' or '.'"},
        {"\t1\t2\n", "line 2, column 1: the chromosome name is empty"},
        {"chr1\t0\t800\tfeature\r\r\r\n",
         "line 2, column 4: a carriage return inside the line (only its end may be \\r\\n)"},
        {"chr\r1\t0\t8\r\n", "line 2, column 1: a carriage return inside the line"},
        {"chr1\t0\t8\tn\t0\t+\tx\ry\n", "line 2, column 7: a carriage return inside the line"},
    };
    for (const Case& c : cases) {
        const std::string file = write("bad.bed", "chr1\t0\t1\n" + c.text);
        const std::string message = read_error(file);
        EXPECT_NE(message.find(file + ": " + c.says), std::string::npos)
            << "expected '" << c.says << "' in: " << message;
    }
}

TEST_F(BedTest, MissingFile) {
    const std::string message = read_error(path("missing.bed"));
    EXPECT_NE(message.find(path("missing.bed")), std::string::npos) << message;
    EXPECT_NE(message.find("No such file"), std::string::npos) << message;
}

TEST_F(BedTest, FormatsLines) {
    EXPECT_EQ(format_bed_line({"chr1", 0, 10, {}, {}, {}, {}}), "chr1\t0\t10");
    EXPECT_EQ(format_bed_line({"chr1", 0, 10, "a", {}, {}, {}}), "chr1\t0\t10\ta");
    EXPECT_EQ(format_bed_line({"chr1", 0, 10, {}, {}, '-', {}}), "chr1\t0\t10\t.\t.\t-")
        << "absent columns before a present one are '.'";
    EXPECT_EQ(format_bed_line({"chr1", 0, 10, "a", "5", {}, {"x", "y"}}),
              "chr1\t0\t10\ta\t5\t.\tx\ty");
}

TEST_F(BedTest, WriteReadRoundTrip) {
    auto records = read_all(write("a.bed", kBed));
    {
        BedWriter writer(path("out.bed"));
        for (const BedRecord& record : records) writer.write(record);
        EXPECT_FALSE(fs::exists(path("out.bed"))) << "visible before close()";
        writer.close();
    }
    EXPECT_EQ(test::read_text(path("out.bed")), kBed);
    EXPECT_EQ(read_all(path("out.bed")), records);
}

TEST_F(BedTest, WritesStandardOutput) {
    {
        test::RedirectedFd stdout_to(1, path("stdout.bed"));
        BedWriter writer("-");
        writer.write({"chr1", 1, 2, "n", {}, {}, {}});
        writer.close();
    }
    EXPECT_EQ(test::read_text(path("stdout.bed")), "chr1\t1\t2\tn\n");
}

TEST_F(BedTest, BadRecordIsAnInputErrorAndLeavesNoFile) {
    const std::vector<BedRecord> bad = {
        {"", 1, 2, {}, {}, {}, {}},         {"chr1", -1, 2, {}, {}, {}, {}},
        {"chr1", 5, 2, {}, {}, {}, {}},     {"chr1", 1, 2, {}, {}, 'x', {}},
        {"chr1", 1, 2, "a\tb", {}, {}, {}}, {"chr1", 1, 2, {}, {}, {}, {"line\nbreak"}},
    };
    for (const BedRecord& record : bad) {
        try {
            BedWriter writer(path("out.bed"));
            writer.write({"chr1", 0, 1, {}, {}, {}, {}});
            writer.write(record);
            writer.close();
            ADD_FAILURE() << "no InputError for " << format_bed_line(record);
        } catch (const InputError& e) {
            EXPECT_NE(std::string(e.what()).find(path("out.bed") + ": record 2: "),
                      std::string::npos)
                << e.what();
        }
        EXPECT_FALSE(fs::exists(path("out.bed")));
    }
    EXPECT_EQ(std::distance(fs::directory_iterator(temp_.path()), fs::directory_iterator()), 0)
        << "temporary files left behind";
}

}  // namespace
}  // namespace tropic
