#include "tropic/core/sequence_reader.hpp"

#include <fcntl.h>
#include <gtest/gtest.h>
#include <stdlib.h>
#include <unistd.h>

#include <cstdlib>
#include <filesystem>
#include <fstream>

#include "support/temp_dir.hpp"
#include "tropic/core/error.hpp"

namespace fs = std::filesystem;

namespace tropic {
namespace {

class SequenceReaderTest : public ::testing::Test {
  protected:
    std::string write(const std::string& name, const std::string& text) {
        fs::path p = dir_ / name;
        std::ofstream(p, std::ios::binary) << text;
        return p.string();
    }

    // Compressed with the system's gzip (plain gzip, not BGZF); empty when gzip is missing.
    std::string write_gz(const std::string& name, const std::string& text) {
        std::string plain = write(name + ".plain", text);
        std::string gz = (dir_ / name).string();
        std::string command = "gzip -c '" + plain + "' > '" + gz + "' 2>/dev/null";
        if (std::system(command.c_str()) != 0) return {};
        return gz;
    }

    static std::vector<SequenceRecord> read_all(const std::string& path) {
        SequenceReader reader(path);
        std::vector<SequenceRecord> records;
        while (auto r = reader.next()) records.push_back(std::move(*r));
        return records;
    }

    // The message of the InputError that reading the whole file raises.
    static std::string read_error(const std::string& path) {
        try {
            read_all(path);
        } catch (const InputError& e) {
            return e.what();
        }
        ADD_FAILURE() << "no InputError for " << path;
        return {};
    }

