// The dot-bracket record reader of eval and fold -C: layouts, chunks, .gz and stdin, and errors
// naming the file, the record and the position.
#include <gtest/gtest.h>

#include <string>
#include <vector>

#include "support/input_error.hpp"
#include "support/redirected_fd.hpp"
#include "support/samtools.hpp"
#include "support/temp_dir.hpp"
#include "tropic/core/error.hpp"
#include "tropic/rna/structure_records.hpp"

namespace tropic::rna {
namespace {

std::vector<StructureRecord> read_all(const std::string& path) {
    StructureRecordReader reader(path, SecondLine::Structure);
    std::vector<StructureRecord> records;
    StructureRecord record;
    while (reader.next(record)) records.push_back(record);
    EXPECT_EQ(reader.records_read(), records.size());
    return records;
}

std::string read_error(const std::string& path, SecondLine second_line = SecondLine::Structure) {
    return test::input_error_of([&] {
        StructureRecordReader reader(path, second_line);
        StructureRecord record;
        while (reader.next(record)) {
        }
    });
}

class StructureRecordsTest : public ::testing::Test {
  protected:
    std::string write(const std::string& name, const std::string& text) {
        return dir_.write(name, text);
    }
    test::TempDir dir_{"tropic-structures"};
};

TEST_F(StructureRecordsTest, NamedAndUnnamedRecords) {
    const auto path = write("in.txt",
                            ">hairpin extra words\nggGAAAcct\n(((...))) ( -1.20)\n\n"
                            "UUUUUUUUU\r\n.........  \r\n");
    const auto records = read_all(path);
    ASSERT_EQ(records.size(), 2u);
    EXPECT_EQ(records[0].name, "hairpin");
    EXPECT_EQ(records[0].sequence, "GGGAAACCU") << "upper case, T as U";
    EXPECT_EQ(records[0].structure, "(((...)))") << "the energy after the structure is ignored";
    EXPECT_EQ(records[1].name, "");
    EXPECT_EQ(records[1].sequence, "UUUUUUUUU");
    EXPECT_EQ(records[1].structure, ".........");
}

TEST_F(StructureRecordsTest, ChunksStopAtTheRecordOrResidueLimit) {
    std::string text;
    for (int k = 0; k < 5; ++k) text += ">r" + std::to_string(k) + "\nGGGAAACCC\n(((...)))\n";
    StructureRecordReader reader(write("in.txt", text), SecondLine::Structure);
    std::vector<StructureRecord> chunk;
    ASSERT_TRUE(reader.read_chunk(chunk, 2, 1000));
    EXPECT_EQ(chunk.size(), 2u) << "record limit";
    chunk.clear();
    ASSERT_TRUE(reader.read_chunk(chunk, 100, 10));
    EXPECT_EQ(chunk.size(), 2u) << "two records of 9 residues reach 10";
    EXPECT_EQ(chunk.back().name, "r3");
    chunk.clear();
    ASSERT_TRUE(reader.read_chunk(chunk, 100, 1000));
    EXPECT_EQ(chunk.size(), 1u);
    EXPECT_FALSE(reader.read_chunk(chunk, 100, 1000)) << "the input is exhausted";
    EXPECT_EQ(chunk.size(), 1u) << "nothing appended at the end";
}

TEST_F(StructureRecordsTest, GzipReadsAsPlainText) {
    const auto plain = write("in.txt", ">a\nGGGAAACCC\n(((...)))\n");
    if (!test::shell("gzip -c '" + plain + "' > '" + plain + ".gz'"))
        GTEST_SKIP() << "gzip is not installed";
    const auto records = read_all(plain + ".gz");
    ASSERT_EQ(records.size(), 1u);
    EXPECT_EQ(records[0].name, "a");
    EXPECT_EQ(records[0].structure, "(((...)))");
}

TEST_F(StructureRecordsTest, DashReadsStdin) {
    test::RedirectedFd redirect(0, write("in.txt", ">a\nGGGAAACCC\n(((...)))\n"));
    const auto records = read_all("-");
    ASSERT_EQ(records.size(), 1u);
    EXPECT_EQ(records[0].name, "a");
}

TEST_F(StructureRecordsTest, ErrorsNameFileRecordAndPosition) {
    EXPECT_EQ(read_error(write("bad.txt", ">a\nGGGAAACCC\n(((...)))\n>b\nGGXAAACCC\n.........\n")),
              dir_.path().string() +
                  "/bad.txt: record 2 ('b'): invalid character 'X' at "
                  "position 3 of the sequence");
    EXPECT_EQ(read_error(write("short.txt", "GGGAAACCC\n"), SecondLine::Constraint),
              dir_.path().string() +
                  "/short.txt: record 1: the sequence on line 1 has no constraint line");
    EXPECT_NE(
        read_error(write("name.txt", ">only a name\n")).find("a name line without a sequence"),
        std::string::npos);
    EXPECT_NE(read_error(write("text.txt", "GGGAAACCC\n(((...))) words\n"))
                  .find("unexpected text after the structure"),
              std::string::npos);
}

TEST_F(StructureRecordsTest, StdinIsNamedInMessages) {
    const auto path = write("bad.txt", "GGGAAACCC\n");
    test::RedirectedFd redirect(0, path);
    EXPECT_EQ(read_error("-"), "<stdin>: record 1: the sequence on line 1 has no structure line");
}

// A '>' line starts the next record: it is never read as the previous record's structure (or
// sequence), and the record that lacks one is named with the line of its sequence. A constraint
// line may start with '>' (RNAfold -C: paired upstream).
TEST_F(StructureRecordsTest, ANameLineIsNeverAStructureOrASequence) {
    const std::string dir = dir_.path().string();
    EXPECT_EQ(read_error(write("no_structure.txt", ">a\nGGGAAACCC\n\n>b\nGGGAAACCC\n(((...)))\n")),
              dir +
                  "/no_structure.txt: record 1 ('a'): the sequence on line 2 has no structure "
                  "line (line 4 starts the next record)");
    EXPECT_EQ(read_error(write("no_sequence.txt", ">a\n>b\nGGGAAACCC\n(((...)))\n")),
              dir + "/no_sequence.txt: record 1 ('a'): a name line without a sequence (line 1)");
    StructureRecordReader constraints(write("constraint.txt", ">a\nGGGAAACCC\n>>>...<<<\n"),
                                      SecondLine::Constraint);
    StructureRecord record;
    ASSERT_TRUE(constraints.next(record));
    EXPECT_EQ(record.structure, ">>>...<<<");
}

}  // namespace
}  // namespace tropic::rna