    test::TempDir temp_{"tropic-reader"};
    const fs::path& dir_ = temp_.path();
};

TEST_F(SequenceReaderTest, ReadsMultiRecordMultiLineFasta) {
    auto path = write("a.fa", ">one first record\nACGU\nacgu\n\n>two\nGGGAAACCC\n>three\nttTT\n");
    auto records = read_all(path);
    ASSERT_EQ(records.size(), 3u);
    EXPECT_EQ(records[0].name, "one");
    EXPECT_EQ(records[0].residues, "ACGUACGU");
    EXPECT_EQ(records[1].name, "two");
    EXPECT_EQ(records[1].residues, "GGGAAACCC");
    EXPECT_EQ(records[2].residues, "UUUU");
}

TEST_F(SequenceReaderTest, KeepsIupacCodes) {
    auto records = read_all(write("iupac.fa", ">x\nnRyACGT\n"));
    ASSERT_EQ(records.size(), 1u);
    EXPECT_EQ(records[0].residues, "NRYACGU");
}

TEST_F(SequenceReaderTest, WindowsLineEndings) {
    auto records = read_all(write("crlf.fa", ">x\r\nACGU\r\nGG\r\n>y\r\nUU\r\n"));
    ASSERT_EQ(records.size(), 2u);
    EXPECT_EQ(records[0].name, "x");
    EXPECT_EQ(records[0].residues, "ACGUGG");
    EXPECT_EQ(records[1].residues, "UU");
}

TEST_F(SequenceReaderTest, EmptyRecordsAreValid) {
    auto records = read_all(write("empty_rec.fa", ">a\n>b\nACGU\n>c\n"));
    ASSERT_EQ(records.size(), 3u);
    EXPECT_EQ(records[0].name, "a");
    EXPECT_TRUE(records[0].residues.empty());
    EXPECT_EQ(records[1].residues, "ACGU");
    EXPECT_EQ(records[2].name, "c");
    EXPECT_TRUE(records[2].residues.empty());
}

TEST_F(SequenceReaderTest, RecordWithoutName) {
    auto records = read_all(write("noname.fa", ">\nACGU\n"));
    ASSERT_EQ(records.size(), 1u);
    EXPECT_EQ(records[0].name, "");
    EXPECT_EQ(records[0].residues, "ACGU");
}

TEST_F(SequenceReaderTest, EmptyFileHasNoRecords) {
    EXPECT_TRUE(read_all(write("empty.fa", "")).empty());
    EXPECT_TRUE(read_all(write("blank.fa", "\n\n  \n")).empty());
}

TEST_F(SequenceReaderTest, ReadsFastq) {
    auto path = write("r.fq", "@r1 x\nACGT\n+\nIIII\n@r2\nggcc\n+r2\n@III\n@r3\n\n+\n\n");
    auto records = read_all(path);
    ASSERT_EQ(records.size(), 3u);
    EXPECT_EQ(records[0].name, "r1");
    EXPECT_EQ(records[0].residues, "ACGU");
    EXPECT_EQ(records[1].name, "r2");
    EXPECT_EQ(records[1].residues, "GGCC");
    EXPECT_EQ(records[2].name, "r3");
    EXPECT_TRUE(records[2].residues.empty());
}

TEST_F(SequenceReaderTest, FastqQualityLengthMismatchNamesRecord) {
    auto message = read_error(write("bad.fq", "@r1\nACGU\n+\nIIII\n@r2\nACGU\n+\nII"));
    EXPECT_NE(message.find("bad.fq"), std::string::npos) << message;
    EXPECT_NE(message.find("record 2"), std::string::npos) << message;
    EXPECT_NE(message.find("'r2'"), std::string::npos) << message;
    EXPECT_NE(message.find("quality"), std::string::npos) << message;
}

TEST_F(SequenceReaderTest, TruncatedFastqNamesRecord) {
    auto message = read_error(write("trunc.fq", "@r1\nACGU\n+\nIIII\n@r2\nACGU\n"));
    EXPECT_NE(message.find("record 2"), std::string::npos) << message;
    EXPECT_NE(message.find("'r2'"), std::string::npos) << message;
    message = read_error(write("trunc2.fq", "@r1\nACGU\n+\n"));
    EXPECT_NE(message.find("record 1"), std::string::npos) << message;
}

TEST_F(SequenceReaderTest, ReadsGzip) {
    auto gz = write_gz("a.fa.gz", ">one\nACGT\nAC\n>two\nGGGAAACCC\n");
    if (gz.empty()) GTEST_SKIP() << "gzip is not installed";
    auto records = read_all(gz);
    ASSERT_EQ(records.size(), 2u);
    EXPECT_EQ(records[0].residues, "ACGUAC");
    EXPECT_EQ(records[1].name, "two");
}

TEST_F(SequenceReaderTest, ReadsGzipFastq) {
    auto gz = write_gz("r.fq.gz", "@r1\nACGT\n+\nIIII\n");
    if (gz.empty()) GTEST_SKIP() << "gzip is not installed";
    auto records = read_all(gz);
    ASSERT_EQ(records.size(), 1u);
    EXPECT_EQ(records[0].residues, "ACGU");
}

TEST_F(SequenceReaderTest, InvalidCharacterMessageNamesFileRecordAndPosition) {
    std::string path =
        write("input.fa", ">a\nACGU\n>b\nACGU\n>seq_x description\nACGUACGUACGU\nACGUXCGU\n");
    auto message = read_error(path);
    EXPECT_NE(message.find(path + ": record 3 ('seq_x'): invalid character 'X' at position 17"),
              std::string::npos)
        << message;
}

TEST_F(SequenceReaderTest, InvalidCharacterAfterGoodRecords) {
    SequenceReader reader(write("late.fa", ">a\nACGU\n>b\nAC-GU\n"));
    auto first = reader.next();
    ASSERT_TRUE(first);
    EXPECT_EQ(first->residues, "ACGU");
    try {
        reader.next();
        FAIL() << "no exception";
    } catch (const InputError& e) {
        std::string message = e.what();
        EXPECT_NE(message.find("record 2 ('b')"), std::string::npos) << message;
        EXPECT_NE(message.find("'-' at position 3"), std::string::npos) << message;
    }
}

TEST_F(SequenceReaderTest, NotFastaOrFastq) {
    auto message = read_error(write("plain.txt", "ACGUACGU\n"));
    EXPECT_NE(message.find("plain.txt"), std::string::npos) << message;
    EXPECT_NE(message.find("FASTA"), std::string::npos) << message;
}

TEST_F(SequenceReaderTest, MissingFileNamesFileAndReason) {
    std::string path = (dir_ / "does-not-exist.fa").string();
    try {
        SequenceReader reader(path);
        FAIL() << "no exception";
    } catch (const InputError& e) {
        std::string message = e.what();
        EXPECT_NE(message.find(path), std::string::npos) << message;
        EXPECT_NE(message.find("No such file"), std::string::npos) << message;
        EXPECT_EQ(e.code(), ExitCode::Input);
    }
}

TEST_F(SequenceReaderTest, ReadsStandardInput) {
    std::string path = write("stdin.fa", ">s\nacgt\n");
    int saved = ::dup(0);
    ASSERT_GE(saved, 0);
    int fd = ::open(path.c_str(), O_RDONLY);
    ASSERT_GE(fd, 0);
    ::dup2(fd, 0);
    ::close(fd);
    std::vector<SequenceRecord> records;
    try {
        records = read_all("-");
    } catch (...) {
        ::dup2(saved, 0);
        ::close(saved);
        throw;
    }
    ::dup2(saved, 0);
    ::close(saved);
    ASSERT_EQ(records.size(), 1u);
    EXPECT_EQ(records[0].name, "s");
    EXPECT_EQ(records[0].residues, "ACGU");
}

TEST_F(SequenceReaderTest, ReadChunkHonoursRecordLimit) {
    std::string text;
    for (int i = 0; i < 10; ++i) text += ">r" + std::to_string(i) + "\nACGUACGUAC\n";
    SequenceReader reader(write("ten.fa", text));
    std::vector<SequenceRecord> chunk;
    ASSERT_TRUE(reader.read_chunk(chunk, 4, 1000));
    EXPECT_EQ(chunk.size(), 4u);
    ASSERT_TRUE(reader.read_chunk(chunk, 4, 1000));
    EXPECT_EQ(chunk.size(), 8u) << "read_chunk appends";
    EXPECT_EQ(chunk[7].name, "r7");
    chunk.clear();
    ASSERT_TRUE(reader.read_chunk(chunk, 4, 1000));
    EXPECT_EQ(chunk.size(), 2u);
    EXPECT_EQ(reader.records_read(), 10u);
    EXPECT_FALSE(reader.read_chunk(chunk, 4, 1000));
    EXPECT_EQ(chunk.size(), 2u);
}

TEST_F(SequenceReaderTest, ReadChunkHonoursResidueLimit) {
    std::string text;
    for (int i = 0; i < 10; ++i) text += ">r" + std::to_string(i) + "\nACGUACGUAC\n";
    SequenceReader reader(write("ten.fa", text));
    std::vector<SequenceRecord> chunk;
    ASSERT_TRUE(reader.read_chunk(chunk, 100, 25));  // 10 + 10 < 25, 30 >= 25: stops at 3
    EXPECT_EQ(chunk.size(), 3u);
    chunk.clear();
    ASSERT_TRUE(reader.read_chunk(chunk, 100, 5));  // a record longer than the cap still comes
    EXPECT_EQ(chunk.size(), 1u);
    EXPECT_EQ(chunk[0].name, "r3");
    chunk.clear();
    ASSERT_TRUE(reader.read_chunk(chunk, 100, 1000));
    EXPECT_EQ(chunk.size(), 6u);
    EXPECT_FALSE(reader.read_chunk(chunk, 100, 1000));
}

TEST_F(SequenceReaderTest, ReadChunkOnEmptyFile) {
    SequenceReader reader(write("empty.fa", ""));
    std::vector<SequenceRecord> chunk;
    EXPECT_FALSE(reader.read_chunk(chunk, 10, 10));
    EXPECT_TRUE(chunk.empty());
    EXPECT_FALSE(reader.next());
}

TEST_F(SequenceReaderTest, ReportsPath) {
    std::string path = write("p.fa", ">a\nA\n");
    SequenceReader reader(path);
    EXPECT_EQ(reader.path(), path);
}

}  // namespace
}  // namespace tropic
